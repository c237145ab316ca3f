/**
 * The reads and writes other modules need to attach something that happened to one of the
 * user's applications: the inbound-email module matches a forwarded employer email against
 * these (company and title of the job as saved) and records the event it reads from it.
 */
import type { Queryable } from '../../platform/db/pool.ts'

export type ApplicationCandidate = {
  id: string
  status: string
  company: string | null
  title: string | null
  applyUrl: string | null
  createdAt: Date
}

/** Every application the user tracks, newest first, with its job's company, title and link. */
export async function listApplicationCandidates(
  db: Queryable,
  userId: string,
): Promise<ApplicationCandidate[]> {
  const result = await db.query<ApplicationCandidate>(
    `select id, status, job_company_name as company, job_title as title,
            job_apply_url as "applyUrl", created_at as "createdAt"
     from public.job_applications_with_job
     where user_id = $1
     order by created_at desc, id`,
    [userId],
  )
  return result.rows
}

/** One of the user's applications, or null when they have no application with this id. */
export async function findApplicationCandidate(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<ApplicationCandidate | null> {
  const result = await db.query<ApplicationCandidate>(
    `select id, status, job_company_name as company, job_title as title,
            job_apply_url as "applyUrl", created_at as "createdAt"
     from public.job_applications_with_job
     where user_id = $1 and id = $2`,
    [userId, applicationId],
  )
  return result.rows[0] ?? null
}
