/**
 * SQL of the swipes feature: the `swipes` rows, the jobs they point at and the application a
 * right swipe saves the job to.
 */
import type { Swipe, SwipeDirection } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import { openJobCondition } from '../job-catalogue/index.ts'

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

/** A job the deck may show: in the catalogue and open. */
export async function isOpenJob(db: Queryable, jobId: string, now: Date): Promise<boolean> {
  const result = await db.query(
    `select 1 from public.jobs as job where job.id = $1 and ${openJobCondition('job', '$2')}`,
    [jobId, now],
  )
  return result.rowCount === 1
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
  const existing = await findApplicationId(db, userId, jobId)
  if (existing) {
    return existing
  }
  const result = await db.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id, status)
     values ($1, $2, 'SAVED')
     returning id`,
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

export function toSwipeJson(row: SwipeRow): Swipe {
  return {
    id: row.id,
    jobId: row.job_id,
    direction: row.direction,
    creditCost: row.credit_cost,
    createdAt: row.created_at.toISOString(),
  }
}
