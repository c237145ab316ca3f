import type pg from 'pg'
import { enqueueEmail } from '../src/modules/email/index.ts'

/**
 * Test support for the account's whole-user operations (delete, export): the rows a user of the
 * product has in most public tables, written as the database owner.
 */
export async function insertRowsOfUser(
  pool: pg.Pool,
  user: { id: string; email: string },
  jobId: string,
  /** The link in the queued email (the export test checks that links never leave). */
  emailLink = 'https://example.com/upload',
): Promise<void> {
  const { id } = user
  await pool.query(
    `with application as (
       insert into public.job_applications (user_id, job_id) values ($1, $2) returning id
     )
     insert into public.job_application_events (job_application_id, user_id, type)
     select id, $1, 'interview_invitation' from application`,
    [id, jobId],
  )
  await pool.query(`insert into public.interviews (user_id, audio_path) values ($1, $2)`, [
    id,
    `${id}/interview.mp3`,
  ])
  await pool.query(
    `insert into public.professional_profiles (user_id, resume_path) values ($1, $2)`,
    [id, `${id}/cv.pdf`],
  )
  await pool.query(
    `insert into public.swipes (user_id, job_id, direction) values ($1, $2, 'RIGHT')`,
    [id, jobId],
  )
  await pool.query(
    `insert into public.job_reports (job_id, reason, reported_by) values ($1, 'SPAM', $2)`,
    [jobId, id],
  )
  await pool.query(
    `insert into public.resume_analyses (user_id, source, linkedin_url)
     values ($1, 'linkedin', 'https://www.linkedin.com/in/someone')`,
    [id],
  )
  await enqueueEmail(pool, {
    userId: id,
    to: user.email,
    template: 'resume_upload_link',
    data: { link: emailLink },
  })
}
