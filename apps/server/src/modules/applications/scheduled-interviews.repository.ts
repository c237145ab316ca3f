/**
 * The scheduled interviews of a user (`job_application_events` of type `interview_scheduled`),
 * with what the calendar needs of their application: title and company (from the job snapshot),
 * status. Read by the calendar module (an `.ics` per interview, the private feed).
 */
import type { Queryable } from '../../platform/db/pool.ts'

export type ScheduledInterview = {
  eventId: string
  jobApplicationId: string
  applicationStatus: string
  title: string | null
  company: string | null
  /** The event's payload as stored (checked by the database: date, time, timeZone, …). */
  payload: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
}

const SELECT = `
  select e.id as "eventId", e.job_application_id as "jobApplicationId",
         a.status as "applicationStatus", a.job_snapshot->>'title' as title,
         a.job_snapshot->>'company' as company, e.payload,
         e.created_at as "createdAt", e.updated_at as "updatedAt"
  from public.job_application_events e
  join public.job_applications a on a.id = e.job_application_id and a.user_id = e.user_id
  where e.user_id = $1 and e.type = 'interview_scheduled'`

/** One interview of the user's application, or null (not theirs, not an interview). */
export async function findScheduledInterview(
  db: Queryable,
  userId: string,
  applicationId: string,
  eventId: string,
): Promise<ScheduledInterview | null> {
  const result = await db.query<ScheduledInterview>(
    `${SELECT} and e.job_application_id = $2 and e.id = $3`,
    [userId, applicationId, eventId],
  )
  return result.rows[0] ?? null
}

/** The user's interviews whose day is on or after `fromDay` (YYYY-MM-DD), soonest first. */
export async function listScheduledInterviews(
  db: Queryable,
  userId: string,
  fromDay: string,
  limit = 500,
): Promise<ScheduledInterview[]> {
  const result = await db.query<ScheduledInterview>(
    `${SELECT} and (e.payload->>'date') >= $2
     order by e.payload->>'date', e.payload->>'time', e.id limit $3`,
    [userId, fromDay, limit],
  )
  return result.rows
}

export type UpcomingInterview = ScheduledInterview & { userId: string }

/**
 * Every user's interviews on one of `days` (YYYY-MM-DD, the interview's own local date) whose
 * application is still open: what the "interview tomorrow" notification looks at.
 */
export async function listInterviewsOnDays(
  db: Queryable,
  days: string[],
  limit = 2000,
): Promise<UpcomingInterview[]> {
  const result = await db.query<UpcomingInterview>(
    `select e.id as "eventId", e.job_application_id as "jobApplicationId", e.user_id as "userId",
            a.status as "applicationStatus", a.job_snapshot->>'title' as title,
            a.job_snapshot->>'company' as company, e.payload,
            e.created_at as "createdAt", e.updated_at as "updatedAt"
     from public.job_application_events e
     join public.job_applications a on a.id = e.job_application_id and a.user_id = e.user_id
     where e.type = 'interview_scheduled' and (e.payload->>'date') = any($1::text[])
       and a.status not in ('REJECTED', 'WITHDRAWN')
     order by e.payload->>'date', e.id limit $2`,
    [days, limit],
  )
  return result.rows
}
