import { createHash, randomInt, randomUUID } from 'node:crypto'
import { type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { enqueueEmail } from '../email/index.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import * as tokens from './one-time-tokens.repository.ts'
import type { OneTimeTokenType } from './one-time-tokens.repository.ts'
import { hashPassword } from './password-hashing.ts'
import { type CodeChallenge, insertFlowState } from './pkce.ts'
import { assertEmailSendAllowed } from './rate-limits.ts'
import * as users from './users.repository.ts'
import type { UserChanges, UserRow } from './users.repository.ts'
import {
  assertPasswordStrength,
  confirmEmail,
  insertEmailUser,
  isUniqueViolation,
  normalizeEmail,
} from './users.service.ts'
import { loadUserJson, toUserJson, type UserJson } from './user-json.ts'

/**
 * Emailed links and codes (protocol §1.4), GoTrue's scheme: each message carries a random
 * 6-digit code and a link to `<external URL>/verify?token=…&type=…&redirect_to=…`, whose token
 * is the SHA-224 hex of (address + code), the only thing stored. A PKCE request also stores a
 * flow state and gives the link token a `pkce_` prefix, so the link answers with `?code=`.
 * Every request that sends a link goes through `sendEmailLink` here: sign-up confirmation,
 * /otp and /magiclink, /recover, /resend, an email change; the admin API's generate_link
 * issues the same link without sending it. Also here: the reauthentication nonce (a code
 * alone, for PUT /user). Verifying is `email-verification.service.ts`.
 */
export const EMAIL_OTP_LIFETIME_MS = 24 * 60 * 60 * 1000

export const PKCE_TOKEN_PREFIX = 'pkce_'

/** The `type` of an emailed link: what verifying it does. */
export type EmailLinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change'

const LINK_KINDS: Record<
  EmailLinkType,
  {
    tokenType: OneTimeTokenType
    /** The session's amr method when a PKCE link is exchanged (protocol §1.3). */
    authenticationMethod: string
    /** The user's record of the sending: when, and for an email change, the new address. */
    userChanges: (now: Date, address: string) => UserChanges
  }
> = {
  signup: {
    tokenType: 'confirmation_token',
    authenticationMethod: 'email/signup',
    userChanges: (now) => ({ confirmationSentAt: now }),
  },
  invite: {
    tokenType: 'confirmation_token',
    authenticationMethod: 'invite',
    userChanges: (now) => ({ confirmationSentAt: now, invitedAt: now }),
  },
  magiclink: {
    tokenType: 'recovery_token',
    authenticationMethod: 'magiclink',
    userChanges: (now) => ({ recoverySentAt: now }),
  },
  recovery: {
    tokenType: 'recovery_token',
    authenticationMethod: 'recovery',
    userChanges: (now) => ({ recoverySentAt: now }),
  },
  email_change: {
    tokenType: 'email_change_token_new',
    authenticationMethod: 'email_change',
    userChanges: (now, address) => ({ emailChange: address, emailChangeSentAt: now }),
  },
}

export function authenticationMethodOf(type: EmailLinkType): string {
  return LINK_KINDS[type].authenticationMethod
}

/** A random 6-digit code, leading zeros kept. */
function generateOtp(): string {
  return String(randomInt(1_000_000)).padStart(6, '0')
}

/** GoTrue's token hash: SHA-224 hex of the address (or phone) followed by the code. */
export function hashOtp(address: string, otp: string): string {
  return createHash('sha224').update(`${address}${otp}`).digest('hex')
}

export type IssuedEmailLink = {
  user: UserRow
  otp: string
  /** The stored hash, without the PKCE prefix: what `verifyOtp({token_hash})` takes. */
  hashedToken: string
  link: string
  redirectTo: string
}

export type EmailLinkRequest = {
  user: UserRow
  type: EmailLinkType
  /** Where the message goes: the user's address, or the new one for an email change. */
  address: string
  /** An already validated redirect (`resolveRedirect`). */
  redirectTo: string
  challenge: CodeChallenge | null
  /**
   * An `email_change` confirmed at the user's current address (`address`): the new address.
   * The code is the current address's (`email_change_token_current`), the change it confirms
   * this one; only the admin API issues such links (generate_link `email_change_current`).
   */
  newEmail?: string
}

/**
 * A fresh code and link of `type` for the user (replacing the previous one of its kind), the
 * PKCE flow state when the request has a challenge, and the user's `*_sent_at` updated. Sends
 * nothing: `sendEmailLink` does, the admin API hands the link back.
 */
export async function issueEmailLink(
  tx: Queryable,
  ctx: Pick<AuthContext, 'settings' | 'now'>,
  request: EmailLinkRequest,
): Promise<IssuedEmailLink> {
  const { user, type, address, redirectTo, challenge } = request
  const kind = LINK_KINDS[type]
  const atCurrentAddress = type === 'email_change' && request.newEmail !== undefined
  const now = ctx.now()
  const otp = generateOtp()
  const hashedToken = hashOtp(address, otp)
  const linkToken = challenge ? `${PKCE_TOKEN_PREFIX}${hashedToken}` : hashedToken
  await tokens.replaceOneTimeToken(tx, {
    userId: user.id,
    tokenType: atCurrentAddress ? 'email_change_token_current' : kind.tokenType,
    tokenHash: linkToken,
    // An email change's token names the address it changes to, whichever address it went to.
    relatesTo: request.newEmail ?? address,
    now,
  })
  if (challenge) {
    await insertFlowState(tx, {
      userId: user.id,
      challenge,
      providerType: 'email',
      authenticationMethod: kind.authenticationMethod,
      redirectTo,
      now,
    })
  }
  const updated = await users.updateUser(
    tx,
    user.id,
    kind.userChanges(now, request.newEmail ?? address),
    now,
  )
  const query = new URLSearchParams({ token: linkToken, type, redirect_to: redirectTo })
  return {
    user: updated,
    otp,
    hashedToken,
    link: `${ctx.settings.externalUrl}/verify?${query.toString()}`,
    redirectTo,
  }
}

/** The message a link of `type` travels in, queued in the outbox of the caller's transaction. */
function queueLinkEmail(
  tx: Queryable,
  type: EmailLinkType,
  address: string,
  issued: IssuedEmailLink,
  queuedAt: Date,
) {
  const base = { userId: issued.user.id, to: address, queuedAt }
  const data = { link: issued.link, code: issued.otp }
  switch (type) {
    // An invitation confirms the address of the account made for the invitee, and signs in.
    case 'signup':
    case 'invite':
      return enqueueEmail(tx, { ...base, template: 'confirmation', data })
    case 'magiclink':
      return enqueueEmail(tx, { ...base, template: 'magic_link', data })
    case 'recovery':
      return enqueueEmail(tx, { ...base, template: 'recovery', data })
    case 'email_change':
      return enqueueEmail(tx, {
        ...base,
        template: 'email_change',
        data: { ...data, newEmail: address },
      })
  }
}

/**
 * Issues a link of `type` and queues the email carrying it, in the caller's transaction;
 * 429 `over_email_send_rate_limit` when the address had one less than a minute ago.
 * Returns the user with their `*_sent_at` updated.
 */
export async function sendEmailLink(
  tx: Queryable,
  ctx: Pick<AuthContext, 'settings' | 'now'>,
  request: EmailLinkRequest,
): Promise<UserRow> {
  const now = ctx.now()
  await assertEmailSendAllowed(tx, request.address, now)
  const issued = await issueEmailLink(tx, ctx, request)
  await queueLinkEmail(tx, request.type, request.address, issued, now)
  return issued.user
}

export type LinkOptions = { redirectTo: string; challenge: CodeChallenge | null }

/**
 * What /signup answers for an address that already has a confirmed account while confirmation
 * is on: a user that looks freshly created (random id, no identities), so the answer does not
 * tell whether the address is registered. Nothing is stored or sent.
 */
function decoyUser(email: string, data: Record<string, unknown>, now: Date): UserJson {
  return toUserJson(
    {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: null,
      email_confirmed_at: null,
      phone: null,
      phone_confirmed_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: data,
      is_anonymous: false,
      banned_until: null,
      last_sign_in_at: null,
      confirmation_sent_at: now,
      recovery_sent_at: null,
      email_change: null,
      email_change_sent_at: null,
      reauthentication_sent_at: null,
      invited_at: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    },
    [],
  )
}

/**
 * POST /signup with email confirmation on: the user is created unconfirmed (with their email
 * identity) and sent a confirmation; an unconfirmed account is sent a new one, unchanged (the
 * request does not prove who is asking); a confirmed one gets the decoy. Answers the bare user.
 */
export async function signUpWithConfirmation(
  ctx: AuthContext,
  input: { email: string; password: string; data: Record<string, unknown> },
  options: LinkOptions,
): Promise<UserJson> {
  const email = normalizeEmail(input.email)
  assertPasswordStrength(input.password)
  const existing = await users.findUserByEmail(ctx.db, email)
  if (existing?.email_confirmed_at) {
    return decoyUser(email, input.data, ctx.now())
  }
  const encryptedPassword = existing ? null : await hashPassword(input.password)
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const user =
        existing ??
        (await insertEmailUser(tx, {
          email,
          encryptedPassword,
          emailConfirmedAt: null,
          userMetadata: input.data,
          now: ctx.now(),
        }))
      const sent = await sendEmailLink(tx, ctx, {
        user,
        type: 'signup',
        address: email,
        ...options,
      })
      return loadUserJson(tx, sent)
    })
  } catch (error) {
    // Another sign-up created the account a moment ago: answer as for any existing account.
    if (isUniqueViolation(error)) {
      return decoyUser(email, input.data, ctx.now())
    }
    throw error
  }
}

/**
 * POST /otp (and the legacy /magiclink) for an email address. A confirmed user gets a magic
 * link (which also carries the code). An unknown address, when `createUser`, becomes an account
 * as GoTrue signs it up: with automatic confirmation the account is confirmed at once and sent
 * a magic link, otherwise it gets a confirmation (which signs in just the same); an unconfirmed
 * account is treated like an unknown one. Unknown and not `createUser`: 422 `otp_disabled`.
 */
export async function sendSignInLink(
  ctx: AuthContext,
  input: { email: string; createUser: boolean; data: Record<string, unknown> },
  options: LinkOptions,
): Promise<void> {
  const email = normalizeEmail(input.email)
  const existing = await users.findUserByEmail(ctx.db, email)
  if (!existing && !input.createUser) {
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
  }
  try {
    await withTransaction(ctx.db, async (tx) => {
      const now = ctx.now()
      let user =
        existing ??
        (await insertEmailUser(tx, {
          email,
          encryptedPassword: null,
          emailConfirmedAt: null,
          userMetadata: input.data,
          now,
        }))
      if (!user.email_confirmed_at && ctx.settings.emailAutoconfirm) {
        user = await confirmEmail(tx, user, email, now)
      }
      const type = user.email_confirmed_at ? 'magiclink' : 'signup'
      await sendEmailLink(tx, ctx, { user, type, address: email, ...options })
    })
  } catch (error) {
    // A concurrent request created the account, and sent it the link.
    if (!isUniqueViolation(error)) {
      throw error
    }
  }
}

/** POST /recover: a recovery link for a known address; an unknown one learns nothing. */
export async function sendRecoveryLink(
  ctx: AuthContext,
  rawEmail: string,
  options: LinkOptions,
): Promise<void> {
  const email = normalizeEmail(rawEmail)
  const user = await users.findUserByEmail(ctx.db, email)
  if (!user) {
    return
  }
  await withTransaction(ctx.db, (tx) =>
    sendEmailLink(tx, ctx, { user, type: 'recovery', address: email, ...options }),
  )
}

/**
 * POST /resend: the sign-up confirmation again (unless already confirmed), or the pending email
 * change's link again (to the new address). Unknown addresses and nothing pending: no email.
 */
export async function resendEmailLink(
  ctx: AuthContext,
  input: { type: 'signup' | 'email_change'; email: string },
  options: LinkOptions,
): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, normalizeEmail(input.email))
  if (!user) {
    return
  }
  const address = input.type === 'signup' ? user.email : user.email_change
  if (!address || (input.type === 'signup' && user.email_confirmed_at)) {
    return
  }
  await withTransaction(ctx.db, (tx) =>
    sendEmailLink(tx, ctx, { user, type: input.type, address, ...options }),
  )
}

/**
 * GET /reauthenticate: a 6-digit nonce to the user's confirmed address, which PUT /user then
 * accepts as `nonce`. 400 without an address, 422 `email_not_confirmed` before confirmation.
 */
export async function sendReauthenticationNonce(ctx: AuthContext, user: UserRow): Promise<void> {
  const email = user.email
  if (!email) {
    throw new AuthError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    )
  }
  if (!user.email_confirmed_at) {
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
  }
  await withTransaction(ctx.db, async (tx) => {
    const now = ctx.now()
    await assertEmailSendAllowed(tx, email, now)
    const otp = generateOtp()
    await tokens.replaceOneTimeToken(tx, {
      userId: user.id,
      tokenType: 'reauthentication_token',
      tokenHash: hashOtp(email, otp),
      relatesTo: email,
      now,
    })
    await users.updateUser(tx, user.id, { reauthenticationSentAt: now }, now)
    await enqueueEmail(tx, {
      userId: user.id,
      to: email,
      template: 'reauthentication',
      data: { code: otp },
      queuedAt: now,
    })
  })
}

/**
 * Uses up the user's reauthentication nonce, in the caller's transaction: 422
 * `reauthentication_not_valid` when it is wrong, expired or already used.
 */
export async function consumeReauthenticationNonce(
  tx: Queryable,
  ctx: Pick<AuthContext, 'now'>,
  user: UserRow,
  nonce: string,
): Promise<void> {
  const consumed =
    user.email !== null &&
    (await tokens.consumeUserToken(tx, {
      userId: user.id,
      tokenType: 'reauthentication_token',
      tokenHash: hashOtp(user.email, nonce),
      issuedAfter: new Date(ctx.now().getTime() - EMAIL_OTP_LIFETIME_MS),
    }))
  if (!consumed) {
    throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
  }
}
