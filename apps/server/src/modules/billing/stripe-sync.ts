/**
 * Stripe's objects into ours. Every webhook is a hint, not the truth: handlers fetch the
 * subscription fresh from Stripe and save that (so deliveries out of order or repeated end in
 * the same state), then record payments by invoice.
 *
 * Field locations follow the SDK's pinned API version (2025+): a subscription's period is on
 * its items, an invoice's subscription under `parent.subscription_details`, its payment intent
 * in `invoice_payments`.
 */
import type Stripe from 'stripe'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { readPlan } from '../credits/index.ts'
import {
  attachCustomer,
  customerOwner,
  findByStripeId,
  saveStripeSubscription,
  type SubscriptionRow,
} from './billing.repository.ts'

/**
 * Calls Stripe; a missing object (`resource_missing`) is null, any other failure of Stripe's
 * 502 `payment_provider_unavailable` (the job retries; a request shows it).
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call()
  } catch (error) {
    const stripeError = error as { type?: string; code?: string; message?: string }
    if (
      stripeError.type === 'StripeInvalidRequestError' &&
      stripeError.code === 'resource_missing'
    ) {
      return null
    }
    if (typeof stripeError.type === 'string' && stripeError.type.startsWith('Stripe')) {
      throw new AppError(
        'payment_provider_unavailable',
        `Stripe refused the request: ${stripeError.message ?? stripeError.type}`,
        { cause: error },
      )
    }
    throw error
  }
}

/** An id whether Stripe sent the object expanded or not. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : value.id
}

export function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null
}

/**
 * Fetches the subscription from Stripe and saves it for its user: the `userId` our checkout put
 * in its metadata, else the owner of its customer. Null when Stripe has no such subscription or
 * it is nobody's here (bought elsewhere and not redeemed yet).
 */
export async function syncStripeSubscription(
  tx: Queryable,
  stripe: Stripe,
  subscriptionId: string,
  now: Date,
  knownUserId?: string,
): Promise<SubscriptionRow | null> {
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId))
  if (!subscription) {
    return null
  }
  const customerId = idOf(subscription.customer)
  if (!customerId) {
    return null
  }
  const userId =
    knownUserId ??
    (await customerOwner(tx, customerId)) ??
    (await findByStripeId(tx, subscriptionId))?.user_id ??
    subscription.metadata.userId
  if (!userId) {
    return null
  }
  if ((await attachCustomer(tx, userId, customerId)) !== userId) {
    throw new Error(`Stripe customer ${customerId} belongs to another user than ${userId}`)
  }
  const item = subscription.items.data[0]
  const price = item?.price
  return saveStripeSubscription(tx, {
    userId,
    stripeCustomerId: customerId,
    stripeSubscriptionId: subscription.id,
    stripePriceId: price?.id ?? null,
    status: subscription.status,
    plan: await planOfPrice(tx, price, subscription.metadata),
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: fromUnix(subscription.canceled_at),
    stateChangedAt: now,
  })
}

/**
 * Our plan for a Stripe price: its lookup key is the plan's id (README, "Payments"); the
 * metadata our checkout wrote is the fallback.
 */
async function planOfPrice(
  tx: Queryable,
  price: Stripe.Price | undefined,
  metadata: Stripe.Metadata,
): Promise<string> {
  for (const candidate of [price?.lookup_key, price?.metadata?.plan, metadata.plan]) {
    if (candidate && (await readPlan(tx, candidate))?.kind === 'subscription') {
      return candidate
    }
  }
  throw new Error(
    `Stripe price ${price?.id ?? '(none)'} maps to no subscription plan: give it the plan's id as lookup key`,
  )
}
