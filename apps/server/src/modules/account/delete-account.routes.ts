import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { ByteStore } from '../storage/index.ts'
import { deleteAccount, requireRecentSignIn } from './delete-account.service.ts'

/**
 * DELETE /api/auth/delete-account (spec section 7): the signed-in user and everything they own
 * go (`deleteAccount`). Answers 204 No Content: the spec names no response. Their sessions go
 * with them, and `forgetUserSessions` (the session check's) makes this process stop their
 * tokens at once rather than within its few seconds. Only a recent sign-in may delete
 * (`requireRecentSignIn`: 403 `reauthentication_needed` otherwise).
 */
export function registerDeleteAccountRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & {
    byteStore: ByteStore
    forgetUserSessions: (userId: string) => void
  },
) {
  app.delete('/auth/delete-account', async (request, reply) => {
    const user = await ctx.requireUser(request)
    requireRecentSignIn(ctx.now, user)
    await deleteAccount(ctx, user.id, request.log)
    ctx.forgetUserSessions(user.id)
    return reply.status(204).send()
  })
}
