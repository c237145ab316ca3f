import {
  CreditsResponseSchema,
  JobCountResponseSchema,
  JobDetailResponseSchema,
  JobListResponseSchema,
  type JobSearchParams,
  jobSearchToQueryString,
} from '@app/contracts'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { creditKeys, jobKeys, type JobQuery } from './query-keys'

/**
 * The jobs pages' reads as TanStack Query options, one factory per call (spec section 7):
 * `GET /api/jobs` (cursor pages), `GET /api/jobs/count`, `GET /api/jobs/:id`, `GET /api/credits`.
 */

function withQuery(path: string, params: JobSearchParams): string {
  const query = jobSearchToQueryString(params)
  return query ? `${path}?${query}` : path
}

export function jobListQueryOptions(query: JobQuery) {
  return infiniteQueryOptions({
    queryKey: jobKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery('jobs', { ...query, cursor: pageParam }), {
        schema: JobListResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })
}

export function jobCountQueryOptions(query: JobQuery) {
  return queryOptions({
    queryKey: jobKeys.count(query),
    queryFn: ({ signal }) =>
      apiRequest(withQuery('jobs/count', query), { schema: JobCountResponseSchema, signal }),
  })
}

export function jobDetailQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: ({ signal }) =>
      apiRequest(`jobs/${encodeURIComponent(jobId)}`, { schema: JobDetailResponseSchema, signal }),
    select: (response) => response.job,
  })
}

export function creditsQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.all,
    queryFn: ({ signal }) => apiRequest('credits', { schema: CreditsResponseSchema, signal }),
  })
}
