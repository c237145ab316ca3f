/**
 * The push module's tables (ADR 0032): `push_subscriptions` (one row per device),
 * `push_preferences` (one row per user once a switch changed; none means every kind on) and
 * `push_deliveries` (what was sent under a dedupe key).
 */
import { PUSH_KINDS, type PushKind, type PushPreferences } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type StoredSubscription = {
  id: string
  endpoint: string
  p256dh: string
  auth: string
}

/** Saves a device's subscription; an endpoint seen before moves to this user with new keys. */
export async function upsertSubscription(
  db: Queryable,
  subscription: {
    userId: string
    endpoint: string
    p256dh: string
    auth: string
    userAgent: string | null
  },
): Promise<void> {
  await db.query(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
     values ($1, $2, $3, $4, $5)
     on conflict (endpoint) do update
       set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
           user_agent = excluded.user_agent`,
    [
      subscription.userId,
      subscription.endpoint,
      subscription.p256dh,
      subscription.auth,
      subscription.userAgent,
    ],
  )
}

export async function deleteUserSubscription(
  db: Queryable,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await db.query(
    'delete from public.push_subscriptions where user_id = $1 and endpoint = $2',
    [userId, endpoint],
  )
  return (result.rowCount ?? 0) > 0
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('delete from public.push_subscriptions where id = $1', [id])
}

export async function markSubscriptionUsed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('update public.push_subscriptions set last_sent_at = $2 where id = $1', [id, now])
}

export async function listUserSubscriptions(
  db: Queryable,
  userId: string,
): Promise<StoredSubscription[]> {
  const result = await db.query<StoredSubscription>(
    `select id, endpoint, p256dh, auth from public.push_subscriptions
     where user_id = $1 order by created_at limit 20`,
    [userId],
  )
  return result.rows
}

export async function countUserSubscriptions(db: Queryable, userId: string): Promise<number> {
  const result = await db.query<{ count: number }>(
    'select count(*)::int as count from public.push_subscriptions where user_id = $1',
    [userId],
  )
  return result.rows[0]?.count ?? 0
}

const COLUMNS: Record<PushKind, string> = {
  jobAlerts: 'job_alerts',
  followUpReminders: 'follow_up_reminders',
  interviewTomorrow: 'interview_tomorrow',
  analysisVideoReady: 'analysis_video_ready',
}

const SELECT_PREFERENCES = PUSH_KINDS.map((kind) => `${COLUMNS[kind]} as "${kind}"`).join(', ')

export const DEFAULT_PREFERENCES: PushPreferences = {
  jobAlerts: true,
  followUpReminders: true,
  interviewTomorrow: true,
  analysisVideoReady: true,
}

export async function findPreferences(db: Queryable, userId: string): Promise<PushPreferences> {
  const result = await db.query<PushPreferences>(
    `select ${SELECT_PREFERENCES} from public.push_preferences where user_id = $1`,
    [userId],
  )
  return result.rows[0] ?? DEFAULT_PREFERENCES
}

export async function savePreferences(
  db: Queryable,
  userId: string,
  changes: Partial<PushPreferences>,
): Promise<PushPreferences> {
  const merged = { ...(await findPreferences(db, userId)), ...changes }
  const values = PUSH_KINDS.map((kind) => merged[kind])
  const result = await db.query<PushPreferences>(
    `insert into public.push_preferences (user_id, ${PUSH_KINDS.map((kind) => COLUMNS[kind]).join(', ')})
     values ($1, $2, $3, $4, $5)
     on conflict (user_id) do update set
       ${PUSH_KINDS.map((kind) => `${COLUMNS[kind]} = excluded.${COLUMNS[kind]}`).join(', ')}
     returning ${SELECT_PREFERENCES}`,
    [userId, ...values],
  )
  return result.rows[0]!
}

/** Records a delivery under its key; false when one was already recorded. */
export async function claimDelivery(
  db: Queryable,
  userId: string,
  dedupeKey: string,
): Promise<boolean> {
  const result = await db.query(
    `insert into public.push_deliveries (user_id, dedupe_key) values ($1, $2)
     on conflict do nothing`,
    [userId, dedupeKey],
  )
  return (result.rowCount ?? 0) > 0
}

/** Forgets deliveries older than `before` (their occasions are long past). */
export async function deleteOldDeliveries(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from public.push_deliveries where created_at < $1', [before])
}
