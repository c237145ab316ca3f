/**
 * What a product API route module (`/api`, spec section 7) is given: the database, the clock,
 * `requireUser` (the bearer token's user or 401) and `sendJob` (queue work in the caller's
 * transaction). The `/api` plugin in `http/product-api.ts` builds one of these per app; each
 * module's `register…Routes(app, deps)` declares the part it uses, plus anything of another
 * module's public face that it needs.
 */
import type { FastifyRequest } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Clock } from './clock.ts'
import type { Database, Queryable } from './db/pool.ts'
import { rememberRequestUser } from './error-reporting.ts'
import { AppError } from './errors/app-error.ts'
import { pgBossDb } from './job-queue.ts'
import {
  createJwtVerifier,
  describeJwtFailure,
  type VerificationKey,
} from './keys/jwt-verification.ts'
import type { CheckSession } from './session-check.ts'

export type ApiUser = {
  id: string
  email: string | null
  isAnonymous: boolean
  /** The bearer token as sent, for calls made on the user's behalf. */
  accessToken: string
  /** The `x-refresh-token` header, when the client sent it. */
  refreshToken: string | null
  /** The token's `amr` claim: how and when (epoch seconds) the session was authenticated. */
  amr: { method: string; timestamp: number }[]
}

/** Queues a job in the caller's transaction: it exists only if that transaction commits. */
export type SendJob = (tx: Queryable, queue: string, data: object) => Promise<string>

export type ProductApiContext = {
  db: Database
  now: Clock
  /**
   * Verifies a bearer header: the user, or 401 `not_authenticated`; a token whose session
   * ended 401 `session_not_found` or `session_expired`, a banned user 403 `user_banned`, and an
   * aal1 session of a user with a verified second factor 403 `insufficient_aal`.
   */
  requireUser: (request: FastifyRequest) => Promise<ApiUser>
  sendJob: SendJob
}

const BEARER = /^bearer\s+(\S+)$/i

/**
 * `checkSession` (the Auth module's, passed in by the wiring) is asked on every request: a
 * valid signature alone does not mean the token's session may still reach the user's data.
 */
export function createRequireUser(
  jwtSecret: string,
  checkSession?: CheckSession,
  verificationKeys: VerificationKey[] = [],
) {
  const verifyJwt = createJwtVerifier(jwtSecret, verificationKeys)
  return async function requireUser(request: FastifyRequest): Promise<ApiUser> {
    const token = BEARER.exec(request.headers.authorization?.trim() ?? '')?.[1]
    if (!token) {
      throw new AppError('not_authenticated', 'Not authenticated')
    }
    let payload
    try {
      payload = await verifyJwt(token)
    } catch (error) {
      throw new AppError('not_authenticated', `Not authenticated: ${describeJwtFailure(error)}`)
    }
    if (payload.role !== 'authenticated' || typeof payload.sub !== 'string') {
      throw new AppError('not_authenticated', 'Not authenticated: not a user access token')
    }
    const refusal = await checkSession?.(payload)
    if (refusal) {
      throw new AppError(refusal.code, refusal.message)
    }
    const refreshToken = request.headers['x-refresh-token']
    rememberRequestUser(request, payload.sub)
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' && payload.email ? payload.email : null,
      isAnonymous: payload.is_anonymous === true,
      accessToken: token,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
      amr: readAmr(payload.amr),
    }
  }
}

/** The well-formed entries of an `amr` claim (GoTrue: `[{method, timestamp}]`). */
function readAmr(claim: unknown): ApiUser['amr'] {
  if (!Array.isArray(claim)) {
    return []
  }
  return claim.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) {
      return []
    }
    const { method, timestamp } = entry as Record<string, unknown>
    return typeof method === 'string' && typeof timestamp === 'number'
      ? [{ method, timestamp }]
      : []
  })
}

/** `sendJob` on pg-boss: the job row is inserted through the transaction's own connection. */
export function jobSender(boss: PgBoss | undefined): SendJob {
  return async (tx, queue, data) => {
    if (!boss) {
      throw new AppError('service_unavailable', 'Background jobs are not running on this server')
    }
    const id = await boss.send(queue, data, { db: pgBossDb(tx) })
    if (!id) {
      // pg-boss inserts nothing for a queue that was never created.
      throw new Error(`No job queue named ${queue}: declare it in jobs/background-jobs.ts`)
    }
    return id
  }
}
