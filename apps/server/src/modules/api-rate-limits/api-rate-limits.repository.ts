/**
 * SQL of `public.api_rate_limit_counters` (migration 20261125001420): one row per user, bucket
 * and fixed window, counted by one atomic upsert so that every server process shares the count.
 */
import type { Queryable } from '../../platform/db/pool.ts'

/** Adds one hit of `userId` to `bucket` in the window [windowStart, windowEnd); the hits now. */
export async function countHit(
  db: Queryable,
  hit: { userId: string; bucket: string; windowStart: Date; windowEnd: Date },
): Promise<number> {
  const result = await db.query<{ hits: number }>(
    `insert into public.api_rate_limit_counters as counter
       (user_id, bucket, window_start, window_end, hits)
     values ($1, $2, $3, $4, 1)
     on conflict (user_id, bucket, window_start) do update set hits = counter.hits + 1
     returning hits`,
    [hit.userId, hit.bucket, hit.windowStart, hit.windowEnd],
  )
  return result.rows[0]?.hits ?? 1
}

/**
 * Removes a batch of counters whose window has ended. Run when a window starts, it keeps pace
 * with the rows being added; rows another process is already deleting are skipped, not waited for.
 */
export async function deleteEndedWindows(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `delete from public.api_rate_limit_counters
     where ctid = any (array(
       select ctid from public.api_rate_limit_counters
       where window_end <= $1
       limit 100
       for update skip locked
     ))`,
    [now],
  )
}
