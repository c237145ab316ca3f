import { type JobReportRequest, JobReportResponseSchema } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

export type ReportJobVariables = { jobId: string; report: JobReportRequest }

/** `POST /api/jobs/:id/reports`: the reason, the details and the filters in use. */
export function useReportJob() {
  return useMutation({
    mutationFn: ({ jobId, report }: ReportJobVariables) =>
      apiRequest(`jobs/${encodeURIComponent(jobId)}/reports`, {
        method: 'POST',
        body: report,
        schema: JobReportResponseSchema,
      }),
  })
}
