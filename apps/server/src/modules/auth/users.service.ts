import { randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../../db/pool.ts'
import { withTransaction } from '../../db/pool.ts'
import { AuthError } from './gotrue-errors.ts'
import * as identities from './identities.repository.ts'
import { type IdentityRow, toIdentityJson } from './identities.repository.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import type { SessionMeta } from './sessions.repository.ts'
import type { SessionResponse, SessionService } from './sessions.service.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'

/** The user object of GoTrue's JSON (protocol §1.2). */
export type UserJson = ReturnType<typeof toUserJson>

/** The user's JSON with their identities, read in the caller's transaction. */
export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  return toUserJson(user, await identities.listIdentities(db, user.id))
}

export function toUserJson(user: UserRow, userIdentities: IdentityRow[]) {
  const iso = (date: Date | null) => date?.toISOString() ?? undefined
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    invited_at: iso(user.invited_at),
    identities: userIdentities.map(toIdentityJson),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  }
}

export const MIN_PASSWORD_LENGTH = 8
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Hashed once, so an unknown user costs the same argon2 work as a wrong password. */
let dummyHash: Promise<string> | undefined
function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

function invalidCredentials() {
  return new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
}

export type UserServiceOptions = { db: Database; sessions: SessionService; now: () => Date }

export function createUserService({ db, sessions, now }: UserServiceOptions) {
  /** Anonymous sign-in: a user with no email, phone or password (amr `anonymous`). */
  async function signUpAnonymously(
    data: Record<string, unknown>,
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    return withTransaction(db, async (tx) => {
      const user = await users.insertUser(tx, {
        email: null,
        encryptedPassword: null,
        emailConfirmedAt: null,
        isAnonymous: true,
        appMetadata: {},
        userMetadata: data,
        now: now(),
      })
      return sessions.issueSession(tx, user, 'anonymous', meta)
    })
  }

  /** Email sign-up, confirmed at once (autoconfirm, the local default; amr `password`). */
  async function signUpWithEmail(
    input: { email: string; password: string; data: Record<string, unknown> },
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    const email = input.email.trim().toLowerCase()
    if (!EMAIL.test(email)) {
      throw new AuthError(
        400,
        'validation_failed',
        `Unable to validate email address: invalid format`,
      )
    }
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthError(
        422,
        'weak_password',
        `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        { weak_password: { reasons: ['length'] } },
      )
    }
    if (await users.findUserByEmail(db, email)) {
      throw userAlreadyExists()
    }
    const encryptedPassword = await hashPassword(input.password)
    try {
      return await withTransaction(db, async (tx) => {
        const at = now()
        const user = await users.insertUser(tx, {
          email,
          encryptedPassword,
          emailConfirmedAt: at,
          isAnonymous: false,
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: input.data,
          now: at,
        })
        await identities.insertIdentity(tx, {
          userId: user.id,
          provider: 'email',
          providerId: user.id,
          identityData: { sub: user.id, email, email_verified: true, phone_verified: false },
          now: at,
        })
        return sessions.issueSession(tx, user, 'password', meta)
      })
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw userAlreadyExists()
      }
      throw error
    }
  }

  /** The password grant: the same error, and the same argon2 work, for every failure. */
  async function signInWithPassword(
    identifier: { email?: string; phone?: string },
    password: string,
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    const user = identifier.email
      ? await users.findUserByEmail(db, identifier.email.trim())
      : await users.findUserByPhone(db, identifier.phone?.trim() ?? '')
    const storedHash = user?.encrypted_password ?? (await dummyPasswordHash())
    const matches = await verifyPassword(storedHash, password)
    if (!user?.encrypted_password || !matches) {
      throw invalidCredentials()
    }
    if (user.banned_until && user.banned_until > now()) {
      throw new AuthError(400, 'user_banned', 'User is banned')
    }
    if (identifier.email && !user.email_confirmed_at) {
      throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    }
    if (identifier.phone && !user.phone_confirmed_at) {
      throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed')
    }
    return withTransaction(db, (tx) => sessions.issueSession(tx, user, 'password', meta))
  }

  return { signUpAnonymously, signUpWithEmail, signInWithPassword }
}

function userAlreadyExists() {
  return new AuthError(422, 'user_already_exists', 'User already registered')
}

export type UserService = ReturnType<typeof createUserService>
