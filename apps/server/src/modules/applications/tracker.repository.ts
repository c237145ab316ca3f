/**
 * The tracker's reads and writes of `job_applications` and `job_application_feedback`: the
 * additional context, feedback, and applications added by hand. Every statement names the user,
 * so another user's application is simply not found.
 */
import type { JobSnapshot } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type AdditionalContextRow = {
  jobApplicationId: string
  value: string | null
  updatedAt: string
}

export async function findAdditionalContext(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<AdditionalContextRow | null> {
  const result = await db.query<AdditionalContextRow>(
    `select id as "jobApplicationId", additional_context as value,
            to_json(updated_at)#>>'{}' as "updatedAt"
     from public.job_applications where id = $1 and user_id = $2`,
    [applicationId, userId],
  )
  return result.rows[0] ?? null
}

export async function updateAdditionalContext(
  db: Queryable,
  userId: string,
  applicationId: string,
  value: string | null,
): Promise<AdditionalContextRow | null> {
  const result = await db.query<AdditionalContextRow>(
    `update public.job_applications set additional_context = $3
     where id = $1 and user_id = $2
     returning id as "jobApplicationId", additional_context as value,
               to_json(updated_at)#>>'{}' as "updatedAt"`,
    [applicationId, userId, value],
  )
  return result.rows[0] ?? null
}

export type FeedbackRow = {
  id: string
  jobApplicationId: string
  subject: 'cover_letter' | 'match_report'
  rating: number
  reasons: string[]
  comment: string | null
  createdAt: string
}

/** The feedback, or null when the user has no such application. */
export async function insertFeedback(
  db: Queryable,
  feedback: {
    userId: string
    applicationId: string
    subject: string
    rating: number
    reasons: string[]
    comment: string | null
  },
): Promise<FeedbackRow | null> {
  const result = await db.query<FeedbackRow>(
    `insert into public.job_application_feedback
       (job_application_id, user_id, subject, rating, reasons, comment)
     select application.id, application.user_id, $3, $4, $5, $6
     from public.job_applications as application
     where application.id = $1 and application.user_id = $2
     returning id, job_application_id as "jobApplicationId", subject, rating, reasons, comment,
               to_json(created_at)#>>'{}' as "createdAt"`,
    [
      feedback.applicationId,
      feedback.userId,
      feedback.subject,
      feedback.rating,
      feedback.reasons,
      feedback.comment,
    ],
  )
  return result.rows[0] ?? null
}

/** The user's latest feedback on what was prepared for an application, newest first. */
export async function listFeedback(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<FeedbackRow[]> {
  const result = await db.query<FeedbackRow>(
    `select id, job_application_id as "jobApplicationId", subject, rating, reasons, comment,
            to_json(created_at)#>>'{}' as "createdAt"
     from public.job_application_feedback
     where job_application_id = $1 and user_id = $2
     order by created_at desc, id desc`,
    [applicationId, userId],
  )
  return result.rows
}

/** What the user said about their latest letters, across applications, newest first. */
export async function listRecentLetterFeedback(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<Pick<FeedbackRow, 'rating' | 'reasons' | 'comment' | 'createdAt'>[]> {
  const result = await db.query<Pick<FeedbackRow, 'rating' | 'reasons' | 'comment' | 'createdAt'>>(
    `select rating, reasons, comment, to_json(created_at)#>>'{}' as "createdAt"
     from public.job_application_feedback
     where user_id = $1 and subject = 'cover_letter'
     order by created_at desc, id desc
     limit $2`,
    [userId, limit],
  )
  return result.rows
}

export type CreatedApplicationRow = {
  id: string
  status: 'SAVED'
  jobSnapshot: JobSnapshot
  createdAt: string
}

/** An application for a job found elsewhere: no catalogue job, only its snapshot. */
export async function insertApplicationByHand(
  db: Queryable,
  userId: string,
  snapshot: JobSnapshot,
): Promise<CreatedApplicationRow> {
  const result = await db.query<CreatedApplicationRow>(
    `insert into public.job_applications (user_id, job_id, status, job_snapshot)
     values ($1, null, 'SAVED', $2)
     returning id, status, job_snapshot as "jobSnapshot",
               to_json(created_at)#>>'{}' as "createdAt"`,
    [userId, snapshot],
  )
  return result.rows[0]!
}
