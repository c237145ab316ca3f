import { type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { AuthContext } from './auth-context.ts'
import {
  authenticationMethodOf,
  EMAIL_OTP_LIFETIME_MS,
  type EmailLinkType,
  hashOtp,
  PKCE_TOKEN_PREFIX,
} from './email-links.service.ts'
import { AuthError } from './gotrue-errors.ts'
import * as tokens from './one-time-tokens.repository.ts'
import type { OneTimeTokenRow, OneTimeTokenType } from './one-time-tokens.repository.ts'
import { issueAuthCode } from './pkce.ts'
import type { SessionMeta } from './sessions.repository.ts'
import { issueSession, type SessionResponse } from './sessions.service.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'
import { confirmEmail, emailExistsError, isUniqueViolation } from './users.service.ts'

/**
 * Verifying an emailed link or code, for POST /verify and GET /verify alike (protocol §1.4).
 * A token works once, for 24 hours, and only for its kind: `signup` and `invite` are
 * confirmation tokens, `magiclink` and `recovery` recovery tokens, `email_change` the new
 * address's token; `email` (the 6-digit code of either a confirmation or a magic link) matches
 * a confirmation or a recovery token. Success confirms the address (completing an email change,
 * which makes a guest permanent), voids the user's other links and codes, and signs in: a
 * session with amr `otp` (GoTrue's method for both), or, for a PKCE link, the single-use auth
 * code of its flow, whose exchange gives the session the link type's method.
 */
const TOKEN_TYPES = new Map<string, OneTimeTokenType[]>([
  ['email', ['confirmation_token', 'recovery_token']],
  ['signup', ['confirmation_token']],
  ['invite', ['confirmation_token']],
  ['magiclink', ['recovery_token']],
  ['recovery', ['recovery_token']],
  ['email_change', ['email_change_token_new', 'email_change_token_current']],
])

/** The 6-digit code and the address it was sent to, or the hash a link or template carries. */
export type TokenToVerify =
  { type: string; email: string; otp: string } | { type: string; tokenHash: string }

export type VerifiedToken =
  { kind: 'session'; session: SessionResponse } | { kind: 'code'; authCode: string }

function invalidCode() {
  return new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
}

function invalidLink() {
  return new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
}

/** The link type a token was issued as: an `email` code is a sign-up or a magic link. */
function linkTypeOf(requested: string, token: OneTimeTokenRow): EmailLinkType {
  if (requested !== 'email') {
    return requested as EmailLinkType
  }
  return token.token_type === 'confirmation_token' ? 'signup' : 'magiclink'
}

/** POST /verify: the code or token hash, answered with a session. */
export function verifyEmailToken(
  ctx: AuthContext,
  token: TokenToVerify,
  meta: SessionMeta,
): Promise<SessionResponse> {
  return verify(ctx, token, (tx, user) => issueSession(ctx, tx, user, 'otp', meta))
}

/**
 * GET /verify: the emailed link's token, answered with a session, or for a PKCE link (its
 * token has the `pkce_` prefix) with the auth code of the flow the request started.
 */
export function verifyEmailLink(
  ctx: AuthContext,
  token: { type: string; tokenHash: string },
  meta: SessionMeta,
): Promise<VerifiedToken> {
  if (!token.tokenHash.startsWith(PKCE_TOKEN_PREFIX)) {
    return verify(ctx, token, async (tx, user) => ({
      kind: 'session',
      session: await issueSession(ctx, tx, user, 'otp', meta),
    }))
  }
  return verify(ctx, token, async (tx, user, type) => {
    const flow = await tokens.findLatestEmailFlowState(tx, user.id, authenticationMethodOf(type))
    if (!flow) {
      throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found.')
    }
    const issued = await issueAuthCode(tx, flow.id, { userId: user.id, now: ctx.now() })
    return { kind: 'code', authCode: issued.auth_code }
  })
}

/** Checks and uses up the token, confirms the address, then signs in with `signIn`. */
async function verify<T>(
  ctx: AuthContext,
  token: TokenToVerify,
  signIn: (tx: Queryable, user: UserRow, type: EmailLinkType) => Promise<T>,
): Promise<T> {
  const byCode = 'otp' in token
  const invalid = byCode ? invalidCode : invalidLink
  const types = TOKEN_TYPES.get(token.type)
  if (!types) {
    // A code of another kind (an SMS code) can never be valid here: this server sends none.
    throw byCode
      ? invalid()
      : new AuthError(400, 'validation_failed', 'Invalid email verification type')
  }
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const now = ctx.now()
      const found = await tokens.lockOneTimeToken(
        tx,
        byCode
          ? {
              tokenHash: hashOtp(token.email, token.otp),
              types,
              // An email change's token names the new address, even when its code went to the
              // current one; the hash binds the code to the address it was sent to either way.
              relatesTo: token.type === 'email_change' ? undefined : token.email,
            }
          : { tokenHash: token.tokenHash, types },
      )
      if (!found || now.getTime() - found.created_at.getTime() > EMAIL_OTP_LIFETIME_MS) {
        throw invalid()
      }
      const user = await users.lockUser(tx, found.user_id)
      if (!user) {
        throw invalid()
      }
      if (user.banned_until && user.banned_until > now) {
        throw new AuthError(403, 'user_banned', 'User is banned')
      }
      const type = linkTypeOf(token.type, found)
      const address = type === 'email_change' ? found.relates_to : (user.email ?? found.relates_to)
      const confirmed = await confirmEmail(tx, user, address, now)
      await tokens.deleteUserTokens(tx, user.id)
      return signIn(tx, confirmed, type)
    })
  } catch (error) {
    // The new address of an email change was taken by another account in the meantime.
    if (isUniqueViolation(error)) {
      throw emailExistsError()
    }
    throw error
  }
}
