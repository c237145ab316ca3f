/**
 * Who a request runs as, and the transaction it runs in (protocol §2.1). The bearer JWT is
 * verified (no token: `anon`; a bad or expired one: 401 with PostgREST's PGRST301/PGRST303 and
 * a `WWW-Authenticate` header); its `role` claim becomes the database role and its claims
 * `request.jwt.claims`, which `auth.uid()` reads, so row-level security decides what the
 * request sees. Each request is one transaction (read only for reads): one statement setting
 * the role and the request settings with `set_config(…, true)`, then the request's query; a
 * request of one statement is ONE round trip (`queryAsRequest`; docs/performance.md). The pool's login
 * role must be a member of every API role (the embedded superuser is; see ADR 0011 for an
 * external database).
 */
import { errors } from 'jose'
import type pg from 'pg'
import { type Database, withOwnTransaction } from '../../platform/db/pool.ts'
import { createJwtVerifier, type VerificationKey } from '../../platform/keys/jwt-verification.ts'
import { type PipelineStatement, queryPipeline, statementName } from '../../platform/db/pipeline.ts'
import type { CheckSession, SessionRefusal } from '../../platform/session-check.ts'
import { RestError } from './errors.ts'

/** The roles a token may assume. Any other role claim is refused, never `set`. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

function isApiRole(role: unknown): role is ApiRole {
  return (API_ROLES as readonly unknown[]).includes(role)
}

export type RequestIdentity = {
  role: ApiRole
  claims: Record<string, unknown>
  /** A token with a role other than anon: privilege errors are 403 for it, 401 for anon. */
  authenticated: boolean
}

/** PostgREST tolerates this much clock skew when checking `iat`. */
const CLOCK_SKEW_SECONDS = 30

function invalidToken(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, {
    headers: {
      'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  })
}

function describeFailure(error: unknown): RestError {
  if (error instanceof errors.JWTExpired) {
    return invalidToken('PGRST303', 'JWT expired')
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') {
      return invalidToken('PGRST303', 'JWT not yet valid')
    }
    if (error.claim === 'aud') {
      return invalidToken('PGRST303', 'JWT not in audience')
    }
    return invalidToken('PGRST303', 'Parsing claims failed')
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return invalidToken('PGRST301', 'Wrong or unsupported encoding algorithm')
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalidToken('PGRST301', 'No suitable key or wrong key type')
  }
  return invalidToken('PGRST301', 'JWT cryptographic operation failed')
}

/**
 * A token whose session may no longer reach data (signed out, expired, banned, or aal1 of a
 * user with a verified factor): the session check's code, with PostgREST's error shape and,
 * as for any refused token, a `WWW-Authenticate` header.
 */
function sessionRefused(refusal: SessionRefusal): RestError {
  const error = refusal.status === 401 ? 'invalid_token' : 'insufficient_scope'
  return new RestError(refusal.status, refusal.code, refusal.message, {
    headers: {
      'www-authenticate': `Bearer error="${error}", error_description=${JSON.stringify(refusal.message)}`,
    },
  })
}

const BEARER = /^bearer(?:\s+(.*))?$/i

/** How many verified tokens are remembered (the oldest is forgotten first). */
const VERIFIED_TOKENS_KEPT = 1000

/**
 * Verifies bearer tokens, remembering the identities of recently verified ones: a signature
 * checked once stays valid, so a repeated token (every request of a session) only has its
 * expiry checked again. Verification is a sixth of a request's CPU otherwise. A user's token
 * then passes the session check (`checkSession`) on every request: a valid signature does not
 * mean its session still lets it reach data.
 */
export function createIdentityResolver(
  jwtSecret: string,
  now: () => Date = () => new Date(),
  checkSession?: CheckSession,
  verificationKeys: VerificationKey[] = [],
) {
  const verify = createJwtVerifier(jwtSecret, verificationKeys)
  const verified = new Map<string, RequestIdentity>()

  async function checked(identity: RequestIdentity): Promise<RequestIdentity> {
    const refusal = await checkSession?.(identity.claims)
    if (refusal) {
      throw sessionRefused(refusal)
    }
    return identity
  }

  async function verifyToken(token: string, currentDate: Date): Promise<RequestIdentity> {
    let claims: Record<string, unknown>
    try {
      claims = await verify(token, { currentDate })
    } catch (error) {
      throw describeFailure(error)
    }
    if (
      typeof claims.iat === 'number' &&
      claims.iat > currentDate.getTime() / 1000 + CLOCK_SKEW_SECONDS
    ) {
      throw invalidToken('PGRST303', 'JWT issued at future')
    }
    const role = claims.role === undefined ? 'anon' : claims.role
    if (!isApiRole(role)) {
      // As PostgREST answers a role that does not exist: this server assumes no other role.
      throw new RestError(401, '22023', `role ${JSON.stringify(role)} does not exist`)
    }
    return { role, claims, authenticated: role !== 'anon' }
  }

  return async function identify(authorization: string | undefined): Promise<RequestIdentity> {
    const bearer = BEARER.exec(authorization?.trim() ?? '')
    if (!bearer) {
      return { role: 'anon', claims: { role: 'anon' }, authenticated: false }
    }
    const token = bearer[1]?.trim() ?? ''
    if (token === '') {
      throw invalidToken('PGRST301', 'Empty JWT is sent in Authorization header')
    }
    const parts = token.split('.').length
    if (parts !== 3) {
      throw invalidToken('PGRST301', `Expected 3 parts in JWT; got ${parts}`)
    }
    const currentDate = now()
    const known = verified.get(token)
    if (known) {
      const { exp } = known.claims
      if (typeof exp === 'number' && exp <= currentDate.getTime() / 1000) {
        verified.delete(token)
        throw invalidToken('PGRST303', 'JWT expired')
      }
      return checked(known)
    }
    const identity = await verifyToken(token, currentDate)
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      verified.delete(verified.keys().next().value ?? '')
    }
    verified.set(token, identity)
    return checked(identity)
  }
}

export type RequestSettings = {
  identity: RequestIdentity
  method: string
  path: string
  headers: Record<string, unknown>
  readOnly: boolean
  /** Names resolve here first, as in PostgREST (the exposed schema, then `extensions`). */
  searchPath: string
  /** Per-statement time limit (e.g. '8s'), as Supabase sets for its API roles. */
  statementTimeout: string
}

/**
 * The one statement that makes a transaction the request's: its role, claims and request
 * settings (and, in an implicit transaction, read-only), each with `set_config(…, true)` so
 * they end with the transaction. Prepared once per connection.
 */
const SETTINGS_SQL = `select pg_catalog.set_config('role', $1, true),
       pg_catalog.set_config('request.jwt.claims', $2, true),
       pg_catalog.set_config('request.method', $3, true),
       pg_catalog.set_config('request.path', $4, true),
       pg_catalog.set_config('request.headers', $5, true),
       pg_catalog.set_config('search_path', $6, true),
       pg_catalog.set_config('statement_timeout', $7, true),
       pg_catalog.set_config('transaction_read_only', $8, true)`
const SETTINGS_NAME = statementName('rest', SETTINGS_SQL)

function settingsStatement(settings: RequestSettings): PipelineStatement {
  return {
    name: SETTINGS_NAME,
    text: SETTINGS_SQL,
    values: [
      settings.identity.role,
      JSON.stringify(settings.identity.claims),
      settings.method,
      settings.path,
      JSON.stringify(settings.headers),
      settings.searchPath,
      settings.statementTimeout,
      settings.readOnly ? 'on' : 'off',
    ],
  }
}

/** A connection whose error did not come from PostgreSQL (no SQLSTATE) is not reused. */
function brokenBy(error: unknown): Error | undefined {
  return error instanceof Error && typeof (error as { code?: unknown }).code !== 'string'
    ? error
    : undefined
}

/**
 * Runs one statement as the request in ONE round trip: the settings statement and `statement`
 * pipelined before a single Sync, so they share one implicit transaction (committed when the
 * statement succeeds, rolled back when it fails). `statement` is kept prepared on the
 * connection (named by its text's hash), warm for the next request of the same shape.
 */
export async function queryAsRequest<R extends pg.QueryResultRow>(
  db: Database,
  settings: RequestSettings,
  statement: { text: string; values: unknown[] },
): Promise<pg.QueryResult<R>> {
  const client = await db.connect()
  let broken: Error | undefined
  try {
    const [, result] = await queryPipeline(client, [
      settingsStatement(settings),
      {
        text: statement.text,
        values: statement.values,
        name: statementName('rest', statement.text),
      },
    ])
    return result as pg.QueryResult<R>
  } catch (error) {
    broken = brokenBy(error)
    throw error
  } finally {
    client.release(broken)
  }
}

/**
 * Runs `work` in one transaction as the request's role, for requests that need more than one
 * statement or decide after seeing the outcome (explain, planned counts, `.single()` and
 * max-affected checks, `tx=rollback`): `begin` and the settings in one round trip, then `work`,
 * then `commit`. It commits when `work` resolves and rolls back when it throws.
 */
export async function runAsRequest<T>(
  db: Database,
  settings: RequestSettings,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withOwnTransaction(db, async (client) => {
    await queryPipeline(client, [{ text: 'begin' }, settingsStatement(settings)])
    const result = await work(client)
    await client.query('commit')
    return result
  })
}
