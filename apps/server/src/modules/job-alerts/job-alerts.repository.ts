/**
 * `job_alerts`: a user's saved filter sets, mailed as a daily digest of new matching jobs
 * (job-alert-digests.ts). Every function here acts for one owner.
 */
import type { JobAlert, JobFilters } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

type JobAlertRow = {
  id: string
  name: string
  filters: JobFilters
  q: string | null
  frequency: 'DAILY'
  last_sent_at: Date | null
  created_at: Date
}

const COLUMNS = 'id, name, filters, q, frequency, last_sent_at, created_at'

function toJobAlert(row: JobAlertRow): JobAlert {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    q: row.q,
    frequency: row.frequency,
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }
}

/**
 * Saves an alert unless the user already keeps `limit` of them (null then). The owner's alerts
 * are locked first, so two requests at once cannot both slip under the limit.
 */
export async function insertJobAlert(
  tx: Queryable,
  alert: { userId: string; name: string; filters: JobFilters; q: string | null; limit: number },
): Promise<JobAlert | null> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('job_alerts'), hashtext($1))`, [
    alert.userId,
  ])
  const result = await tx.query<JobAlertRow>(
    `insert into public.job_alerts (user_id, name, filters, q)
     select $1, $2, $3, $4
     where (select count(*) from public.job_alerts where user_id = $1) < $5
     returning ${COLUMNS}`,
    [alert.userId, alert.name, alert.filters, alert.q, alert.limit],
  )
  const row = result.rows[0]
  return row ? toJobAlert(row) : null
}

export async function listJobAlerts(db: Queryable, userId: string): Promise<JobAlert[]> {
  const result = await db.query<JobAlertRow>(
    `select ${COLUMNS} from public.job_alerts where user_id = $1 order by created_at desc, id`,
    [userId],
  )
  return result.rows.map(toJobAlert)
}

/** True when the user had this alert. */
export async function deleteJobAlert(db: Queryable, userId: string, id: string): Promise<boolean> {
  const result = await db.query('delete from public.job_alerts where id = $1 and user_id = $2', [
    id,
    userId,
  ])
  return (result.rowCount ?? 0) > 0
}

/** One of the user's alerts as a saved search (`GET /api/jobs?alertId=…`), or null. */
export async function findJobAlertSearch(
  db: Queryable,
  userId: string,
  id: string,
): Promise<{ filters: unknown; q: string | null } | null> {
  const result = await db.query<{ filters: unknown; q: string | null }>(
    'select filters, q from public.job_alerts where id = $1 and user_id = $2',
    [id, userId],
  )
  return result.rows[0] ?? null
}

export type DueAlert = {
  id: string
  user_id: string
  name: string
  filters: unknown
  q: string | null
  since: Date
}

/** Up to `limit` alerts not mailed since `dayStart`, the longest waiting first. */
export async function listDueAlertIds(
  db: Queryable,
  dayStart: Date,
  limit: number,
): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select id from public.job_alerts
     where last_sent_at is null or last_sent_at < $1
     order by last_sent_at nulls first, id
     limit $2`,
    [dayStart, limit],
  )
  return result.rows.map((row) => row.id)
}

/**
 * Locks the alert if it is still due (not mailed since `dayStart`) and no other process holds
 * it; null otherwise. `since` is when its last digest went (or when it was saved).
 */
export async function lockDueAlert(
  tx: Queryable,
  id: string,
  dayStart: Date,
): Promise<DueAlert | null> {
  const result = await tx.query<DueAlert>(
    `select id, user_id, name, filters, q, coalesce(last_sent_at, created_at) as since
     from public.job_alerts
     where id = $1 and (last_sent_at is null or last_sent_at < $2)
     for update skip locked`,
    [id, dayStart],
  )
  return result.rows[0] ?? null
}

export async function markAlertSent(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query('update public.job_alerts set last_sent_at = $2 where id = $1', [id, at])
}
