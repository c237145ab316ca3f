import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../platform/db/pool.ts'
import { withTransaction } from '../../platform/db/pool.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import * as identities from './identities.repository.ts'
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.ts'
import { assertPasswordStrength } from './password-policy.ts'
import type { SessionMeta } from './sessions.repository.ts'
import { issueSession, type SessionResponse } from './sessions.service.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'

/**
 * GoTrue's address check (its `checkmail` format: the characters an address may have before and
 * after the `@`, host labels of at most 63 letters, digits and inner hyphens), with the domain
 * required to have a dot, as a deliverable address's has. `xx:;x@x.x` fails.
 */
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/
/** GoTrue's longest address. */
const MAX_EMAIL_LENGTH = 255

/** Hashed once, so an unknown user costs the same argon2 work as a wrong password. */
let dummyHash: Promise<string> | undefined
function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}

/** The address as stored (trimmed, lower case); 400 `validation_failed` when it is not one. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > MAX_EMAIL_LENGTH) {
    throw new AuthError(400, 'validation_failed', 'An email address is too long')
  }
  if (!EMAIL.test(email)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    )
  }
  return email
}

/** The password policy (password-policy.ts): 422 `weak_password` below it. */
export { assertPasswordStrength } from './password-policy.ts'

/** 422 `email_exists`: the address belongs to another account. */
export function emailExistsError() {
  return new AuthError(
    422,
    'email_exists',
    'A user with this email address has already been registered',
  )
}

/** A unique index refused the row: two writers raced for one email (or phone). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505'
}

/**
 * A user who signs in with their email address, and their `email` identity, inserted in the
 * caller's transaction: sign-up and the admin API create users this one way.
 */
export async function insertEmailUser(
  tx: Queryable,
  input: {
    email: string
    encryptedPassword: string | null
    emailConfirmedAt: Date | null
    userMetadata: Record<string, unknown>
    now: Date
  },
): Promise<UserRow> {
  const user = await users.insertUser(tx, {
    email: input.email,
    encryptedPassword: input.encryptedPassword,
    emailConfirmedAt: input.emailConfirmedAt,
    isAnonymous: false,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: input.userMetadata,
    now: input.now,
  })
  await identities.insertIdentity(tx, {
    userId: user.id,
    provider: 'email',
    providerId: user.id,
    identityData: {
      sub: user.id,
      email: input.email,
      email_verified: input.emailConfirmedAt !== null,
      phone_verified: false,
    },
    now: input.now,
  })
  return user
}

/**
 * A confirmed email + password user and their verified `email` identity, in the caller's
 * transaction, for accounts made outside the API (the demo seed's): times and other columns
 * come from the database's defaults, so unlike `insertEmailUser` the user has never signed in.
 * The address is stored as given.
 */
export async function createConfirmedEmailUser(
  tx: Queryable,
  input: { email: string; password: string; userMetadata: Record<string, unknown> },
): Promise<UserRow> {
  const encryptedPassword = await hashPassword(input.password)
  const user = await users.insertConfirmedEmailUser(tx, {
    email: input.email,
    encryptedPassword,
    userMetadata: input.userMetadata,
  })
  await identities.insertVerifiedEmailIdentity(tx, user.id, input.email)
  return user
}

/** GoTrue's metadata update: keys are set one by one, and a null value removes its key. */
export function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged = { ...current }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) {
      delete merged[key]
    } else {
      merged[key] = value
    }
  }
  return merged
}

/** `app_metadata` once the user can also sign in with `provider`. */
export function withProvider(appMetadata: Record<string, unknown>, provider: string) {
  const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as unknown[]) : []
  return {
    ...appMetadata,
    provider: appMetadata.provider ?? provider,
    providers: providers.includes(provider) ? providers : [...providers, provider],
  }
}

/**
 * The user proved that `email` is theirs (an emailed link or code, or a guest adding an address
 * while confirmation is automatic), in the caller's transaction: it is their confirmed address
 * and their `email` identity says it is verified. When `email` is a new address, the pending
 * change is complete: a user without an `email` identity (a guest, a social sign-in) gains one,
 * and a guest becomes a permanent user.
 */
export async function confirmEmail(
  tx: Queryable,
  user: UserRow,
  email: string,
  now: Date,
): Promise<UserRow> {
  const changesAddress = email !== user.email
  const identity = await identities.findIdentity(tx, 'email', user.id)
  if (identity) {
    await identities.updateIdentityData(tx, identity.id, { email, email_verified: true }, now)
  } else if (changesAddress) {
    await identities.insertIdentity(tx, {
      userId: user.id,
      provider: 'email',
      providerId: user.id,
      identityData: { sub: user.id, email, email_verified: true, phone_verified: false },
      now,
    })
  }
  return users.updateUser(
    tx,
    user.id,
    {
      emailConfirmedAt: user.email_confirmed_at ? undefined : now,
      ...(changesAddress && {
        email,
        emailChange: null,
        emailChangeSentAt: null,
        isAnonymous: false,
        appMetadata: identity ? undefined : withProvider(user.raw_app_meta_data, 'email'),
      }),
    },
    now,
  )
}

function invalidCredentials() {
  return new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
}

/** What sign-up and sign-in use: they open their own transactions and issue a session. */
export type UserDeps = Pick<AuthContext, 'db' | 'now' | 'signer'>

/** Anonymous sign-in: a user with no email, phone or password (amr `anonymous`). */
export async function signUpAnonymously(
  deps: UserDeps,
  data: Record<string, unknown>,
  meta: SessionMeta,
): Promise<SessionResponse> {
  return withTransaction(deps.db, async (tx) => {
    const user = await users.insertUser(tx, {
      email: null,
      encryptedPassword: null,
      emailConfirmedAt: null,
      isAnonymous: true,
      appMetadata: {},
      userMetadata: data,
      now: deps.now(),
    })
    return issueSession(deps, tx, user, 'anonymous', meta)
  })
}

/** Email sign-up, confirmed at once (autoconfirm, the local default; amr `password`). */
export async function signUpWithEmail(
  deps: UserDeps,
  input: { email: string; password: string; data: Record<string, unknown> },
  meta: SessionMeta,
): Promise<SessionResponse> {
  const email = normalizeEmail(input.email)
  assertPasswordStrength(input.password)
  if (await users.findUserByEmail(deps.db, email)) {
    throw userAlreadyExists()
  }
  const encryptedPassword = await hashPassword(input.password)
  try {
    return await withTransaction(deps.db, async (tx) => {
      const at = deps.now()
      const user = await insertEmailUser(tx, {
        email,
        encryptedPassword,
        emailConfirmedAt: at,
        userMetadata: input.data,
        now: at,
      })
      return issueSession(deps, tx, user, 'password', meta)
    })
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides.
    if (isUniqueViolation(error)) {
      throw userAlreadyExists()
    }
    throw error
  }
}

/** The password grant: the same error, and the same argon2 work, for every failure. */
export async function signInWithPassword(
  deps: UserDeps,
  identifier: { email?: string; phone?: string },
  password: string,
  meta: SessionMeta,
): Promise<SessionResponse> {
  const user = identifier.email
    ? await users.findUserByEmail(deps.db, identifier.email.trim())
    : await users.findUserByPhone(deps.db, identifier.phone?.trim() ?? '')
  const storedHash = user?.encrypted_password ?? (await dummyPasswordHash())
  const matches = await verifyPassword(storedHash, password)
  if (!user?.encrypted_password || !matches) {
    throw invalidCredentials()
  }
  if (user.banned_until && user.banned_until > deps.now()) {
    throw new AuthError(400, 'user_banned', 'User is banned')
  }
  if (identifier.email && !user.email_confirmed_at) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  }
  if (identifier.phone && !user.phone_confirmed_at) {
    throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed')
  }
  // A hash from an older setting or an imported bcrypt hash is replaced while we hold the
  // password: accounts move to today's parameters as their owners sign in.
  const upgradedHash = needsRehash(user.encrypted_password) ? await hashPassword(password) : null
  return withTransaction(deps.db, async (tx) => {
    if (upgradedHash) {
      await users.setPasswordHash(tx, user.id, upgradedHash, deps.now())
    }
    return issueSession(deps, tx, user, 'password', meta)
  })
}

function userAlreadyExists() {
  return new AuthError(422, 'user_already_exists', 'User already registered')
}
