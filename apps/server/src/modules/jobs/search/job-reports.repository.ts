import type { JobFilters, JobReport, JobReportReason } from '@app/contracts'
import type { Queryable } from '../../../platform/db/pool.ts'

/**
 * `job_reports`: a user flags a job (spec section 3). The server inserts as the user
 * (`reported_by`); moderation reads the table with the service role.
 */
type JobReportRow = {
  id: string
  job_id: string
  reason: JobReportReason
  details: string
  filters: JobFilters | null
  created_at: Date
}

export type NewJobReport = {
  jobId: string
  reportedBy: string
  reason: JobReportReason
  details: string
  filters: JobFilters | null
}

/** The report, or null when no job has this id. */
export async function insertJobReport(
  db: Queryable,
  report: NewJobReport,
): Promise<JobReport | null> {
  const result = await db.query<JobReportRow>(
    `insert into public.job_reports (job_id, reason, details, filters, reported_by)
     select j.id, $2, $3, $4, $5 from public.jobs as j where j.id = $1
     returning id, job_id, reason, details, filters, created_at`,
    [report.jobId, report.reason, report.details, report.filters, report.reportedBy],
  )
  const row = result.rows[0]
  return row
    ? {
        id: row.id,
        jobId: row.job_id,
        reason: row.reason,
        details: row.details,
        filters: row.filters,
        createdAt: row.created_at.toISOString(),
      }
    : null
}
