import { withTransaction } from '../../platform/db/pool.ts'
import { parseGoDuration } from '../../platform/go-duration.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import * as identities from './identities.repository.ts'
import { hashPassword } from './password-hashing.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'
import {
  assertPasswordStrength,
  insertEmailUser,
  isUniqueViolation,
  mergeMetadata,
  normalizeEmail,
  withProvider,
} from './users.service.ts'
import { loadUserJson, type UserJson } from './user-json.ts'

/**
 * The user management behind `/admin/users` (protocol §1.4 "Admin"), with GoTrue's semantics:
 * metadata updates merge key by key (a null value removes the key), `ban_duration` is a Go
 * duration ("24h", "1h30m") or "none", and a soft delete keeps an anonymised row.
 *
 * Users are created with an email address only: this install has no SMS provider, so a
 * phone-only account could never sign in; a phone is refused as `/signup` refuses it.
 * Soft-deleted users are gone for this API as for every other (404 `user_not_found`).
 */
export type AdminUserInput = {
  email?: string | null
  phone?: string | null
  password?: string | null
  email_confirm?: boolean | null
  user_metadata?: Record<string, unknown> | null
  app_metadata?: Record<string, unknown> | null
  ban_duration?: string | null
}

/** `banned_until` for a `ban_duration`: undefined to leave it, null to lift the ban. */
function banExpiry(banDuration: string | null | undefined, now: Date): Date | null | undefined {
  if (!banDuration) {
    return undefined
  }
  const milliseconds = banDuration === 'none' ? 0 : parseGoDuration(banDuration)
  if (milliseconds === null) {
    throw new AuthError(
      400,
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${banDuration}"`,
    )
  }
  return milliseconds === 0 ? null : new Date(now.getTime() + milliseconds)
}

function emailExists() {
  return new AuthError(
    422,
    'email_exists',
    'A user with this email address has already been registered',
  )
}

function refusePhone(phone: string | null | undefined) {
  if (phone) {
    throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
  }
}

export type AdminDeps = Pick<AuthContext, 'db' | 'now'>
/** Banning or deleting a user also tells the session check to forget their sessions. */
export type AdminChangeDeps = AdminDeps & Pick<AuthContext, 'sessionCheck'>

async function findUser({ db }: AdminDeps, id: string): Promise<UserRow> {
  const user = await users.findUserById(db, id)
  if (!user) {
    throw new AuthError(404, 'user_not_found', 'User not found')
  }
  return user
}

export async function getUserAsAdmin(deps: AdminDeps, id: string): Promise<UserJson> {
  return loadUserJson(deps.db, await findUser(deps, id))
}

export async function listUsersAsAdmin({ db }: AdminDeps, page: number, perPage: number) {
  const listed = await users.listUsers(db, { limit: perPage, offset: (page - 1) * perPage })
  return {
    users: await Promise.all(listed.users.map((user) => loadUserJson(db, user))),
    total: listed.total,
  }
}

/** POST /admin/users: an email user, confirmed only with `email_confirm`; no session. */
export async function createUserAsAdmin(
  { db, now }: AdminDeps,
  input: AdminUserInput,
): Promise<UserJson> {
  refusePhone(input.phone)
  if (!input.email) {
    throw new AuthError(
      400,
      'validation_failed',
      'Cannot create a user without either an email or phone',
    )
  }
  const email = normalizeEmail(input.email)
  if (input.password) {
    assertPasswordStrength(input.password)
  }
  const bannedUntil = banExpiry(input.ban_duration, now())
  if (await users.findUserByEmail(db, email)) {
    throw emailExists()
  }
  // Without a password the account signs in by emailed link only, until one is set.
  const encryptedPassword = input.password ? await hashPassword(input.password) : null
  try {
    return await withTransaction(db, async (tx) => {
      const at = now()
      const created = await insertEmailUser(tx, {
        email,
        encryptedPassword,
        emailConfirmedAt: input.email_confirm ? at : null,
        userMetadata: input.user_metadata ?? {},
        now: at,
      })
      const user = await users.updateUser(
        tx,
        created.id,
        {
          appMetadata: input.app_metadata
            ? mergeMetadata(created.raw_app_meta_data, input.app_metadata)
            : undefined,
          bannedUntil,
        },
        at,
      )
      return loadUserJson(tx, user)
    })
  } catch (error) {
    throw isUniqueViolation(error) ? emailExists() : error
  }
}

/** PUT /admin/users/:id: applies what the body names, confirming nothing by email. */
export async function updateUserAsAdmin(
  deps: AdminChangeDeps,
  id: string,
  input: AdminUserInput,
): Promise<UserJson> {
  const { db, now } = deps
  const user = await findUser(deps, id)
  refusePhone(input.phone)
  const email = input.email ? normalizeEmail(input.email) : undefined
  if (input.password != null) {
    assertPasswordStrength(input.password)
  }
  const bannedUntil = banExpiry(input.ban_duration, now())
  if (email && email !== user.email) {
    const holder = await users.findUserByEmail(db, email)
    if (holder && holder.id !== user.id) {
      throw emailExists()
    }
  }
  const encryptedPassword = input.password != null ? await hashPassword(input.password) : undefined
  const confirmEmail = input.email_confirm === true
  try {
    const json = await withTransaction(db, async (tx) => {
      const at = now()
      let appMetadata = input.app_metadata
        ? mergeMetadata(user.raw_app_meta_data, input.app_metadata)
        : undefined
      if (email) {
        const identity = await identities.findIdentity(tx, 'email', user.id)
        if (identity) {
          await identities.updateIdentityData(
            tx,
            identity.id,
            { email, email_verified: confirmEmail },
            at,
          )
        } else {
          // A guest (or a social-only user) given an address gains the email identity.
          await identities.insertIdentity(tx, {
            userId: user.id,
            provider: 'email',
            providerId: user.id,
            identityData: {
              sub: user.id,
              email,
              email_verified: confirmEmail,
              phone_verified: false,
            },
            now: at,
          })
          appMetadata = withProvider(appMetadata ?? user.raw_app_meta_data, 'email')
        }
      }
      const updated = await users.updateUser(
        tx,
        user.id,
        {
          email,
          encryptedPassword,
          emailConfirmedAt: confirmEmail && !user.email_confirmed_at ? at : undefined,
          isAnonymous: user.is_anonymous && email && confirmEmail ? false : undefined,
          userMetadata: input.user_metadata
            ? mergeMetadata(user.raw_user_meta_data, input.user_metadata)
            : undefined,
          appMetadata,
          bannedUntil,
        },
        at,
      )
      return loadUserJson(tx, updated)
    })
    if (bannedUntil !== undefined) {
      // A ban stops the user's access tokens at once (the session check refuses them).
      deps.sessionCheck.forgetUser(user.id)
    }
    return json
  } catch (error) {
    throw isUniqueViolation(error) ? emailExists() : error
  }
}

/** DELETE /admin/users/:id: the row and everything cascading from it, or GoTrue's soft delete. */
export async function deleteUserAsAdmin(
  deps: AdminChangeDeps,
  id: string,
  soft: boolean,
): Promise<void> {
  const { db, now } = deps
  await findUser(deps, id)
  if (soft) {
    await users.softDeleteUser(db, id, now())
  } else {
    await users.deleteUser(db, id)
  }
  deps.sessionCheck.forgetUser(id)
}
