import type { JobFilters } from '@app/contracts'
import { useInfiniteQuery, useIsMutating, useQuery } from '@tanstack/react-query'
import { jobCountQueryOptions, jobListQueryOptions } from '../api/job-queries'
import type { JobQuery } from '../api/query-keys'
import { SWIPE_MUTATION_KEY } from '../api/query-keys'
import { jobsOf } from '../lib/job-pages'
import { useDeckActions } from './use-deck-actions'

/** The props of a view of the results (the swipe deck, the list). */
export type JobResultsProps = {
  query: JobQuery
  /** The filters in force (for a report), whether named in the URL or the onboarding defaults. */
  filters: JobFilters
  onOpenFilters: () => void
}

/**
 * The results of a search as the deck and the list show them: the pages of jobs, how many match,
 * the jobs loaded and not yet swiped, Save / Pass / undo, and whether more are on their way
 * (a page loading or left to load, a swipe in flight).
 */
export function useJobResults(query: JobQuery) {
  const jobs = useInfiniteQuery(jobListQueryOptions(query))
  const count = useQuery(jobCountQueryOptions(query))
  const loaded = jobsOf(jobs.data)
  const actions = useDeckActions(query)
  const swipesInFlight = useIsMutating({ mutationKey: SWIPE_MUTATION_KEY })
  const isRefilling = jobs.isFetching || jobs.hasNextPage || swipesInFlight > 0
  return { jobs, count, loaded, actions, isRefilling }
}
