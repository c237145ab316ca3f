/**
 * Follow-up reminders' reads and writes: `job_application_reminder_settings` (one row per user;
 * no row: the default; `follow_up_after_days` null: off) and the APPLIED applications that
 * have been quiet for the user's number of days.
 */
import { DEFAULT_FOLLOW_UP_AFTER_DAYS } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

/** The user's setting: days, or null when off. */
export async function findFollowUpAfterDays(db: Queryable, userId: string): Promise<number | null> {
  const result = await db.query<{ days: number | null }>(
    `select follow_up_after_days as days
     from public.job_application_reminder_settings where user_id = $1`,
    [userId],
  )
  const row = result.rows[0]
  return row ? row.days : DEFAULT_FOLLOW_UP_AFTER_DAYS
}

export async function saveFollowUpAfterDays(
  db: Queryable,
  userId: string,
  days: number | null,
): Promise<number | null> {
  const result = await db.query<{ days: number | null }>(
    `insert into public.job_application_reminder_settings (user_id, follow_up_after_days)
     values ($1, $2)
     on conflict (user_id) do update set follow_up_after_days = excluded.follow_up_after_days
     returning follow_up_after_days as days`,
    [userId, days],
  )
  return result.rows[0]!.days
}

export type DueReminder = {
  applicationId: string
  userId: string
  jobTitle: string | null
  company: string | null
  /** Whole days since the application's last event (or since it was added). */
  daysQuiet: number
  /** The start of the current quiet period, YYYY-MM-DD (the dedupe key's date). */
  periodStart: string
}

/**
 * APPLIED applications whose last event (or creation, for one imported with old events) is at
 * least N days before `now`, N the owner's setting (default 7; none when off). The quiet time is
 * cut into periods of N days; `periodStart` is the start of the period `now` falls in, so each
 * period has one reminder at most.
 */
export async function listDueReminders(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<DueReminder[]> {
  const result = await db.query<DueReminder>(
    `with quiet as (
       select application.id, application.user_id, application.job_title,
              application.job_company_name,
              greatest(application.latest_event_at, application.created_at) as quiet_since,
              coalesce(settings.follow_up_after_days, $2::integer) as days
       from public.job_applications_with_job as application
       left join public.job_application_reminder_settings as settings
         on settings.user_id = application.user_id
       where application.status = 'APPLIED'
         and (settings.user_id is null or settings.follow_up_after_days is not null)
     ),
     due as (
       select quiet.*,
              floor(extract(epoch from ($1 - quiet_since)) / 86400)::integer as days_quiet,
              ((quiet_since + make_interval(days => days * floor(
                extract(epoch from ($1 - quiet_since)) / (days * 86400))::integer))
                at time zone 'UTC')::date as period_start
       from quiet
       where quiet_since <= $1 - make_interval(days => days)
     )
     select due.id as "applicationId", due.user_id as "userId", due.job_title as "jobTitle",
            due.job_company_name as company, due.days_quiet as "daysQuiet",
            to_char(due.period_start, 'YYYY-MM-DD') as "periodStart"
     from due
     join public.job_applications as application on application.id = due.id
     where application.follow_up_reminded_for is distinct from due.period_start
     order by due.quiet_since, due.id
     limit $3`,
    [now, DEFAULT_FOLLOW_UP_AFTER_DAYS, limit],
  )
  return result.rows
}

/** Notes that the reminder of this quiet period went out (in the transaction queuing it). */
export async function markReminded(
  tx: Queryable,
  applicationId: string,
  periodStart: string,
): Promise<void> {
  await tx.query(
    `update public.job_applications set follow_up_reminded_for = $2::date where id = $1`,
    [applicationId, periodStart],
  )
}
