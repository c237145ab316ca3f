/**
 * The SQL of the table this module owns: `calendar_feeds` (each user's private feed, by the
 * SHA-256 digest of its token). Migration 20261126005000.
 */
import type { Queryable } from '../../platform/db/pool.ts'

export type FeedRow = { createdAt: string }

export async function findFeed(db: Queryable, userId: string): Promise<FeedRow | null> {
  const result = await db.query<FeedRow>(
    `select to_json(updated_at)#>>'{}' as "createdAt" from public.calendar_feeds where user_id = $1`,
    [userId],
  )
  return result.rows[0] ?? null
}

/** A first feed for the user; null when they have one already (its token is not kept). */
export async function insertFeed(
  db: Queryable,
  userId: string,
  tokenHash: string,
): Promise<FeedRow | null> {
  const result = await db.query<FeedRow>(
    `insert into public.calendar_feeds (user_id, token_hash) values ($1, $2)
     on conflict (user_id) do nothing
     returning to_json(updated_at)#>>'{}' as "createdAt"`,
    [userId, tokenHash],
  )
  return result.rows[0] ?? null
}

/** Sets the user's token (a first one or a replacement: the old one stops at once). */
export async function replaceFeed(db: Queryable, userId: string, tokenHash: string) {
  const result = await db.query<FeedRow>(
    `insert into public.calendar_feeds (user_id, token_hash) values ($1, $2)
     on conflict (user_id) do update set token_hash = excluded.token_hash, updated_at = now()
     returning to_json(updated_at)#>>'{}' as "createdAt"`,
    [userId, tokenHash],
  )
  return result.rows[0]!
}

export async function deleteFeed(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query('delete from public.calendar_feeds where user_id = $1', [userId])
  return (result.rowCount ?? 0) > 0
}

export async function findUserByTokenHash(
  db: Queryable,
  tokenHash: string,
): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    'select user_id from public.calendar_feeds where token_hash = $1',
    [tokenHash],
  )
  return result.rows[0]?.user_id ?? null
}
