/**
 * Purchases on phones: RevenueCat's webhook, `POST /api/webhooks/revenuecat` (ADR 0028).
 *
 * RevenueCat signs nothing: it sends the `Authorization` header configured in its dashboard,
 * compared here in constant time with `REVENUECAT_WEBHOOK_AUTH`. Like Stripe's, each event is
 * recorded under its id and handled once in a background job.
 *
 * Every subscription event carries the whole state (product, period, store), so each one is
 * saved as a state snapshot at its `event_timestamp_ms`; an older snapshot never overwrites a
 * newer one. What each type does:
 *
 * | type                                       | subscription                         | credits                          |
 * | ------------------------------------------ | ------------------------------------ | -------------------------------- |
 * | INITIAL_PURCHASE, RENEWAL                  | active, period from the event        | the plan's credits for the period |
 * | UNCANCELLATION, SUBSCRIPTION_EXTENDED      | active, renews again                 | —                                |
 * | CANCELLATION                               | active until expiry, will not renew  | —                                |
 * | CANCELLATION, reason CUSTOMER_SUPPORT      | canceled (a refund)                  | unspent credits taken back       |
 * | BILLING_ISSUE                              | past_due: plan kept, banner shown    | —                                |
 * | EXPIRATION                                 | canceled                             | back to the free plan if no other |
 * | PRODUCT_CHANGE                             | `next_plan` = the new product's plan | at the RENEWAL that applies it   |
 * | NON_RENEWING_PURCHASE                      | —                                    | a credit pack's credits          |
 * | TRANSFER                                   | moved to the receiving user          | plans of both users settled      |
 *
 * `app_user_id` is our user id (the app logs in to RevenueCat with it). SANDBOX events change
 * nothing on production installs. Other types (TEST, …) are recorded and ignored.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { SendJob } from '../../platform/product-api.ts'
import {
  grant,
  planForStoreProduct,
  readBalance,
  takeBackRefundedCredits,
} from '../credits/index.ts'
import {
  recordWebhookEvent,
  saveRevenueCatSubscription,
  transferRevenueCatSubscriptions,
  updateSubscription,
} from './billing.repository.ts'
import type { BillingSettings } from './billing-settings.ts'
import { BILLING_WEBHOOK_QUEUE } from './stripe-webhooks.ts'
import { recordPayment, settleUserPlan } from './subscriptions.service.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const millis = z.number().int().nonnegative().nullish()

export const RevenueCatEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  app_user_id: z.string().max(500).nullish(),
  original_app_user_id: z.string().max(500).nullish(),
  aliases: z.array(z.string()).nullish(),
  product_id: z.string().max(500).nullish(),
  new_product_id: z.string().max(500).nullish(),
  transaction_id: z.string().max(500).nullish(),
  original_transaction_id: z.string().max(500).nullish(),
  purchased_at_ms: millis,
  expiration_at_ms: millis,
  event_timestamp_ms: z.number().int().nonnegative(),
  environment: z.enum(['SANDBOX', 'PRODUCTION']).nullish(),
  store: z.string().max(100).nullish(),
  cancel_reason: z.string().max(100).nullish(),
  transferred_from: z.array(z.string()).nullish(),
  transferred_to: z.array(z.string()).nullish(),
})
export type RevenueCatEvent = z.infer<typeof RevenueCatEventSchema>

const WebhookBodySchema = z.object({
  api_version: z.string().optional(),
  event: RevenueCatEventSchema.loose(),
})

export async function receiveRevenueCatEvent(
  deps: { settings: BillingSettings; sendJob: SendJob },
  tx: Queryable,
  authorization: string | undefined,
  body: unknown,
): Promise<{ duplicate: boolean }> {
  const expected = deps.settings.revenueCatAuthorization
  if (!expected) {
    throw new AppError(
      'billing_not_configured',
      'The RevenueCat webhook is off on this server (REVENUECAT_WEBHOOK_AUTH is not set)',
    )
  }
  if (!sameSecret(authorization ?? '', expected)) {
    throw new AppError('webhook_unauthorized', 'The Authorization header is missing or wrong')
  }
  const { event } = WebhookBodySchema.parse(body)
  const recorded = await recordWebhookEvent(tx, {
    provider: 'revenuecat',
    id: event.id,
    type: event.type,
    payload: event,
  })
  if (recorded) {
    await deps.sendJob(tx, BILLING_WEBHOOK_QUEUE, { provider: 'revenuecat', id: event.id })
  }
  return { duplicate: !recorded }
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** Handles one recorded event inside the caller's transaction; answers why it was skipped. */
export async function handleRevenueCatEvent(
  tx: Queryable,
  settings: BillingSettings,
  payload: unknown,
  now: Date,
): Promise<string | null> {
  const event = RevenueCatEventSchema.parse(payload)
  if (event.environment === 'SANDBOX' && settings.ignoreSandboxEvents) {
    return 'a sandbox event on a production install'
  }
  if (event.type === 'TRANSFER') {
    return transfer(tx, event, now)
  }
  const userId = ourUserId(event)
  if (!userId || !(await userExists(tx, userId, now))) {
    return 'no user of ours in app_user_id, original_app_user_id or aliases'
  }
  if (event.type === 'NON_RENEWING_PURCHASE') {
    return creditPack(tx, event, userId, now)
  }
  const status = STATUS_AFTER[event.type]
  if (!status) {
    return `${event.type} is not handled`
  }
  const subscriptionId = event.original_transaction_id ?? event.transaction_id
  const plan = event.product_id ? await planForStoreProduct(tx, event.product_id) : null
  if (!subscriptionId || plan?.kind !== 'subscription') {
    return `product ${event.product_id ?? '(none)'} sells no subscription plan`
  }
  const eventAt = new Date(event.event_timestamp_ms)
  const refunded = event.type === 'CANCELLATION' && event.cancel_reason === 'CUSTOMER_SUPPORT'
  const row = await saveRevenueCatSubscription(tx, {
    userId,
    revenueCatSubscriptionId: subscriptionId,
    store: event.store ?? null,
    storeProductId: event.product_id ?? null,
    status: refunded ? 'canceled' : status,
    plan: plan.id,
    currentPeriodStart: event.purchased_at_ms ? new Date(event.purchased_at_ms) : null,
    currentPeriodEnd: event.expiration_at_ms ? new Date(event.expiration_at_ms) : null,
    cancelAtPeriodEnd: event.type === 'CANCELLATION',
    canceledAt: refunded || event.type === 'EXPIRATION' ? eventAt : null,
    stateChangedAt: eventAt,
  })
  const paymentKey = `revenuecat:${event.transaction_id ?? event.id}`
  if (event.type === 'INITIAL_PURCHASE' || event.type === 'RENEWAL') {
    await recordPayment(
      tx,
      {
        subscription: row,
        startsAt: row.current_period_start ?? eventAt,
        endsAt: row.current_period_end ?? eventAt,
        idempotencyKey: paymentKey,
        metadata: { revenueCatEventId: event.id, store: event.store ?? null },
      },
      now,
    )
  } else if (event.type === 'BILLING_ISSUE') {
    await updateSubscription(tx, row.id, eventAt, { paymentFailedAt: eventAt })
  } else if (event.type === 'PRODUCT_CHANGE' && event.new_product_id) {
    const next = await planForStoreProduct(tx, event.new_product_id)
    await updateSubscription(tx, row.id, eventAt, { nextPlan: next?.id ?? null })
  } else if (refunded) {
    await takeBackRefundedCredits(
      tx,
      { userId, paymentKey, refundedShare: 1, reference: event.id },
      now,
    )
  }
  await settleUserPlan(tx, userId, now)
  return null
}

/** The subscription's status after each event type that carries a subscription's state. */
const STATUS_AFTER: Record<string, string> = {
  INITIAL_PURCHASE: 'active',
  RENEWAL: 'active',
  UNCANCELLATION: 'active',
  SUBSCRIPTION_EXTENDED: 'active',
  PRODUCT_CHANGE: 'active',
  CANCELLATION: 'active',
  BILLING_ISSUE: 'past_due',
  EXPIRATION: 'canceled',
}

async function creditPack(tx: Queryable, event: RevenueCatEvent, userId: string, now: Date) {
  const plan = event.product_id ? await planForStoreProduct(tx, event.product_id) : null
  if (plan?.kind !== 'pack' || !plan.credits) {
    return `product ${event.product_id ?? '(none)'} sells no credit pack`
  }
  await grant(
    tx,
    {
      userId,
      amount: plan.credits,
      idempotencyKey: `revenuecat:${event.transaction_id ?? event.id}`,
      reason: 'pack',
      metadata: { plan: plan.id, revenueCatEventId: event.id, store: event.store ?? null },
    },
    now,
  )
  return null
}

async function transfer(tx: Queryable, event: RevenueCatEvent, now: Date) {
  const from = (event.transferred_from ?? []).filter((id) => UUID.test(id))
  const to = (event.transferred_to ?? []).find((id) => UUID.test(id))
  if (!to || from.length === 0 || !(await userExists(tx, to, now))) {
    return 'the transfer names no user of ours on both sides'
  }
  await transferRevenueCatSubscriptions(tx, from, to)
  for (const userId of from) {
    await settleUserPlan(tx, userId, now)
  }
  // The receiver's plan starts now; the giver's unspent allowance expired with theirs.
  await settleUserPlan(tx, to, now, `revenuecat-transfer:${event.id}`)
  return null
}

async function userExists(tx: Queryable, userId: string, now: Date): Promise<boolean> {
  try {
    await readBalance(tx, userId, now)
    return true
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false
    throw error
  }
}

/** The first of the event's user ids that is one of ours (RevenueCat's own are `$RCAnonymousID:…`). */
function ourUserId(event: RevenueCatEvent): string | null {
  const candidates = [event.app_user_id, event.original_app_user_id, ...(event.aliases ?? [])]
  return candidates.find((id): id is string => typeof id === 'string' && UUID.test(id)) ?? null
}
