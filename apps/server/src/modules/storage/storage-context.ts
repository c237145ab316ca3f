import type { FastifyRequest } from 'fastify'
import type pg from 'pg'
import type { Database } from '../../platform/db/pool.ts'
import type { CheckSession } from '../../platform/session-check.ts'
import { queryAsRequest, type RequestIdentity, runAsRequest } from '../rest/index.ts'
import { type BufferPool, createBufferPool } from './buffer-pool.ts'
import type { ByteStore } from './byte-store.ts'
import { createSignedUrlTokens, type SignedUrlTokens } from './signed-url-tokens.ts'
import { createStorageIdentityResolver, SERVICE_IDENTITY } from './storage-identity.ts'
import type { StorageSettings } from './storage-settings.ts'
import type { VerificationKey } from '../../platform/keys/jwt-verification.ts'

/**
 * What every `/storage/v1` handler works with, and `runAs`, which runs database work in one
 * transaction as a request's role with its claims set (the same transaction /rest/v1 uses),
 * so row-level security on `storage.objects` decides who sees and writes what.
 */
export type StorageServiceOptions = {
  db: Database
  jwtSecret: string
  /** Asymmetric keys tokens may be signed with, by `kid` (ADR 0030); the secret verifies the rest. */
  verificationKeys?: VerificationKey[]
  byteStore: ByteStore
  /** The clock tokens are signed and checked with (tests move it forward). */
  now?: () => Date
  /** The largest object any bucket takes (Supabase's default: 50 MB). */
  maxFileSize?: number
  /** How long a signed upload URL works (2 hours, as storage-js documents). */
  uploadUrlLifetimeSeconds?: number
  /** Where content is served from (`STORAGE_PUBLIC_URL`); unset: the request's own origin. */
  settings?: StorageSettings
  /** Whether a user's token may still reach data (`storage-identity.ts`). */
  checkSession?: CheckSession
}

export type StorageContext = {
  db: Database
  store: ByteStore
  now: () => Date
  identify: (authorization: string | undefined) => Promise<RequestIdentity>
  tokens: SignedUrlTokens
  maxFileSize: number
  /** A separate origin for content, and the app's host whose signed downloads go there. */
  contentOrigin: { baseUrl: string; host: string; appHost: string } | null
  /** Buffers downloads are read into and sent from, reused (`buffer-pool.ts`). */
  serveBuffers: BufferPool
}

/**
 * Downloads up to this size are read whole into a pooled buffer and sent in one write; larger
 * ones (or more at once than there are buffers) stream in 1 MiB reads. At most
 * SERVE_BUFFERS × SERVE_BUFFER_BYTES (32 MiB) per process, allocated on first use.
 */
const SERVE_BUFFER_BYTES = 8 * 1024 * 1024
const SERVE_BUFFERS = 4

/** Who acts, and the request details PostgreSQL sees in `request.*` settings. */
export type RequestScope = {
  identity: RequestIdentity
  method: string
  path: string
  headers: Record<string, unknown>
}

export function createStorageContext(options: StorageServiceOptions): StorageContext {
  const now = options.now ?? (() => new Date())
  return {
    db: options.db,
    store: options.byteStore,
    now,
    identify: createStorageIdentityResolver(
      options.jwtSecret,
      now,
      options.checkSession,
      options.verificationKeys,
    ),
    tokens: createSignedUrlTokens({
      jwtSecret: options.jwtSecret,
      now,
      uploadLifetimeSeconds: options.uploadUrlLifetimeSeconds ?? 2 * 3600,
    }),
    maxFileSize: options.maxFileSize ?? 50 * 1024 * 1024,
    contentOrigin: contentOriginOf(options.settings),
    serveBuffers: createBufferPool({ bufferBytes: SERVE_BUFFER_BYTES, buffers: SERVE_BUFFERS }),
  }
}

function contentOriginOf(settings: StorageSettings | undefined) {
  if (!settings?.publicUrl) {
    return null
  }
  return {
    baseUrl: settings.publicUrl,
    host: new URL(settings.publicUrl).host,
    appHost: new URL(settings.appUrl).host,
  }
}

export function scopeOf(request: FastifyRequest, identity: RequestIdentity): RequestScope {
  return {
    identity,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    headers: request.headers,
  }
}

/** The request's scope, acting as its bearer token (refused when the token is missing or bad). */
export async function identifyRequest(
  ctx: StorageContext,
  request: FastifyRequest,
): Promise<RequestScope> {
  return scopeOf(request, await ctx.identify(request.headers.authorization))
}

/** The same request, acting as the server itself (bucket settings, signed URLs). */
export function asService(scope: RequestScope): RequestScope {
  return { ...scope, identity: SERVICE_IDENTITY }
}

function settingsOf(scope: RequestScope, options: { readOnly: boolean }) {
  return {
    ...scope,
    readOnly: options.readOnly,
    searchPath: 'storage, public, extensions',
    statementTimeout: '8s',
  }
}

export function runAs<T>(
  ctx: StorageContext,
  scope: RequestScope,
  options: { readOnly: boolean },
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return runAsRequest(ctx.db, settingsOf(scope, options), work)
}

/**
 * One statement as `scope`, read-only, in ONE round trip (the request's settings and the
 * statement pipelined before one Sync: /rest/v1's `queryAsRequest`), for reads that need no
 * more than that statement, such as a download's object row.
 */
export async function readAs<R extends pg.QueryResultRow>(
  ctx: StorageContext,
  scope: RequestScope,
  statement: { text: string; values: unknown[] },
): Promise<R[]> {
  return (await queryAs<R>(ctx, scope, { readOnly: true }, statement)).rows
}

/** One statement as `scope` in its own implicit transaction, in ONE round trip. */
export function queryAs<R extends pg.QueryResultRow>(
  ctx: StorageContext,
  scope: RequestScope,
  options: { readOnly: boolean },
  statement: { text: string; values: unknown[] },
): Promise<pg.QueryResult<R>> {
  return queryAsRequest<R>(ctx.db, settingsOf(scope, options), statement)
}
