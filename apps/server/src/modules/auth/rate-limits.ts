import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Queryable } from '../../platform/db/pool.ts'
import { type EmailTemplateName, lastEmailQueuedAt } from '../email/index.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import { queryParam } from './request-helpers.ts'
import { findRefreshToken } from './sessions.repository.ts'
import { fixedWindow, limitOutcome, type RateLimitOutcome } from '../../platform/fixed-window.ts'

/**
 * Rate limits of the Auth service (protocol §1.6), with GoTrue's defaults, counted per client IP
 * in `auth.rate_limit_counters` so that every server process on the database shares them.
 * Windows are fixed (a client may send up to twice a limit across a window boundary), which
 * keeps a request's cost at one upsert. Past a limit: 429 `over_request_rate_limit` with
 * `Retry-After`. Behind a reverse proxy the client IP is only known when Fastify trusts it
 * (`TRUST_PROXY`, platform/trust-proxy.ts).
 *
 * One exception to "per IP": a refresh-token grant for a token the server knows counts per
 * session (its family of rotated tokens), in its own `refresh` bucket. Many users behind one
 * address (an office, a carrier's NAT) refresh every hour each; counted per IP with the
 * password grants, their refreshes would exhaust the bucket and sign everyone out, and a
 * password guesser on that address would lock out everyone's refreshes. Grants for unknown
 * refresh tokens (guesses) still count per IP in `token`.
 *
 * Also here: the per-address frequency limit of emailed links and codes (one a minute).
 */
export const RATE_LIMITS = {
  /** POST /token: password, PKCE, ID-token grants and refresh grants of unknown tokens, per IP. */
  token: { limit: 150, windowSeconds: 5 * 60 },
  /**
   * POST /token?grant_type=refresh_token of a known token, per session: an app refreshes about
   * once an hour per session, a few tabs a few times more.
   */
  refresh: { limit: 30, windowSeconds: 5 * 60 },
  /** GET and POST /verify. */
  verify: { limit: 30, windowSeconds: 5 * 60 },
  /** Requests that send a message: /otp, /magiclink, /recover, /resend, /signup, PUT /user. */
  otp: { limit: 30, windowSeconds: 60 * 60 },
  /** POST /signup without email or phone. */
  anonymous: { limit: 30, windowSeconds: 60 * 60 },
  /** POST /factors/:id/challenge, /factors/:id/verify and /mfa/recovery-codes/verify. */
  mfa: { limit: 15, windowSeconds: 60 },
  /** POST /sso. */
  sso: { limit: 30, windowSeconds: 5 * 60 },
  /**
   * The `does_email_exist` RPC of /rest/v1: it tells anyone whether an address has an account
   * (the product's sign-in needs that), so one client may only ask so often.
   */
  email_lookup: { limit: 60, windowSeconds: 5 * 60 },
} as const

export type RateLimitBucket = keyof typeof RATE_LIMITS

const MFA_ROUTE = /^\/(?:factors\/[^/]+\/(?:challenge|verify)|mfa\/recovery-codes\/verify)$/

/** The bucket a request counts against: method, route pattern (below /auth/v1) and body. */
export function rateLimitBucket(
  method: string,
  route: string,
  body: unknown,
): RateLimitBucket | null {
  switch (`${method} ${route}`) {
    case 'POST /token':
      return 'token'
    case 'GET /verify':
    case 'POST /verify':
      return 'verify'
    case 'POST /otp':
    case 'POST /magiclink':
    case 'POST /recover':
    case 'POST /resend':
    case 'PUT /user':
      return 'otp'
    case 'POST /signup': {
      const { email, phone } = (body ?? {}) as { email?: unknown; phone?: unknown }
      return email || phone ? 'otp' : 'anonymous'
    }
    case 'POST /sso':
      return 'sso'
    default:
      return method === 'POST' && MFA_ROUTE.test(route) ? 'mfa' : null
  }
}

/** Counts one request of `clientKey` against `bucket` in the window containing `now`. */
export async function countRequest(
  db: Queryable,
  bucket: RateLimitBucket,
  clientKey: string,
  now: Date,
): Promise<RateLimitOutcome> {
  const { limit, windowSeconds } = RATE_LIMITS[bucket]
  const window = fixedWindow(now, windowSeconds)
  const result = await db.query<{ hits: number }>(
    `insert into auth.rate_limit_counters as counter (bucket, client_key, window_start, window_end, hits)
     values ($1, $2, $3, $4, 1)
     on conflict (bucket, client_key, window_start) do update set hits = counter.hits + 1
     returning hits`,
    [bucket, clientKey, window.start, window.end],
  )
  const hits = result.rows[0]?.hits ?? 1
  if (hits === 1) {
    await deleteEndedWindows(db, now)
  }
  return limitOutcome(hits, limit, window, now)
}

/**
 * Removes a batch of counters whose window has ended. Run when a window starts, it keeps pace
 * with the rows being added; rows another process is already deleting are skipped, not waited for.
 */
async function deleteEndedWindows(db: Queryable, now: Date) {
  await db.query(
    `delete from auth.rate_limit_counters
     where ctid = any (array(
       select ctid from auth.rate_limit_counters
       where window_end <= $1
       limit 100
       for update skip locked
     ))`,
    [now],
  )
}

/** Installs the limits on the Auth plugin, when this install enables them. */
export function installRateLimits(app: FastifyInstance, ctx: AuthContext) {
  if (!ctx.settings.rateLimits) {
    return
  }
  const prefix = app.prefix
  // preHandler: after body parsing, since /signup's bucket depends on the body.
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url
    const routeBucket = route?.startsWith(prefix)
      ? rateLimitBucket(request.method, route.slice(prefix.length), request.body)
      : null
    if (!routeBucket) {
      return
    }
    const { bucket, clientKey } = await countedAs(ctx, request, routeBucket)
    const outcome = await countRequest(ctx.db, bucket, clientKey, ctx.now())
    if (!outcome.allowed) {
      reply.header('retry-after', String(outcome.retryAfterSeconds))
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
    }
  })
}

/**
 * What a request counts against, and as whom: its route's bucket per client IP, except a
 * refresh grant of a known refresh token, which counts in `refresh` per session.
 */
async function countedAs(
  ctx: AuthContext,
  request: FastifyRequest,
  bucket: RateLimitBucket,
): Promise<{ bucket: RateLimitBucket; clientKey: string }> {
  if (bucket === 'token') {
    const body = (request.body ?? {}) as { grant_type?: unknown; refresh_token?: unknown }
    const grantType = queryParam(request, 'grant_type') ?? body.grant_type
    const token = body.refresh_token
    if (grantType === 'refresh_token' && typeof token === 'string' && token) {
      const known = await findRefreshToken(ctx.db, token)
      if (known) {
        return { bucket: 'refresh', clientKey: `session:${known.session_id}` }
      }
    }
  }
  return { bucket, clientKey: request.ip }
}

/** The minimum time between two emailed links or codes to one address (GoTrue's default). */
export const EMAIL_SEND_INTERVAL_SECONDS = 60

/** The Auth service's own messages; product mail (the resume-upload link) does not count. */
const AUTH_EMAIL_TEMPLATES: EmailTemplateName[] = [
  'confirmation',
  'magic_link',
  'recovery',
  'email_change',
  'reauthentication',
]

/**
 * Call in the transaction that queues an Auth email, before queueing it: 429
 * `over_email_send_rate_limit` when one went to `address` less than a minute ago. A transaction
 * lock on the address makes a second request for it wait for the first to commit or roll back,
 * so two at once cannot both pass.
 */
export async function assertEmailSendAllowed(
  tx: Queryable,
  address: string,
  now: Date,
): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended(lower($1), 0))', [address])
  const lastSentAt = await lastEmailQueuedAt(tx, { to: address }, AUTH_EMAIL_TEMPLATES)
  if (!lastSentAt) {
    return
  }
  const waitMs = lastSentAt.getTime() + EMAIL_SEND_INTERVAL_SECONDS * 1000 - now.getTime()
  if (waitMs > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    )
  }
}
