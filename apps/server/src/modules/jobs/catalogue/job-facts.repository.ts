/** A job as a cover letter and a match report read it (issue 14): the catalogue row's facts. */
import type { Queryable } from '../../../platform/db/pool.ts'

export type JobLetterRow = {
  id: string
  title: string
  company_name: string | null
  location: string | null
  description: string | null
  skills: string[]
  apply_url: string | null
}

export async function findJobForLetter(db: Queryable, jobId: string): Promise<JobLetterRow | null> {
  const result = await db.query<JobLetterRow>(
    `select id, title, company_name, location, description, skills, apply_url
     from public.jobs where id = $1`,
    [jobId],
  )
  return result.rows[0] ?? null
}
