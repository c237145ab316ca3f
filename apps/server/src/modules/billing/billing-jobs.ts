/**
 * The `billing-webhook` queue: each recorded webhook event (Stripe or RevenueCat) is handled
 * once, in one transaction with every balance and subscription write it makes, under a lock on
 * its row. A failure is noted on the row and retried with back-off (Stripe's own retries stop
 * after three days; ours after about an hour, the row keeps the error for an operator).
 */
import type PgBoss from 'pg-boss'
import type Stripe from 'stripe'
import { z } from 'zod'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import { lockWebhookEvent, markWebhookEvent } from './billing.repository.ts'
import { type BillingSettings, createStripeClient } from './billing-settings.ts'
import { handleRevenueCatEvent } from './revenuecat-webhooks.ts'
import { BILLING_WEBHOOK_QUEUE, handleStripeEvent } from './stripe-webhooks.ts'

const JobData = z.object({ provider: z.enum(['stripe', 'revenuecat']), id: z.string() })

export type BillingJobDeps = {
  db: Database
  logger: Logger
  settings: BillingSettings
  now: () => Date
}

export function billingWebhooks(deps: BillingJobDeps): JobFeature {
  const stripe = deps.settings.stripe ? createStripeClient(deps.settings.stripe) : null
  return {
    queues: [
      {
        name: BILLING_WEBHOOK_QUEUE,
        policy: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
        concurrency: 4,
        work: async (job: PgBoss.JobWithMetadata<unknown>) =>
          processWebhookEvent({ ...deps, stripe }, JobData.parse(job.data)),
      },
    ],
    tasks: [],
  }
}

export async function processWebhookEvent(
  deps: BillingJobDeps & { stripe: Stripe | null },
  { provider, id }: z.infer<typeof JobData>,
): Promise<void> {
  try {
    await withTransaction(deps.db, async (tx) => {
      const event = await lockWebhookEvent(tx, provider, id)
      if (!event || event.processed_at) {
        return
      }
      const now = deps.now()
      let skipped: string | null = null
      if (provider === 'stripe') {
        if (!deps.stripe) {
          throw new Error('A Stripe event arrived but Stripe is not configured')
        }
        await handleStripeEvent(tx, deps.stripe, event.payload as Stripe.Event, now)
      } else {
        skipped = await handleRevenueCatEvent(tx, deps.settings, event.payload, now)
      }
      if (skipped) {
        deps.logger.info({ provider, eventId: id, type: event.type, skipped }, 'webhook ignored')
      }
      await markWebhookEvent(tx, provider, id, { processedAt: now })
    })
  } catch (error) {
    await markWebhookEvent(deps.db, provider, id, { error: String(error) })
    throw error
  }
}
