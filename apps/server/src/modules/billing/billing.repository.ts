/**
 * The SQL of the billing tables (migration 20261126011000): `subscriptions` (one row per
 * subscription at Stripe or RevenueCat), `billing_customers` (users' Stripe customers) and
 * `billing_webhook_events` (each provider's event ids, processed once).
 */
import type { SubscriptionProvider } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

/** Statuses in which a subscription still sets the user's plan (Stripe retries past_due). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const

export type SubscriptionRow = {
  id: string
  user_id: string
  provider: SubscriptionProvider
  store: string | null
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  revenuecat_subscription_id: string | null
  store_product_id: string | null
  status: string
  plan: string
  next_plan: string | null
  current_period_start: Date | null
  current_period_end: Date | null
  cancel_at_period_end: boolean
  canceled_at: Date | null
  payment_failed_at: Date | null
  state_changed_at: Date | null
}

/** A subscription's state as a provider reports it, at `stateChangedAt`. */
export type SubscriptionState = {
  userId: string
  status: string
  plan: string
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  canceledAt: Date | null
  /** The provider's time of this state: an older one never overwrites a newer. */
  stateChangedAt: Date
}

export type StripeSubscriptionState = SubscriptionState & {
  stripeCustomerId: string
  stripeSubscriptionId: string
  stripePriceId: string | null
}

export type RevenueCatSubscriptionState = SubscriptionState & {
  revenueCatSubscriptionId: string
  store: string | null
  storeProductId: string | null
}

const COLUMNS = `id, user_id, provider, store, stripe_customer_id, stripe_subscription_id,
  revenuecat_subscription_id, store_product_id, status, plan, next_plan, current_period_start,
  current_period_end, cancel_at_period_end, canceled_at, payment_failed_at, state_changed_at`

/** Changes only when the state is as new as the stored one or newer. */
const NOT_OLDER = `subscriptions.state_changed_at is null
  or subscriptions.state_changed_at <= excluded.state_changed_at`

export async function saveStripeSubscription(
  db: Queryable,
  state: StripeSubscriptionState,
): Promise<SubscriptionRow> {
  const result = await db.query<SubscriptionRow>(
    `insert into public.subscriptions as subscriptions
       (user_id, provider, stripe_customer_id, stripe_subscription_id, stripe_price_id, status,
        plan, current_period_start, current_period_end, cancel_at_period_end, canceled_at,
        state_changed_at)
     values ($1, 'stripe', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (stripe_subscription_id) do update set
       stripe_price_id = excluded.stripe_price_id, status = excluded.status,
       plan = excluded.plan, current_period_start = excluded.current_period_start,
       current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at,
       state_changed_at = excluded.state_changed_at,
       payment_failed_at = case when excluded.status = 'past_due'
         then subscriptions.payment_failed_at else null end
     where subscriptions.user_id = excluded.user_id and (${NOT_OLDER})
     returning ${COLUMNS}`,
    [
      state.userId,
      state.stripeCustomerId,
      state.stripeSubscriptionId,
      state.stripePriceId,
      state.status,
      state.plan,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
      state.canceledAt,
      state.stateChangedAt,
    ],
  )
  return result.rows[0] ?? (await requireByStripeId(db, state.stripeSubscriptionId))
}

export async function saveRevenueCatSubscription(
  db: Queryable,
  state: RevenueCatSubscriptionState,
): Promise<SubscriptionRow> {
  const result = await db.query<SubscriptionRow>(
    `insert into public.subscriptions as subscriptions
       (user_id, provider, revenuecat_subscription_id, store, store_product_id, status, plan,
        current_period_start, current_period_end, cancel_at_period_end, canceled_at,
        state_changed_at)
     values ($1, 'revenuecat', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (revenuecat_subscription_id) do update set
       user_id = excluded.user_id, store = excluded.store,
       store_product_id = excluded.store_product_id, status = excluded.status,
       plan = excluded.plan, next_plan = null,
       current_period_start = excluded.current_period_start,
       current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at,
       state_changed_at = excluded.state_changed_at,
       payment_failed_at = case when excluded.status = 'past_due'
         then subscriptions.payment_failed_at else null end
     where ${NOT_OLDER}
     returning ${COLUMNS}`,
    [
      state.userId,
      state.revenueCatSubscriptionId,
      state.store,
      state.storeProductId,
      state.status,
      state.plan,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      state.cancelAtPeriodEnd,
      state.canceledAt,
      state.stateChangedAt,
    ],
  )
  const row = result.rows[0] ?? (await findByRevenueCatId(db, state.revenueCatSubscriptionId))
  if (!row) {
    throw new Error(`subscription ${state.revenueCatSubscriptionId} vanished while saved`)
  }
  return row
}

/** Changes some fields of a subscription when `at` is not older than its state. */
export async function updateSubscription(
  db: Queryable,
  id: string,
  at: Date,
  change: {
    status?: string
    cancelAtPeriodEnd?: boolean
    nextPlan?: string | null
    paymentFailedAt?: Date | null
  },
): Promise<SubscriptionRow | null> {
  const result = await db.query<SubscriptionRow>(
    `update public.subscriptions set
       status = coalesce($3, status),
       cancel_at_period_end = coalesce($4, cancel_at_period_end),
       next_plan = case when $5 then $6 else next_plan end,
       payment_failed_at = case when $7 then $8::timestamptz else payment_failed_at end,
       state_changed_at = greatest(state_changed_at, $2)
     where id = $1 and (state_changed_at is null or state_changed_at <= $2)
     returning ${COLUMNS}`,
    [
      id,
      at,
      change.status ?? null,
      change.cancelAtPeriodEnd ?? null,
      change.nextPlan !== undefined,
      change.nextPlan ?? null,
      change.paymentFailedAt !== undefined,
      change.paymentFailedAt ?? null,
    ],
  )
  return result.rows[0] ?? null
}

/** Each provider's own id of a subscription, by the column holding it. */
const PROVIDER_ID_COLUMN = {
  stripe: 'stripe_subscription_id',
  revenuecat: 'revenuecat_subscription_id',
} as const

async function findByProviderId(
  db: Queryable,
  provider: SubscriptionProvider,
  id: string,
): Promise<SubscriptionRow | null> {
  const result = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from public.subscriptions where ${PROVIDER_ID_COLUMN[provider]} = $1`,
    [id],
  )
  return result.rows[0] ?? null
}

export const findByStripeId = (db: Queryable, stripeSubscriptionId: string) =>
  findByProviderId(db, 'stripe', stripeSubscriptionId)

export const findByRevenueCatId = (db: Queryable, revenueCatSubscriptionId: string) =>
  findByProviderId(db, 'revenuecat', revenueCatSubscriptionId)

async function requireByStripeId(db: Queryable, stripeSubscriptionId: string) {
  const row = await findByStripeId(db, stripeSubscriptionId)
  if (!row) {
    throw new Error(`subscription ${stripeSubscriptionId} vanished while saved`)
  }
  return row
}

/** A user's live subscriptions at any provider, the one renewing last first. */
export async function listLiveSubscriptions(
  db: Queryable,
  userId: string,
): Promise<SubscriptionRow[]> {
  const result = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from public.subscriptions
     where user_id = $1 and status = any ($2)
     order by current_period_end desc nulls last, created_at desc`,
    [userId, LIVE_STATUSES],
  )
  return result.rows
}

/** The user's latest subscription at any provider, live or not (what the screen shows). */
export async function latestSubscription(
  db: Queryable,
  userId: string,
): Promise<SubscriptionRow | null> {
  const result = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from public.subscriptions where user_id = $1
     order by status = any ($2) desc, created_at desc limit 1`,
    [userId, LIVE_STATUSES],
  )
  return result.rows[0] ?? null
}

/** Moves a user's phone-store subscriptions to another user (RevenueCat's TRANSFER). */
export async function transferRevenueCatSubscriptions(
  db: Queryable,
  fromUserIds: string[],
  toUserId: string,
): Promise<void> {
  await db.query(
    `update public.subscriptions set user_id = $2
     where provider = 'revenuecat' and user_id = any ($1::uuid[])`,
    [fromUserIds, toUserId],
  )
}

// --- customers --------------------------------------------------------------------------------

/** The user of a Stripe customer, when one is attached. */
export async function customerOwner(
  db: Queryable,
  stripeCustomerId: string,
): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    'select user_id from public.billing_customers where stripe_customer_id = $1',
    [stripeCustomerId],
  )
  return result.rows[0]?.user_id ?? null
}

/** The user's latest Stripe customer, if they have one. */
export async function latestCustomer(db: Queryable, userId: string): Promise<string | null> {
  const result = await db.query<{ stripe_customer_id: string }>(
    `select stripe_customer_id from public.billing_customers
     where user_id = $1 order by created_at desc limit 1`,
    [userId],
  )
  return result.rows[0]?.stripe_customer_id ?? null
}

/**
 * Attaches a Stripe customer to a user, once: answers the customer's user afterwards (another
 * user's when it was already theirs).
 */
export async function attachCustomer(
  db: Queryable,
  userId: string,
  stripeCustomerId: string,
): Promise<string> {
  await db.query(
    `insert into public.billing_customers (user_id, stripe_customer_id) values ($1, $2)
     on conflict (stripe_customer_id) do nothing`,
    [userId, stripeCustomerId],
  )
  return (await customerOwner(db, stripeCustomerId)) ?? userId
}

// --- webhook events ---------------------------------------------------------------------------

export type WebhookEventRow = {
  provider: SubscriptionProvider
  id: string
  type: string
  payload: unknown
  processed_at: Date | null
}

/** Records a delivery; false when this event id was already recorded (a repeat). */
export async function recordWebhookEvent(
  db: Queryable,
  event: { provider: SubscriptionProvider; id: string; type: string; payload: unknown },
): Promise<boolean> {
  const result = await db.query(
    `insert into public.billing_webhook_events (provider, id, type, payload)
     values ($1, $2, $3, $4)
     on conflict (provider, id) do nothing`,
    [event.provider, event.id, event.type, JSON.stringify(event.payload)],
  )
  return result.rowCount === 1
}

/** The event, locked for processing; null when it is unknown. */
export async function lockWebhookEvent(
  db: Queryable,
  provider: SubscriptionProvider,
  id: string,
): Promise<WebhookEventRow | null> {
  const result = await db.query<WebhookEventRow>(
    `select provider, id, type, payload, processed_at from public.billing_webhook_events
     where provider = $1 and id = $2 for update`,
    [provider, id],
  )
  return result.rows[0] ?? null
}

export async function markWebhookEvent(
  db: Queryable,
  provider: SubscriptionProvider,
  id: string,
  outcome: { processedAt: Date } | { error: string },
): Promise<void> {
  await db.query(
    `update public.billing_webhook_events
     set processed_at = $3, error = $4
     where provider = $1 and id = $2`,
    [
      provider,
      id,
      'processedAt' in outcome ? outcome.processedAt : null,
      'error' in outcome ? outcome.error.slice(0, 2000) : null,
    ],
  )
}
