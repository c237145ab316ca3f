import type { Clock } from '../../platform/clock.ts'
import type { Queryable } from '../../platform/db/pool.ts'
import type {
  CheckSession,
  SessionRefusal,
  SessionRefusalCode,
} from '../../platform/session-check.ts'
import type { SessionLifetime } from './auth-settings.ts'
import { findSessionState, type SessionState } from './sessions.repository.ts'
import { sessionLifetimeEnd } from './session-lifetime.ts'

/**
 * The session check every data surface runs on each request with a user's access token
 * (`platform/session-check.ts`): one indexed read of the session, its user and whether they
 * have a verified factor, remembered for `SESSION_CHECK_CACHE_MS`. So a session ended anywhere
 * (another process, an admin, a direct delete) stops its tokens within that time; one ended by
 * this process (sign-out, refresh-token reuse, password change, account deletion) is forgotten
 * at once through `forgetUser`. The remembered state is re-judged on every use against the
 * clock (expiry, ban end), and a token issued after the state was read reads it again: a
 * refresh or MFA verification is never judged on what came before it.
 */
export const SESSION_CHECK_CACHE_MS = 2_000

/** Sessions remembered at most; the oldest is forgotten first. */
const CACHED_SESSIONS = 10_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Remembered = { state: SessionState | null; readAt: number }

export type SessionCheck = {
  check: CheckSession
  /** Forgets what is remembered of a user's sessions (this process just ended some). */
  forgetUser: (userId: string) => void
}

export type SessionCheckDeps = {
  db: Queryable
  now: Clock
  lifetime: SessionLifetime
  /** How long a read is trusted (default `SESSION_CHECK_CACHE_MS`; 0: read every time). */
  cacheMs?: number
}

function refusal(status: 401 | 403, code: SessionRefusalCode, message: string): SessionRefusal {
  return { status, code, message }
}

const SESSION_NOT_FOUND = refusal(
  401,
  'session_not_found',
  'Session from session_id claim in JWT does not exist: sign in again',
)

/** The refusal for a session in `state` at `at`, or null when its tokens may be used. */
export function judgeSession(
  state: SessionState | null,
  claims: { sub?: unknown; aal?: unknown },
  lifetime: SessionLifetime,
  at: Date,
): SessionRefusal | null {
  if (!state || state.deleted_at || state.user_id !== claims.sub) {
    return SESSION_NOT_FOUND
  }
  if (state.banned_until && state.banned_until > at) {
    return refusal(403, 'user_banned', 'User is banned')
  }
  const ended = sessionLifetimeEnd(state, lifetime, at)
  if (ended) {
    return refusal(
      401,
      'session_expired',
      ended === 'inactivity'
        ? 'Session expired after a period of inactivity: sign in again'
        : 'Session expired: sign in again',
    )
  }
  if (state.has_verified_factor && claims.aal !== 'aal2') {
    return refusal(
      403,
      'insufficient_aal',
      'AAL2 session is required: this account has two-step verification, finish signing in with the authenticator code',
    )
  }
  return null
}

export function createSessionCheck(deps: SessionCheckDeps): SessionCheck {
  const cacheMs = deps.cacheMs ?? SESSION_CHECK_CACHE_MS
  const remembered = new Map<string, Remembered>()

  async function stateOf(sessionId: string, issuedAtMs: number, at: number) {
    const known = remembered.get(sessionId)
    // `iat` has whole seconds: a token from the second of the read, or later, reads again.
    if (known && at - known.readAt < cacheMs && issuedAtMs + 1000 <= known.readAt) {
      return known.state
    }
    const state = await findSessionState(deps.db, sessionId)
    if (cacheMs > 0) {
      remembered.delete(sessionId)
      if (remembered.size >= CACHED_SESSIONS) {
        remembered.delete(remembered.keys().next().value ?? '')
      }
      remembered.set(sessionId, { state, readAt: at })
    }
    return state
  }

  return {
    check: async (claims) => {
      const sessionId = claims.session_id
      if (claims.role !== 'authenticated' || sessionId === undefined) {
        return null
      }
      if (typeof sessionId !== 'string' || !UUID.test(sessionId)) {
        return SESSION_NOT_FOUND
      }
      const at = deps.now()
      const issuedAtMs = typeof claims.iat === 'number' ? claims.iat * 1000 : Infinity
      const state = await stateOf(sessionId, issuedAtMs, at.getTime())
      return judgeSession(state, claims, deps.lifetime, at)
    },
    forgetUser: (userId) => {
      for (const [sessionId, entry] of remembered) {
        if (entry.state?.user_id === userId) {
          remembered.delete(sessionId)
        }
      }
    },
  }
}
