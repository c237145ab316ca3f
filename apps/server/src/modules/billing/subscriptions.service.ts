/**
 * One plan per user whichever store sold it (ADR 0028). Both providers' handlers save what they
 * learn as subscription rows, then call into here:
 *
 * - `recordPayment`: a paid period of a subscription. When it is the user's highest-ranked live
 *   subscription, the balance moves to its plan and period and its credits are granted
 *   (credits' `startPaidPeriod`); a payment for a lower-ranked one (a seeker paying on the web and
 *   on a phone) still grants its credits, as a grant that outlives the period. Either way under
 *   the payment's key, once.
 * - `settleUserPlan`: after a state change; with no live subscription left, the balance returns
 *   to the free plan.
 * - `billingOverview`: what the credits screen shows.
 */
import type { BillingOverview, Plan, SubscriptionSummary } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import {
  type CataloguePlan,
  grant,
  listPlansForSale,
  readBalance,
  readPlan,
  readUserPlan,
  returnToFreePlan,
  startPaidPeriod,
  toCreditsResponse,
} from '../credits/index.ts'
import {
  latestSubscription,
  LIVE_STATUSES,
  listLiveSubscriptions,
  type SubscriptionRow,
} from './billing.repository.ts'

export type Payment = {
  subscription: SubscriptionRow
  startsAt: Date
  endsAt: Date
  /** Unique per payment: `invoice:<id>`, `revenuecat:<transaction id>`. */
  idempotencyKey: string
  metadata: Record<string, unknown>
}

export async function recordPayment(tx: Queryable, payment: Payment, now: Date): Promise<void> {
  const { subscription } = payment
  if (!isLive(subscription)) {
    // A late report for a subscription that has ended since: its period is over.
    return
  }
  const top = await highestRanked(tx, subscription.user_id)
  if (top?.id === subscription.id) {
    await startPaidPeriod(
      tx,
      {
        userId: subscription.user_id,
        plan: subscription.plan,
        startsAt: payment.startsAt,
        endsAt: payment.endsAt,
        idempotencyKey: payment.idempotencyKey,
        metadata: payment.metadata,
      },
      now,
    )
    return
  }
  const plan = await readPlan(tx, subscription.plan)
  if (plan?.credits) {
    await grant(
      tx,
      {
        userId: subscription.user_id,
        amount: plan.credits,
        idempotencyKey: payment.idempotencyKey,
        reason: 'subscription',
        metadata: { ...payment.metadata, plan: plan.id, outranked: true },
      },
      now,
    )
  }
}

/**
 * Back to the free plan when no subscription of the user's is live any more. With `adoptKey`
 * (a subscription moved to this user), a live subscription whose plan the balance is not on yet
 * starts its current period now, its credits granted under that key.
 */
export async function settleUserPlan(
  tx: Queryable,
  userId: string,
  now: Date,
  adoptKey?: string,
): Promise<void> {
  const top = await highestRanked(tx, userId)
  if (!top) {
    await returnToFreePlan(tx, userId, now)
    return
  }
  if (adoptKey && (await readUserPlan(tx, userId)).id !== top.plan) {
    await startPaidPeriod(
      tx,
      {
        userId,
        plan: top.plan,
        startsAt: top.current_period_start ?? now,
        endsAt: top.current_period_end ?? now,
        idempotencyKey: adoptKey,
        metadata: { adopted: top.id },
      },
      now,
    )
  }
}

export function isLive(subscription: Pick<SubscriptionRow, 'status'>): boolean {
  return (LIVE_STATUSES as readonly string[]).includes(subscription.status)
}

/** The user's live subscription whose plan ranks highest (ties: the one renewing last). */
async function highestRanked(tx: Queryable, userId: string): Promise<SubscriptionRow | null> {
  let best: { row: SubscriptionRow; rank: number } | null = null
  for (const row of await listLiveSubscriptions(tx, userId)) {
    const rank = (await readPlan(tx, row.plan))?.rank ?? 0
    if (!best || rank > best.rank) {
      best = { row, rank }
    }
  }
  return best?.row ?? null
}

export async function billingOverview(
  db: Queryable,
  userId: string,
  purchasesEnabled: boolean,
  now: Date,
): Promise<BillingOverview> {
  const balance = await readBalance(db, userId, now)
  const [plans, currentPlan, subscription] = await Promise.all([
    listPlansForSale(db),
    readUserPlan(db, userId),
    highestRanked(db, userId).then((live) => live ?? latestSubscription(db, userId)),
  ])
  return {
    plans: plans.map(toPlanJson),
    currentPlan: toPlanJson(currentPlan),
    subscription: subscription && toSubscriptionSummary(subscription),
    credits: toCreditsResponse(balance),
    purchasesEnabled,
  }
}

function toPlanJson(plan: CataloguePlan): Plan {
  return {
    id: plan.id,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    currency: plan.currency,
    period: plan.period,
    credits: plan.credits,
    features: plan.features,
  }
}

function toSubscriptionSummary(row: SubscriptionRow): SubscriptionSummary {
  return {
    plan: row.plan,
    provider: row.provider,
    store: row.store,
    status: row.status,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    paymentFailed: row.payment_failed_at !== null,
  }
}
