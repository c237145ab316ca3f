import { type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { AuthContext } from './auth-context.ts'
import { type IssuedEmailLink, issueEmailLink } from './email-links.service.ts'
import { AuthError } from './gotrue-errors.ts'
import { hashPassword } from './password-hashing.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'
import {
  assertPasswordStrength,
  emailExistsError,
  insertEmailUser,
  isUniqueViolation,
  mergeMetadata,
  normalizeEmail,
} from './users.service.ts'
import { loadUserJson } from './user-json.ts'

/**
 * POST /admin/generate_link: the link and code an email would carry, handed to the admin
 * instead of sent. `signup` and `invite` create the account if needed (`magiclink` for an
 * unknown address is a `signup`); `recovery` and `email_change_new` need an existing one.
 * `email_change_current` belongs to GoTrue's double confirmation, which this server does not
 * use (an email change is confirmed by the new address only).
 */
export type GenerateLinkInput = {
  type?: string | null
  email?: string | null
  new_email?: string | null
  password?: string | null
  data?: Record<string, unknown> | null
}

/** The link of `input.type` for `input.email`, with the user JSON it concerns. */
export async function generateAdminLink(
  ctx: AuthContext,
  input: GenerateLinkInput,
  redirectTo: string,
) {
  const email = normalizeEmail(input.email ?? '')
  const existing = await users.findUserByEmail(ctx.db, email)
  // A magic link for a new address signs up an account without a password, as /otp does.
  const type = !existing && input.type === 'magiclink' ? 'signup' : (input.type ?? '')
  const encryptedPassword =
    input.type === 'signup' && !existing ? await newAccountPassword(input.password) : null
  try {
    return await withTransaction(ctx.db, async (tx) => {
      const link = { redirectTo, challenge: null, address: email }
      let issued: IssuedEmailLink
      switch (type) {
        case 'magiclink':
        case 'recovery':
          if (!existing) {
            throw userNotFound()
          }
          issued = await issueEmailLink(tx, ctx, { ...link, type, user: existing })
          break
        case 'signup':
        case 'invite': {
          const user = await accountToConfirm(tx, ctx, {
            existing,
            email,
            encryptedPassword,
            data: input.data ?? {},
          })
          issued = await issueEmailLink(tx, ctx, { ...link, type, user })
          break
        }
        case 'email_change_current':
          throw existing
            ? new AuthError(
                400,
                'validation_failed',
                'Enable secure email change to generate link for current email',
              )
            : userNotFound()
        case 'email_change_new': {
          if (!existing) {
            throw userNotFound()
          }
          const newEmail = normalizeEmail(input.new_email ?? '')
          const holder = await users.findUserByEmail(tx, newEmail)
          if (holder && holder.id !== existing.id) {
            throw emailExistsError()
          }
          issued = await issueEmailLink(tx, ctx, {
            ...link,
            type: 'email_change',
            address: newEmail,
            user: existing,
          })
          break
        }
        default:
          throw new AuthError(
            400,
            'validation_failed',
            `Invalid email action link type requested: ${type}`,
          )
      }
      return {
        ...(await loadUserJson(tx, issued.user)),
        action_link: issued.link,
        email_otp: issued.otp,
        hashed_token: issued.hashedToken,
        redirect_to: issued.redirectTo,
        verification_type: type,
      }
    })
  } catch (error) {
    throw isUniqueViolation(error) ? emailExistsError() : error
  }
}

function userNotFound() {
  return new AuthError(404, 'user_not_found', 'User with this email not found')
}

/**
 * The account a signup or invite link confirms: a new unconfirmed one, or the unconfirmed one
 * already there with the metadata merged in; a confirmed address is 422 `email_exists`.
 */
async function accountToConfirm(
  tx: Queryable,
  ctx: Pick<AuthContext, 'now'>,
  account: {
    existing: UserRow | null
    email: string
    encryptedPassword: string | null
    data: Record<string, unknown>
  },
): Promise<UserRow> {
  const { existing, data } = account
  if (existing?.email_confirmed_at) {
    throw emailExistsError()
  }
  const now = ctx.now()
  if (existing) {
    const userMetadata = mergeMetadata(existing.raw_user_meta_data, data)
    return users.updateUser(tx, existing.id, { userMetadata }, now)
  }
  return insertEmailUser(tx, {
    email: account.email,
    encryptedPassword: account.encryptedPassword,
    emailConfirmedAt: null,
    userMetadata: data,
    now,
  })
}

/** The password of an account a signup link creates: required, like POST /signup's. */
async function newAccountPassword(password: string | null | undefined): Promise<string | null> {
  if (!password) {
    throw new AuthError(422, 'validation_failed', 'Signup requires a valid password')
  }
  assertPasswordStrength(password)
  return hashPassword(password)
}
