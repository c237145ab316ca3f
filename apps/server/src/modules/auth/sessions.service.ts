import { randomInt } from 'node:crypto'
import type pg from 'pg'
import { createBatch, flushed } from '../../platform/db/pipeline.ts'
import { type Queryable, withOwnTransaction } from '../../platform/db/pool.ts'
import { ACCESS_TOKEN_LIFETIME_SECONDS, type AmrEntry } from './access-tokens.ts'
import type { AuthContext } from './auth-context.ts'
import { sessionLifetimeEnd } from './session-lifetime.ts'
import { AuthError } from './gotrue-errors.ts'
import * as mfa from './mfa/mfa.repository.ts'
import * as sessions from './sessions.repository.ts'
import type { SessionMeta } from './sessions.repository.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'
import * as identities from './identities.repository.ts'
import { loadUserJson, toUserJson, type UserJson } from './user-json.ts'

/**
 * Sessions, access tokens and refresh tokens (protocol §1.5, legacy format): every refresh
 * revokes the presented token and issues a child. A revoked token presented again is
 * (a) answered with the current token when it is that token's parent (the client lost the
 * last answer), (b) given a new child within the reuse interval (concurrent tabs), or
 * (c) treated as stolen: the whole session is deleted and 400 `refresh_token_already_used`.
 */
export type SessionResponse = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserJson
}

export type LogoutScope = 'global' | 'local' | 'others'

/** What the session functions take first; those inside the caller's transaction use no `db`. */
export type SessionDeps = Pick<AuthContext, 'db' | 'now' | 'signer'>
export type SigningDeps = Pick<AuthContext, 'now' | 'signer'>
export type RefreshDeps = SessionDeps &
  Pick<AuthContext, 'reuseIntervalMs' | 'sessionLifetime' | 'sessionCheck'>
/** Ending sessions also tells the session check to forget them. */
export type LogoutDeps = SessionDeps & Pick<AuthContext, 'sessionCheck'>

const TOKEN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const REFRESH_TOKEN_LENGTH = 32

/** An opaque refresh token: 32 random base62 characters (about 190 bits). */
export function generateRefreshToken(): string {
  let token = ''
  for (let i = 0; i < REFRESH_TOKEN_LENGTH; i++) {
    token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]
  }
  return token
}

async function sessionResponse(
  deps: SigningDeps,
  tx: Queryable,
  user: UserRow,
  session: sessions.SessionRow,
  refreshToken: string,
  at: Date,
): Promise<SessionResponse> {
  return signedResponse(deps, user, session, refreshToken, at, await loadUserJson(tx, user))
}

async function signedResponse(
  { signer }: SigningDeps,
  user: UserRow,
  session: sessions.SessionRow,
  refreshToken: string,
  at: Date,
  userJson: UserJson,
): Promise<SessionResponse> {
  const nowSeconds = Math.floor(at.getTime() / 1000)
  const accessToken = await signer.sign(
    {
      userId: user.id,
      email: user.email,
      phone: user.phone,
      appMetadata: user.raw_app_meta_data,
      userMetadata: user.raw_user_meta_data,
      isAnonymous: user.is_anonymous,
      sessionId: session.id,
      aal: session.aal,
      amr: session.amr,
    },
    nowSeconds,
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    expires_at: nowSeconds + ACCESS_TOKEN_LIFETIME_SECONDS,
    refresh_token: refreshToken,
    user: userJson,
  }
}

/** A new session for a user who just signed in with `method`, inside the caller's transaction. */
export async function issueSession(
  deps: SigningDeps,
  tx: Queryable,
  user: UserRow,
  method: string,
  meta: SessionMeta,
): Promise<SessionResponse> {
  const at = deps.now()
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(at.getTime() / 1000) }]
  const signedIn = await users.recordSignIn(tx, user.id, at)
  const session = await sessions.insertSession(tx, {
    userId: user.id,
    aal: 'aal1',
    amr,
    now: at,
    ...meta,
  })
  const token = await sessions.insertRefreshToken(tx, {
    token: generateRefreshToken(),
    userId: user.id,
    sessionId: session.id,
    parent: null,
    now: at,
  })
  return sessionResponse(deps, tx, signedIn, session, token.token, at)
}

/**
 * A fresh refresh token for an existing session whose assurance just changed (MFA verify),
 * inside the caller's transaction. The new token is no child of the revoked one, so the token
 * from before the change is never answered with it: past the reuse interval, presenting that
 * token ends the session like any reused token (GoTrue's v2 tokens skip a counter for this).
 */
export async function reissueSession(
  deps: SigningDeps,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
): Promise<SessionResponse> {
  const at = deps.now()
  const session = await sessions.lockSession(tx, sessionId)
  if (!session) {
    throw new AuthError(403, 'session_not_found', 'Session not found')
  }
  const current = await sessions.findActiveRefreshToken(tx, session.id)
  if (current) {
    await sessions.revokeRefreshToken(tx, current.id, at)
  }
  const token = await sessions.insertRefreshToken(tx, {
    token: generateRefreshToken(),
    userId: user.id,
    sessionId: session.id,
    parent: null,
    now: at,
  })
  return sessionResponse(deps, tx, user, session, token.token, at)
}

type RefreshOutcome =
  { kind: 'issued'; response: SessionResponse } | { kind: 'reused'; userId: string }

/**
 * The refresh-token grant, with the reuse rules above, in three round trips (issue 21): `begin`
 * with the session's lock; every read the rules need (the token again, under the lock, the
 * user, the session's newest token, the user's identities and factors); the writes with
 * `commit`. Each round trip is one pipeline (`createBatch`) of the repositories' statements.
 */
export async function refreshSession(
  deps: RefreshDeps,
  presented: string,
  meta: SessionMeta,
): Promise<SessionResponse> {
  if (presented.length < 12) {
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid')
  }
  const outcome: RefreshOutcome = await withOwnTransaction(deps.db, (client) =>
    rotate(deps, client, presented, meta),
  )
  if (outcome.kind === 'reused') {
    deps.sessionCheck.forgetUser(outcome.userId)
    // Thrown after the commit, so the session stays deleted.
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return outcome.response
}

async function rotate(
  deps: RefreshDeps,
  client: pg.PoolClient,
  presented: string,
  meta: SessionMeta,
): Promise<RefreshOutcome> {
  const at = deps.now()
  // 1. begin, and lock the token's session.
  const locking = createBatch(client, 'auth')
  const [, session] = await flushed(locking, [
    locking.query('begin'),
    sessions.lockSessionOfToken(locking.db, presented),
  ])
  if (!session) {
    const known = await sessions.findRefreshToken(client, presented)
    if (!known) {
      throw new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      )
    }
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found')
  }

  // 2. Everything the rules and the answer read, under the lock (a concurrent refresh may
  // have just revoked the token).
  const reads = createBatch(client, 'auth')
  const readsDb = reads.db
  const [token, user, active, userIdentities, factors] = await flushed(reads, [
    sessions.findRefreshToken(readsDb, presented),
    users.findUserById(readsDb, session.user_id),
    sessions.findActiveRefreshToken(readsDb, session.id),
    identities.listIdentities(readsDb, session.user_id),
    mfa.listFactors(readsDb, session.user_id),
  ])
  if (!token) {
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    )
  }
  if (!user) {
    throw new AuthError(400, 'user_not_found', 'User not found')
  }
  if (user.banned_until && user.banned_until > at) {
    throw new AuthError(400, 'user_banned', 'User is banned')
  }
  const ended = sessionLifetimeEnd(session, deps.sessionLifetime, at)
  if (ended) {
    // The session stays (as in GoTrue): its tokens are refused from now on.
    throw new AuthError(
      400,
      'session_expired',
      ended === 'inactivity'
        ? 'Invalid Refresh Token: Session Expired (Inactivity)'
        : 'Invalid Refresh Token: Session Expired',
    )
  }

  // 3. The writes and the commit.
  const writes = createBatch(client, 'auth')
  const writesDb = writes.db
  let issued: string | null = null
  if (token.revoked) {
    if (active && active.parent === token.token) {
      issued = active.token
    } else if (at.getTime() - token.updated_at.getTime() >= deps.reuseIntervalMs) {
      await flushed(writes, [sessions.deleteSession(writesDb, session.id), writes.query('commit')])
      return { kind: 'reused', userId: user.id }
    }
  }
  const pending: Promise<unknown>[] = []
  if (!issued) {
    issued = generateRefreshToken()
    pending.push(
      sessions.revokeRefreshToken(writesDb, token.id, at),
      sessions.insertRefreshToken(writesDb, {
        token: issued,
        userId: user.id,
        sessionId: session.id,
        parent: token.token,
        now: at,
      }),
    )
  }
  pending.push(sessions.touchSession(writesDb, session.id, { now: at, ...meta }))
  pending.push(writes.query('commit'))
  await flushed(writes, pending)

  const json = toUserJson(user, userIdentities)
  const userJson = factors.length ? { ...json, factors: factors.map(mfa.toFactorJson) } : json
  return {
    kind: 'issued',
    response: await signedResponse(deps, user, session, issued, at, userJson),
  }
}

/** The user and session behind a bearer access token (GET /user, POST /logout). */
export async function authenticateBearer(deps: SessionDeps, authorization: string | undefined) {
  const match = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')
  if (!match?.[1]) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const claims = await deps.signer.verify(match[1], Math.floor(deps.now().getTime() / 1000))
  const user = await users.findUserById(deps.db, claims.sub)
  if (!user) {
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  }
  const session = await sessions.findSession(deps.db, claims.session_id)
  if (!session || session.user_id !== user.id) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    )
  }
  return { user, session }
}

/** POST /logout: ends the bearer's session, the user's other sessions, or all of them. */
export async function logout(
  deps: LogoutDeps,
  authorization: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  const { user, session } = await authenticateBearer(deps, authorization)
  if (scope === 'local') {
    await sessions.deleteSession(deps.db, session.id)
  } else {
    await sessions.deleteUserSessions(deps.db, user.id, scope === 'others' ? session.id : null)
  }
  deps.sessionCheck.forgetUser(user.id)
}

/**
 * Changing how an account is reached (linking or unlinking a sign-in method) from an aal1
 * session of a user with a verified factor: 403 `insufficient_aal`. A password alone, or an
 * emailed link, must not add a way in that skips the second factor.
 */
export async function requireAal2ForAccountChange(
  db: Queryable,
  signedIn: { user: UserRow; session: sessions.SessionRow },
): Promise<void> {
  if (signedIn.session.aal === 'aal2') {
    return
  }
  const factors = await mfa.listFactors(db, signedIn.user.id)
  if (factors.some((factor) => factor.status === 'verified')) {
    throw new AuthError(
      403,
      'insufficient_aal',
      'AAL2 session is required to change the sign-in methods of an account with MFA enabled.',
    )
  }
}
