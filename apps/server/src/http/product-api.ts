/**
 * The product API under `/api` (spec section 7): the web app calls it with the user's access
 * token as a bearer header, the refresh token in `x-refresh-token`, and credentials, from the
 * app's origin. This plugin adds CORS for that origin and `requireUser`, which every route that
 * acts for a user calls first. Each feature module registers its routes on the plugin.
 */
import cors from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Database, Queryable } from '../db/pool.ts'
import { pgBossDb } from '../jobs/job-queue.ts'
import { createJwtVerifier, describeJwtFailure } from '../modules/keys/jwt-verification.ts'
import type { ByteStore } from '../modules/storage/byte-store.ts'
import { AppError } from './app-error.ts'

export type ApiUser = {
  id: string
  email: string | null
  isAnonymous: boolean
  /** The bearer token as sent, for calls made on the user's behalf. */
  accessToken: string
  /** The `x-refresh-token` header, when the client sent it. */
  refreshToken: string | null
}

export type ProductApiContext = {
  db: Database
  /** Verifies a bearer header: the user, or 401 `not_authenticated`. */
  requireUser: (request: FastifyRequest) => Promise<ApiUser>
  /** The bytes of storage objects (their rows are in `storage.objects`). */
  byteStore: ByteStore
  /** Queues a job in the caller's transaction: it exists only if that transaction commits. */
  sendJob: SendJob
}

export type SendJob = (tx: Queryable, queue: string, data: object) => Promise<string>

export type ProductApiModule = (app: FastifyInstance, ctx: ProductApiContext) => void

export type ProductApiOptions = {
  db: Database
  jwtSecret: string
  /** Origins allowed to call with credentials (the web app's). */
  allowedOrigins: string[]
  byteStore: ByteStore
  /** The started job queue; without it, a route that queues work answers 503. */
  boss?: PgBoss
  modules: ProductApiModule[]
}

const BEARER = /^bearer\s+(\S+)$/i

export function createRequireUser(jwtSecret: string) {
  const verifyJwt = createJwtVerifier(jwtSecret)
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
    const refreshToken = request.headers['x-refresh-token']
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' && payload.email ? payload.email : null,
      isAnonymous: payload.is_anonymous === true,
      accessToken: token,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
    }
  }
}

/** `sendJob` on pg-boss: the job row is inserted through the transaction's own connection. */
function jobSender(boss: PgBoss | undefined): SendJob {
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

export async function productApi(app: FastifyInstance, options: ProductApiOptions) {
  await app.register(cors, {
    origin: options.allowedOrigins,
    credentials: true,
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'x-refresh-token',
      'x-request-id',
    ],
    exposedHeaders: ['x-request-id', 'content-disposition'],
    maxAge: 600,
  })
  const ctx: ProductApiContext = {
    db: options.db,
    requireUser: createRequireUser(options.jwtSecret),
    byteStore: options.byteStore,
    sendJob: jobSender(options.boss),
  }
  for (const register of options.modules) {
    register(app, ctx)
  }
}
