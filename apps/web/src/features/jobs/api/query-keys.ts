import type { JobSearchParams } from '@app/contracts'

/** What one list or count is asked: the filters, free text and defaults, without paging. */
export type JobQuery = Omit<JobSearchParams, 'cursor' | 'limit'>

/**
 * The jobs feature's cache keys, apart from the queries and the swipe that use them: the swipe
 * defaults registered at the app's start need them without the contracts those modules parse
 * with (issue 21). They nest under `['jobs']` so one invalidation can reach every list or every
 * count.
 */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => [...jobKeys.all, 'list'] as const,
  list: (query: JobQuery) => [...jobKeys.lists(), query] as const,
  counts: () => [...jobKeys.all, 'count'] as const,
  count: (query: JobQuery) => [...jobKeys.counts(), query] as const,
  detail: (jobId: string) => [...jobKeys.all, 'detail', jobId] as const,
}

export const creditKeys = { all: ['credits'] as const }

/** Every swipe runs under this key: `useIsMutating` tells whether one is still on its way. */
export const SWIPE_MUTATION_KEY = [...jobKeys.all, 'swipe'] as const
