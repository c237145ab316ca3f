import { CoverLetterStateSchema, type JobCard } from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

/**
 * `GET /api/job-applications/:id/cover-letter`: the cover letter a right swipe prepares in the
 * background. Asked again every 1.5 s while it is queued or being prepared, then no more.
 */
export const coverLetterKeys = {
  progress: (applicationId: string) => ['cover-letter', applicationId] as const,
}

const PREPARING_POLL_MS = 1500

/** A job the user just saved, and the application the swipe created for it. */
export type SavedApplication = { applicationId: string; job: JobCard }

export function coverLetterProgressQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: coverLetterKeys.progress(applicationId),
    queryFn: ({ signal }) =>
      apiRequest(`job-applications/${encodeURIComponent(applicationId)}/cover-letter`, {
        schema: CoverLetterStateSchema,
        signal,
      }),
    // null: nothing is being prepared (the server runs no background jobs), so nothing to wait for.
    refetchInterval: (query) => {
      const data = query.state.data
      return data && data.status !== 'queued' && data.status !== 'preparing'
        ? false
        : PREPARING_POLL_MS
    },
  })
}
