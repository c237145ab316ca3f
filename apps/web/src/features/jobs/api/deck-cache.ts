import type { JobCard } from '@app/contracts'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import {
  type CardPosition,
  findCard,
  type JobPages,
  TOP_OF_DECK,
  withCardAt,
  withoutCard,
} from '../lib/job-pages'
import { jobKeys } from './query-keys'

/**
 * The deck is the cached job lists: a swipe takes its card out of every cached list at once
 * (the same job may sit in several filter sets), and a refusal puts it back where it was.
 */

/** Where a card was taken from, per cached list: what `restoreCard` needs. */
export type RemovedCard = {
  job: JobCard
  from: Array<{ queryKey: QueryKey; position: CardPosition }>
}

export function removeCard(queryClient: QueryClient, job: JobCard): RemovedCard {
  const from: RemovedCard['from'] = []
  for (const [queryKey, pages] of queryClient.getQueriesData<JobPages>({
    queryKey: jobKeys.lists(),
  })) {
    const position = pages && findCard(pages, job.id)
    if (position) {
      from.push({ queryKey, position })
      queryClient.setQueryData<JobPages>(queryKey, withoutCard(pages, job.id))
    }
  }
  return { job, from }
}

export function restoreCard(queryClient: QueryClient, removed: RemovedCard): void {
  for (const { queryKey, position } of removed.from) {
    queryClient.setQueryData<JobPages>(
      queryKey,
      (pages) => pages && withCardAt(pages, removed.job, position),
    )
  }
}

/**
 * A reported job leaves every cached list for good (the server no longer lists it for its
 * reporter). True when that emptied a list, which then needs its next page.
 */
export function dropReportedJob(queryClient: QueryClient, jobId: string): boolean {
  let emptiedList = false
  for (const [queryKey, pages] of queryClient.getQueriesData<JobPages>({
    queryKey: jobKeys.lists(),
  })) {
    if (pages && findCard(pages, jobId)) {
      const remaining = withoutCard(pages, jobId)
      queryClient.setQueryData<JobPages>(queryKey, remaining)
      emptiedList ||= remaining.pages.every((page) => page.jobs.length === 0)
    }
  }
  return emptiedList
}

/** An undone pass: the card goes back on top of the list it was passed in. */
export function putCardOnTop(queryClient: QueryClient, queryKey: QueryKey, job: JobCard): void {
  queryClient.setQueryData<JobPages>(
    queryKey,
    (pages) => pages && withCardAt(pages, job, TOP_OF_DECK),
  )
}
