import { z } from 'zod'
import { withTransaction } from '../../../platform/db/pool.ts'
import { AppError } from '../../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../../platform/product-api.ts'
import type { AuthSettings } from '../auth-settings.ts'
import { AuthError } from '../gotrue-errors.ts'
import * as identities from '../identities.repository.ts'
import { IdTokenRejected, isProviderName, verifyIdToken } from './oidc-id-token.ts'
import { linkProviderProfile } from './provider-accounts.ts'
import * as users from '../users.repository.ts'

/**
 * POST /api/auth/link-social {provider, token} (spec section 7): the signed-in user links the
 * Google or Apple account whose ID token the app obtained, verified exactly as the Auth
 * service's id_token grant verifies it. Answers `{success, message}`:
 * - `{success: true, message: 'Social account linked'}`, also when it already was;
 * - `{success: false, message: 'Email already exists'}` when the token's email belongs to
 *   another account (the web app treats this one as fine: that account signs in with it);
 * - 400 `validation_failed` for an unknown provider or a token we refuse, 409 `conflict` when
 *   the social account is linked to another user.
 */
const LinkSocialBody = z.object({ provider: z.string(), token: z.string().min(1) })

export function registerLinkSocialRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { authSettings: AuthSettings },
) {
  app.post('/auth/link-social', async (request) => {
    const apiUser = await ctx.requireUser(request)
    const input = LinkSocialBody.parse(request.body)
    const provider = isProviderName(input.provider)
      ? ctx.authSettings.providers[input.provider]
      : null
    if (!isProviderName(input.provider) || !provider) {
      throw new AppError('validation_failed', `Unsupported provider: ${input.provider}`)
    }
    const profile = await verifyIdToken(input.provider, provider, input.token, {
      now: ctx.now(),
    }).catch((error: unknown) => {
      if (error instanceof IdTokenRejected) {
        throw new AppError('validation_failed', `Invalid ${input.provider} token: ${error.message}`)
      }
      throw error
    })

    return withTransaction(ctx.db, async (tx) => {
      const user = await users.findUserById(tx, apiUser.id)
      if (!user) {
        throw new AppError('not_authenticated', 'User not found')
      }
      const email = profile.email?.toLowerCase()
      const holder = email ? await users.findUserByEmail(tx, email) : null
      if (holder && holder.id !== user.id) {
        return { success: false, message: 'Email already exists' }
      }
      const linked = await identities.findIdentity(tx, profile.provider, profile.subject)
      if (linked && linked.user_id !== user.id) {
        throw new AppError(
          'conflict',
          `This ${profile.provider} account is already linked to another user`,
        )
      }
      if (!linked) {
        await linkProviderProfile(tx, user, profile, { now: ctx.now() }).catch((error: unknown) => {
          if (error instanceof AuthError && error.status < 500) {
            throw new AppError('validation_failed', error.message)
          }
          throw error
        })
      }
      return { success: true, message: 'Social account linked' }
    })
  })
}
