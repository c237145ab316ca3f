import { z } from 'zod'
import { withTransaction } from '../../platform/db/pool.ts'
import type { AuthContext } from './auth-context.ts'
import {
  consumeReauthenticationNonce,
  type LinkOptions,
  sendEmailLink,
} from './email-links.service.ts'
import { AuthError } from './gotrue-errors.ts'
import * as mfa from './mfa/mfa.repository.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import * as sessions from './sessions.repository.ts'
import type { SessionRow } from './sessions.repository.ts'
import * as users from './users.repository.ts'
import type { UserRow } from './users.repository.ts'
import {
  assertPasswordStrength,
  confirmEmail,
  emailExistsError,
  isUniqueViolation,
  mergeMetadata,
  normalizeEmail,
} from './users.service.ts'
import { loadUserJson, type UserJson } from './user-json.ts'

/**
 * PUT /user (protocol §1.4): the signed-in user changes their password, their metadata (merged
 * key by key) or their email address, with GoTrue's rules. A new address is confirmed by a
 * link and code sent to it; until then the user shows it as `new_email`. (GoTrue can also ask
 * the current address to confirm, its "secure email change"; this server asks only the new
 * one: that proves the address works, and the change needs a signed-in session anyway.)
 * A guest giving an address is upgraded in place, keeping their id and everything they own:
 * at once when confirmation is automatic, else once they confirm it. A password change ends the
 * user's other sessions (as GoTrue does), and their access tokens stop working with them. A
 * user with a verified factor changes nothing from an aal1 session. A `nonce` from
 * GET /reauthenticate, when sent, must be right.
 */
export const UserUpdateBody = z.looseObject({
  email: z.string().nullish(),
  password: z.string().nullish(),
  nonce: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  app_metadata: z.record(z.string(), z.unknown()).nullish(),
  phone: z.string().nullish(),
})

export type UserUpdate = z.infer<typeof UserUpdateBody>

/** The checks GoTrue makes before changing anything, in its order. */
async function assertUpdateAllowed(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  update: UserUpdate,
  email: string | null,
): Promise<void> {
  if (update.phone) {
    throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
  }
  if (update.password != null) {
    assertPasswordStrength(update.password)
  }
  if (update.app_metadata) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  const changesEmail = email !== null && email !== user.email
  // GoTrue asks for aal2 before an email or password change; this server also before a change
  // of the user's metadata: with a verified factor, an aal1 session reaches no data of theirs.
  if ((update.password || changesEmail || update.data) && session.aal !== 'aal2') {
    const factors = await mfa.listFactors(ctx.db, user.id)
    if (factors.some((factor) => factor.status === 'verified')) {
      throw new AuthError(
        401,
        'insufficient_aal',
        update.password || changesEmail
          ? 'AAL2 session is required to update email or password when MFA is enabled.'
          : 'AAL2 session is required to update user data when MFA is enabled.',
      )
    }
  }
  if (user.is_anonymous && update.password && !email) {
    throw new AuthError(
      422,
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    )
  }
  if (changesEmail) {
    const holder = await users.findUserByEmail(ctx.db, email)
    if (holder && holder.id !== user.id) {
      throw emailExistsError()
    }
  }
  if (update.password && user.encrypted_password) {
    if (await verifyPassword(user.encrypted_password, update.password)) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      )
    }
  }
}

export async function updateSignedInUser(
  ctx: AuthContext,
  signedIn: { user: UserRow; session: SessionRow },
  update: UserUpdate,
  linkOptions: LinkOptions,
): Promise<UserJson> {
  const { user, session } = signedIn
  const email = update.email ? normalizeEmail(update.email) : null
  await assertUpdateAllowed(ctx, user, session, update, email)
  const encryptedPassword = update.password ? await hashPassword(update.password) : undefined
  try {
    const json = await withTransaction(ctx.db, async (tx) => {
      const now = ctx.now()
      if (update.nonce) {
        await consumeReauthenticationNonce(tx, ctx, user, update.nonce)
      }
      let updated = await users.updateUser(
        tx,
        user.id,
        {
          encryptedPassword,
          userMetadata: update.data
            ? mergeMetadata(user.raw_user_meta_data, update.data)
            : undefined,
        },
        now,
      )
      if (encryptedPassword) {
        await sessions.deleteUserSessions(tx, user.id, session.id)
      }
      if (email && email !== user.email) {
        updated =
          user.is_anonymous && ctx.settings.emailAutoconfirm
            ? await confirmEmail(tx, updated, email, now)
            : await sendEmailLink(tx, ctx, {
                user: updated,
                type: 'email_change',
                address: email,
                ...linkOptions,
              })
      }
      return loadUserJson(tx, updated)
    })
    if (encryptedPassword) {
      // The other sessions ended: their access tokens stop at once in this process too.
      ctx.sessionCheck.forgetUser(user.id)
    }
    return json
  } catch (error) {
    throw isUniqueViolation(error) ? emailExistsError() : error
  }
}
