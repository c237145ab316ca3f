import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { withTransaction } from '../../../platform/db/pool.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../gotrue-errors.ts'
import { authenticateBearer, requireAal2ForAccountChange } from '../sessions.service.ts'
import { requireManualLinking, unlinkIdentity } from './provider-accounts.ts'

/**
 * DELETE /user/identities/{identity_id} (auth-js `unlinkIdentity`, protocol §1.4). The user's
 * identities are listed in the user JSON; linking is the id_token grant's `link_identity` and
 * GET /user/identities/authorize. GoTrue gates both behind its manual-linking setting (off by
 * default); this product links accounts, so here it is on by default (`AUTH_MANUAL_LINKING`).
 */
export function registerIdentityRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.delete<{ Params: { identityId: string } }>(
    '/user/identities/:identityId',
    async (request) => {
      const signedIn = await authenticateBearer(ctx, request.headers.authorization)
      requireManualLinking(ctx.settings)
      await requireAal2ForAccountChange(ctx.db, signedIn)
      const { user } = signedIn
      if (!z.uuid().safeParse(request.params.identityId).success) {
        throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID')
      }
      await withTransaction(ctx.db, (tx) =>
        unlinkIdentity(tx, user, request.params.identityId, ctx.now()),
      )
      return {}
    },
  )
}
