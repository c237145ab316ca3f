/**
 * `job_applications` and their events, which this module owns: the tracker's rows. For now a
 * right swipe saves the job here (the swipes module calls `saveJobToApplications` in its
 * transaction); the tracker's screens and API build on this module.
 *
 * An application is a paid row: only this module creates one, in the transaction that pays for
 * it (or as demo data). Users cannot insert one through /rest/v1 and may update only the columns
 * they write by hand (notes, additional_context, cover_letter, applied_at; migration
 * 20261125001410); they log events freely, and events move the status.
 */
import type { Queryable } from '../../platform/db/pool.ts'

/**
 * The user's application for the job: the one they already track (the oldest), else a new one
 * in status SAVED, the tracker's first stage. SAVED is the column's default and no event sets
 * it: events (the status rule of migration 20261121001400) only move an application on from it.
 */
export async function saveJobToApplications(
  db: Queryable,
  userId: string,
  jobId: string,
): Promise<string> {
  // One statement (a right swipe sends it in the same round trip as its swipe, issue 21): the
  // application that tracks the job already, or a new one.
  const result = await db.query<{ id: string }>(
    `with existing as (
       select id from public.job_applications
       where user_id = $1 and job_id = $2
       order by created_at, id
       limit 1
     ),
     saved as (
       insert into public.job_applications (user_id, job_id, status)
       select $1, $2, 'SAVED'
       where not exists (select 1 from existing)
       returning id
     )
     select id from existing union all select id from saved`,
    [userId, jobId],
  )
  return result.rows[0]!.id
}

/** The application a right swipe saved the job to (or that the user tracks it in now). */
export async function findApplicationId(
  db: Queryable,
  userId: string,
  jobId: string,
): Promise<string | null> {
  const result = await db.query<{ id: string }>(
    `select id from public.job_applications
     where user_id = $1 and job_id = $2
     order by created_at, id
     limit 1`,
    [userId, jobId],
  )
  return result.rows[0]?.id ?? null
}

/** An application the user tracks, as the tracker records one (the demo data's stories). */
export async function insertApplication(
  tx: Queryable,
  application: { userId: string; jobId: string; notes: string | null; createdAt: Date },
): Promise<string> {
  const result = await tx.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id, notes, created_at)
     values ($1, $2, $3, $4) returning id`,
    [application.userId, application.jobId, application.notes, application.createdAt],
  )
  return result.rows[0]!.id
}

/**
 * An event of an application (spec section 3: interview_invitation, offer_received,
 * rejection_received, …). Statuses follow from events through the database's status rule
 * (migration 20261121001400), as in real use.
 */
export async function recordApplicationEvent(
  tx: Queryable,
  event: {
    applicationId: string
    userId: string
    type: string
    payload: Record<string, unknown>
    createdAt: Date
  },
): Promise<void> {
  await tx.query(
    `insert into public.job_application_events (job_application_id, user_id, type, payload, created_at)
     values ($1, $2, $3, $4, $5)`,
    [event.applicationId, event.userId, event.type, event.payload, event.createdAt],
  )
}
