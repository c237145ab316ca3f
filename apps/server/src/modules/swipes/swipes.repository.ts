/**
 * SQL of the swipes feature: the `swipes` rows, the jobs they point at and the application a
 * right swipe saves the job to.
 */
import type { Swipe, SwipeDirection } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type SwipeRow = {
  id: string
  user_id: string
  job_id: string
  direction: SwipeDirection
  credit_cost: number
  idempotency_key: string | null
  created_at: Date
}

const SWIPE_COLUMNS = 'id, user_id, job_id, direction, credit_cost, idempotency_key, created_at'

/**
 * The search condition "the user has not swiped this job", for the jobs module's queries, which
 * must leave swiped jobs out of the deck without naming this module's table themselves.
 *
 * @param jobId the job id expression in the query, e.g. `j.id`
 * @param userId the placeholder of the user's id, e.g. `$3`
 */
export function notSwipedCondition(jobId: string, userId: string): string {
  return `not exists (select 1 from public.swipes as s where s.user_id = ${userId} and s.job_id = ${jobId})`
}

/**
 * Records the swipe, or nothing (null) when the user already swiped this job or already used
 * this idempotency key. A concurrent insert with the same job or key waits for the other
 * transaction and then finds its row, so a swipe is recorded once.
 */
export async function insertSwipe(
  db: Queryable,
  swipe: {
    userId: string
    jobId: string
    direction: SwipeDirection
    creditCost: number
    idempotencyKey: string | null
  },
): Promise<SwipeRow | null> {
  const result = await db.query<SwipeRow>(
    `insert into public.swipes (user_id, job_id, direction, credit_cost, idempotency_key)
     values ($1, $2, $3, $4, $5)
     on conflict do nothing
     returning ${SWIPE_COLUMNS}`,
    [swipe.userId, swipe.jobId, swipe.direction, swipe.creditCost, swipe.idempotencyKey],
  )
  return result.rows[0] ?? null
}

export async function findSwipeByKey(
  db: Queryable,
  userId: string,
  idempotencyKey: string,
): Promise<SwipeRow | null> {
  const result = await db.query<SwipeRow>(
    `select ${SWIPE_COLUMNS} from public.swipes where user_id = $1 and idempotency_key = $2`,
    [userId, idempotencyKey],
  )
  return result.rows[0] ?? null
}

export async function findSwipe(
  db: Queryable,
  userId: string,
  swipeId: string,
): Promise<SwipeRow | null> {
  const result = await db.query<SwipeRow>(
    `select ${SWIPE_COLUMNS} from public.swipes where user_id = $1 and id = $2`,
    [userId, swipeId],
  )
  return result.rows[0] ?? null
}

/** Deletes the swipe if it is a left one; true when it did. */
export async function deleteLeftSwipe(
  db: Queryable,
  userId: string,
  swipeId: string,
): Promise<boolean> {
  const result = await db.query(
    `delete from public.swipes where user_id = $1 and id = $2 and direction = 'LEFT'`,
    [userId, swipeId],
  )
  return result.rowCount === 1
}

export function toSwipeJson(row: SwipeRow): Swipe {
  return {
    id: row.id,
    jobId: row.job_id,
    direction: row.direction,
    creditCost: row.credit_cost,
    createdAt: row.created_at.toISOString(),
  }
}
