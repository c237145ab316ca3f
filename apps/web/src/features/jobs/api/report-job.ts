import { type JobReportRequest, JobReportResponseSchema } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { dropReportedJob } from './deck-cache'
import { jobKeys } from './query-keys'

export type ReportJobVariables = { jobId: string; report: JobReportRequest }

/**
 * `POST /api/jobs/:id/reports`: the reason, the details and the filters in use. Once recorded,
 * the job leaves the deck and the list at once; the server leaves it out for this user from
 * then on, so the counts are read again (and a list the job emptied, for its next page).
 */
export function useReportJob() {
  return useMutation({
    mutationFn: ({ jobId, report }: ReportJobVariables) =>
      apiRequest(`jobs/${encodeURIComponent(jobId)}/reports`, {
        method: 'POST',
        body: report,
        schema: JobReportResponseSchema,
      }),
    // Not awaited: the thanks need not wait for the refreshes.
    onSuccess: (_answer, { jobId }, _result, { client }) => {
      const emptiedList = dropReportedJob(client, jobId)
      void client.invalidateQueries({ queryKey: jobKeys.counts() })
      if (emptiedList) {
        void client.invalidateQueries({ queryKey: jobKeys.lists() })
      }
    },
  })
}
