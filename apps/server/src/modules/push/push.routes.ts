/**
 * Notifications and badges (issue 19, ADR 0032):
 * - GET /api/push: `{vapidPublicKey, preferences, devices}`;
 * - PUT /api/push/preferences: any of the four switches; answers the switches;
 * - POST /api/push/subscriptions: a browser's `PushSubscription.toJSON()`: 204; 422
 *   `push_endpoint_not_allowed` for a push service this server does not send to;
 * - DELETE /api/push/subscriptions `{endpoint}`: 204, or 404 `push_subscription_not_found`;
 * - GET /api/badges?today=YYYY-MM-DD: what waits behind the shell's tabs.
 */
import {
  BadgesResponseSchema,
  PushPreferencesUpdateSchema,
  PushSubscriptionRequestSchema,
  PushUnsubscribeRequestSchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { listScheduledInterviews } from '../applications/index.ts'
import { countPendingEmails } from '../inbound-email/index.ts'
import {
  countUserSubscriptions,
  deleteUserSubscription,
  findPreferences,
  savePreferences,
} from './push.repository.ts'
import { type PushSettings, subscribeDevice, vapidPublicKey } from './push.service.ts'

const BadgesQuery = z.object({
  /** The caller's local date: "an interview today" is today where the user is. */
  today: z.iso.date(),
})

export function registerPushRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { push: PushSettings },
) {
  app.get('/push', async (request) => {
    const user = await ctx.requireUser(request)
    const [key, preferences, devices] = await Promise.all([
      vapidPublicKey(ctx.push),
      findPreferences(ctx.db, user.id),
      countUserSubscriptions(ctx.db, user.id),
    ])
    return { vapidPublicKey: key, preferences, devices }
  })

  app.put('/push/preferences', async (request) => {
    const user = await ctx.requireUser(request)
    const changes = PushPreferencesUpdateSchema.parse(request.body)
    return { preferences: await savePreferences(ctx.db, user.id, changes) }
  })

  app.post('/push/subscriptions', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const subscription = PushSubscriptionRequestSchema.parse(request.body)
    const userAgent = request.headers['user-agent']
    await subscribeDevice(
      { db: ctx.db, push: ctx.push },
      user.id,
      subscription,
      typeof userAgent === 'string' ? userAgent : null,
    )
    return reply.status(204).send()
  })

  app.delete('/push/subscriptions', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { endpoint } = PushUnsubscribeRequestSchema.parse(request.body)
    if (!(await deleteUserSubscription(ctx.db, user.id, endpoint))) {
      throw new AppError('push_subscription_not_found', 'This device is not subscribed')
    }
    return reply.status(204).send()
  })

  app.get('/badges', async (request) => {
    const user = await ctx.requireUser(request)
    const { today } = BadgesQuery.parse(request.query)
    const [reviewInbox, interviews] = await Promise.all([
      countPendingEmails(ctx.db, user.id),
      listScheduledInterviews(ctx.db, user.id, today, 20),
    ])
    return BadgesResponseSchema.parse({
      reviewInbox,
      interviewsToday: interviews.filter((interview) => interview.payload.date === today).length,
    })
  })
}
