/**
 * The tracker's statistics, computed in SQL over one user's applications and their events.
 * Weeks are ISO weeks (Monday to Sunday) in UTC.
 */
import type { ApplicationStats } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

/** The events that are the employer's answer to an application. */
export const EMPLOYER_EVENT_TYPES = [
  'interview_invitation',
  'interview_scheduled',
  'offer_received',
  'rejection_received',
]
/** The events that mean the application got at least to an interview. */
export const INTERVIEW_EVENT_TYPES = [
  'interview_invitation',
  'interview_scheduled',
  'offer_received',
]

export const STATS_WEEKS = 12

export async function computeApplicationStats(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<ApplicationStats> {
  const weeks = await db.query<{ weekStart: string; saved: number; applied: number }>(
    `with week as (
       select generate_series(
         date_trunc('week', $2::timestamptz at time zone 'UTC') - make_interval(weeks => $3 - 1),
         date_trunc('week', $2::timestamptz at time zone 'UTC'),
         interval '1 week') as start
     )
     select to_char(week.start, 'YYYY-MM-DD') as "weekStart",
            (select count(*)::integer from public.job_applications as application
             where application.user_id = $1
               and application.created_at at time zone 'UTC' >= week.start
               and application.created_at at time zone 'UTC' < week.start + interval '1 week') as saved,
            (select count(*)::integer from public.job_applications as application
             where application.user_id = $1
               and application.applied_at at time zone 'UTC' >= week.start
               and application.applied_at at time zone 'UTC' < week.start + interval '1 week') as applied
     from week
     order by week.start`,
    [userId, now, STATS_WEEKS],
  )
  const totals = await db.query<{
    total: number
    applied: number
    responded: number
    interviewed: number
    medianDays: number | null
  }>(
    `with application as (
       select application.id, application.applied_at,
              (select min(event.created_at) from public.job_application_events as event
               where event.job_application_id = application.id and event.user_id = $1
                 and event.type = any($2::text[])) as first_response,
              exists (select 1 from public.job_application_events as event
                      where event.job_application_id = application.id and event.user_id = $1
                        and event.type = any($3::text[])) as interviewed
       from public.job_applications as application
       where application.user_id = $1
     )
     select count(*)::integer as total,
            count(*) filter (where applied_at is not null)::integer as applied,
            count(*) filter (where applied_at is not null and first_response is not null)::integer
              as responded,
            count(*) filter (where applied_at is not null and interviewed)::integer as interviewed,
            (percentile_cont(0.5) within group (order by
               greatest(0, extract(epoch from (first_response - applied_at)) / 86400))
             filter (where applied_at is not null and first_response is not null))::float8
              as "medianDays"
     from application`,
    [userId, EMPLOYER_EVENT_TYPES, INTERVIEW_EVENT_TYPES],
  )
  const row = totals.rows[0]!
  const rate = (count: number) => (row.applied === 0 ? null : count / row.applied)
  return {
    weeks: weeks.rows,
    total: row.total,
    applied: row.applied,
    responded: row.responded,
    interviewed: row.interviewed,
    responseRate: rate(row.responded),
    interviewRate: rate(row.interviewed),
    medianDaysToFirstResponse:
      row.medianDays === null ? null : Math.round(row.medianDays * 10) / 10,
  }
}
