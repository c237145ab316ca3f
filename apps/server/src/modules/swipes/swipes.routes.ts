import { MAX_IDEMPOTENCY_KEY_LENGTH, SwipeRequestSchema } from '@app/contracts'
import { z } from 'zod'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import { type AfterRightSwipe, type IsOpenJob, recordSwipe, undoSwipe } from './swipes.service.ts'

/**
 * POST /api/swipes `{jobId, swipeDirection, creditCost?, isLastCard?}` (spec section 7; the
 * contract and its rules are in packages/contracts/src/swipes.ts), with an optional
 * `Idempotency-Key` header: 201 with `{swipe, credits, applicationId}`, or 200 with the same
 * for a repeated key. 402 `insufficient_credits`, 404 `not_found` (no such open job), 409
 * `price_changed` (the `creditCost` shown is not the server's price of a right swipe), 409
 * `conflict` (job already swiped, or the key used for another swipe), 400 `validation_failed`,
 * 429 `over_request_rate_limit` (the user's `swipes` limit, with `Retry-After`).
 *
 * DELETE /api/swipes/:id undoes a left swipe: 204; 409 `conflict` for a right swipe, 404
 * `not_found` for no swipe of the user's.
 */
const SwipeHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).optional(),
})

const SwipeParams = z.object({ id: z.uuid() })

export function registerSwipesRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & {
    isOpenJob: IsOpenJob
    limitUser: LimitUser
    afterRightSwipe?: AfterRightSwipe
  },
) {
  app.post('/swipes', async (request, reply) => {
    const user = await ctx.requireUser(request)
    await ctx.limitUser(reply, user.id, 'swipes')
    const headers = SwipeHeaders.parse(request.headers)
    const body = SwipeRequestSchema.parse(request.body)
    const { response, created } = await recordSwipe(ctx.db, {
      userId: user.id,
      request: body,
      idempotencyKey: headers['idempotency-key'] ?? null,
      now: ctx.now(),
      isOpenJob: ctx.isOpenJob,
      afterRightSwipe: ctx.afterRightSwipe,
    })
    return reply.status(created ? 201 : 200).send(response)
  })

  app.delete('/swipes/:id', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { id } = SwipeParams.parse(request.params)
    await undoSwipe(ctx.db, user.id, id)
    return reply.status(204).send()
  })
}
