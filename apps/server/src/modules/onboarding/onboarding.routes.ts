import { z } from 'zod'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { listOnboardingMessages, markOnboardingMessageRead } from './onboarding-messages.service.ts'

/**
 * The onboarding messages (spec section 7, ADR 0012), for the signed-in user, guests included:
 * - GET /api/onboarding/messages → 200 `{messages, nextDeliverAt}` (OnboardingMessagesResponse):
 *   the tips delivered so far, oldest first; none before the wizard is completed.
 * - POST /api/onboarding/messages/:id/read → 200 the message with `readAt` set; 404 `not_found`
 *   for an id that is unknown or not delivered yet.
 */
const MessageParams = z.object({ id: z.string().min(1).max(100) })

export function registerOnboardingRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.get('/onboarding/messages', async (request) => {
    const user = await ctx.requireUser(request)
    return listOnboardingMessages(ctx.db, user.id, ctx.now())
  })

  app.post('/onboarding/messages/:id/read', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = MessageParams.parse(request.params)
    return markOnboardingMessageRead(ctx.db, user.id, id, ctx.now())
  })
}
