/**
 * Per-user limits of the product API's expensive calls (issue 12, finding S5): a route calls
 * `limitUser(reply, userId, bucket)` once it knows the user, and past the bucket's limit the
 * answer is 429 `over_request_rate_limit` with `Retry-After`. Counted per user (not per IP:
 * many users share an address behind a proxy or a carrier's NAT) in fixed windows in
 * PostgreSQL, so every server process shares the count. A window costs at most twice its limit
 * across a boundary; a request costs one upsert.
 *
 * Buckets are named here with their defaults, documented in docs/security/prices-and-limits.md;
 * a new expensive call picks one (or adds its own line) and calls `limitUser` in its route.
 */
import type { FastifyReply } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { fixedWindow, limitOutcome, type RateLimitOutcome } from '../../platform/fixed-window.ts'
import { countHit, deleteEndedWindows } from './api-rate-limits.repository.ts'

export const API_RATE_LIMITS = {
  /** POST /api/swipes: twice a brisk human pace (a card a second), each one a transaction. */
  swipes: { limit: 120, windowSeconds: 60 },
  /** Requests that queue a resume analysis (POST /api/professional-profiles, later /analyze). */
  analyses: { limit: 10, windowSeconds: 60 * 60 },
  /** Generated content: cover letters, analysis videos (their issues). */
  generation: { limit: 20, windowSeconds: 60 * 60 },
  /** Practice interviews started (their issue). */
  interviews: { limit: 10, windowSeconds: 60 * 60 },
  /** Referral invitations sent by email (POST /api/referrals): each one is an email to a stranger. */
  invitations: { limit: 20, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, { limit: number; windowSeconds: number }>

export type ApiRateLimitBucket = keyof typeof API_RATE_LIMITS

/** What a route is given: counts one request of the user, or throws 429 (with Retry-After). */
export type LimitUser = (
  reply: FastifyReply,
  userId: string,
  bucket: ApiRateLimitBucket,
) => Promise<void>

export type ApiRateLimitDeps = {
  db: Database
  now: Clock
  /** `API_RATE_LIMITS` of the configuration; off, nothing is counted or refused. */
  enabled: boolean
}

/** Counts one request of `userId` against `bucket` in the window containing `now`. */
export async function countUserRequest(
  db: Database,
  bucket: ApiRateLimitBucket,
  userId: string,
  now: Date,
): Promise<RateLimitOutcome> {
  const { limit, windowSeconds } = API_RATE_LIMITS[bucket]
  const window = fixedWindow(now, windowSeconds)
  let hits: number
  try {
    hits = await countHit(db, {
      userId,
      bucket,
      windowStart: window.start,
      windowEnd: window.end,
    })
  } catch (error) {
    // The counter row refers to the user: none means a deleted account's token is still out.
    if ((error as { code?: string }).code === '23503') {
      throw new AppError('not_authenticated', 'Not authenticated: the account no longer exists')
    }
    throw error
  }
  if (hits === 1) {
    await deleteEndedWindows(db, now)
  }
  return limitOutcome(hits, limit, window, now)
}

/**
 * Counts one request of `userId` against `bucket`; past the limit sets `Retry-After` and throws
 * 429 `over_request_rate_limit`. The wiring binds `deps` and hands routes a `LimitUser`.
 */
export async function limitUserRequest(
  deps: ApiRateLimitDeps,
  reply: FastifyReply,
  userId: string,
  bucket: ApiRateLimitBucket,
): Promise<void> {
  if (!deps.enabled) {
    return
  }
  const outcome = await countUserRequest(deps.db, bucket, userId, deps.now())
  if (!outcome.allowed) {
    const { limit, windowSeconds } = API_RATE_LIMITS[bucket]
    const { retryAfterSeconds } = outcome
    reply.header('retry-after', String(retryAfterSeconds))
    throw new AppError(
      'over_request_rate_limit',
      `Too many requests: at most ${limit} every ${describeWindow(windowSeconds)}. Try again in ${retryAfterSeconds} seconds.`,
      { details: { bucket, limit, windowSeconds, retryAfterSeconds } },
    )
  }
}

function describeWindow(seconds: number): string {
  if (seconds % 3600 === 0) {
    return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`
  }
  if (seconds % 60 === 0) {
    return seconds === 60 ? 'minute' : `${seconds / 60} minutes`
  }
  return `${seconds} seconds`
}
