/**
 * Buying on the web (spec section 7: `stripe/checkout`, `stripe/portal`, `stripe/redeem`):
 *
 * - checkout: a Stripe Checkout Session for a plan (mode subscription) or a credit pack (mode
 *   payment), for the user's Stripe customer (created at the first purchase, reused after),
 *   with `client_reference_id` = the user and the plan in the metadata. The browser goes to
 *   its URL; the webhook does the rest.
 * - portal: a customer-portal session (change card, cancel, invoices).
 * - redeem: attaches subscriptions bought elsewhere (the marketing site) once Stripe confirms
 *   they are that customer's and no one else here holds them.
 */
import type { BillingOverview, StripeRedeemRequest } from '@app/contracts'
import type Stripe from 'stripe'
import type { Clock } from '../../platform/clock.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ApiUser } from '../../platform/product-api.ts'
import { readPlan } from '../credits/index.ts'
import {
  attachCustomer,
  customerOwner,
  findByStripeId,
  latestCustomer,
  listLiveSubscriptions,
} from './billing.repository.ts'
import type { BillingSettings } from './billing-settings.ts'
import { callStripe, fromUnix, idOf, syncStripeSubscription } from './stripe-sync.ts'
import { billingOverview, recordPayment, settleUserPlan } from './subscriptions.service.ts'

export type StripeDeps = {
  db: Database
  now: Clock
  settings: BillingSettings
  /** The SDK, null when Stripe is not configured. */
  stripe: Stripe | null
}

export async function createCheckout(
  deps: StripeDeps,
  user: ApiUser,
  planId: string,
): Promise<{ url: string }> {
  const plan = await readPlan(deps.db, planId)
  if (!plan?.active || plan.kind === 'free') {
    throw new AppError('plan_not_found', `No plan or credit pack for sale is called "${planId}"`)
  }
  const stripe = requireStripe(deps)
  if (user.isAnonymous) {
    throw new AppError(
      'forbidden',
      'Create an account before you buy: a guest account and its purchases can be lost',
    )
  }
  if (plan.kind === 'subscription') {
    const live = await listLiveSubscriptions(deps.db, user.id)
    if (live.some((subscription) => subscription.provider === 'stripe')) {
      throw new AppError(
        'already_subscribed',
        'You already have a plan: change or cancel it in the billing portal',
      )
    }
  }
  const customer = await customerFor(deps.db, stripe, user)
  const prices = await callStripe(() =>
    stripe.prices.list({ lookup_keys: [plan.id], active: true, limit: 1 }),
  )
  const price = prices?.data[0]
  if (!price) {
    throw new AppError(
      'billing_not_configured',
      `Stripe has no active price with the lookup key "${plan.id}": run npm run billing:stripe-sync`,
    )
  }
  const metadata = { userId: user.id, plan: plan.id }
  const back = new URL('/credits', deps.settings.appUrl)
  const session = await callStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: plan.kind === 'subscription' ? 'subscription' : 'payment',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: price.id, quantity: 1 }],
        metadata,
        ...(plan.kind === 'subscription'
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata } }),
        // `{CHECKOUT_SESSION_ID}` is Stripe's placeholder, filled in on the way back.
        success_url: `${back.href}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back.href}?checkout=cancelled`,
      },
      // One session per user, plan and minute however often the button is pressed.
      {
        idempotencyKey: `checkout:${user.id}:${plan.id}:${Math.floor(deps.now().getTime() / 60_000)}`,
      },
    ),
  )
  if (!session?.url) {
    throw new AppError('payment_provider_unavailable', 'Stripe did not open a checkout session')
  }
  return { url: session.url }
}

export async function createPortal(deps: StripeDeps, userId: string): Promise<{ url: string }> {
  const stripe = requireStripe(deps)
  const customer = await latestCustomer(deps.db, userId)
  if (!customer) {
    throw new AppError(
      'billing_customer_not_found',
      'Nothing was bought with this account on the web yet',
    )
  }
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: new URL('/credits', deps.settings.appUrl).href,
    }),
  )
  if (!session) {
    throw new AppError('payment_provider_unavailable', 'Stripe did not open the billing portal')
  }
  return { url: session.url }
}

export async function redeemSubscriptions(
  deps: StripeDeps,
  userId: string,
  request: StripeRedeemRequest,
): Promise<BillingOverview> {
  const stripe = requireStripe(deps)
  const subscriptions: Stripe.Subscription[] = []
  for (const id of new Set(request.stripeSubscriptionIds)) {
    const subscription = await callStripe(() => stripe.subscriptions.retrieve(id))
    // Another customer's subscription reads as missing: the answer reveals nothing about it.
    if (!subscription || idOf(subscription.customer) !== request.stripeCustomerId) {
      throw new AppError(
        'subscription_not_found',
        `Stripe has no subscription ${id} for customer ${request.stripeCustomerId}`,
      )
    }
    subscriptions.push(subscription)
  }
  const now = deps.now()
  await withTransaction(deps.db, async (tx) => {
    const owner = await customerOwner(tx, request.stripeCustomerId)
    const heldElsewhere = await Promise.all(
      subscriptions.map(
        async (subscription) => (await findByStripeId(tx, subscription.id))?.user_id,
      ),
    )
    if (
      (owner && owner !== userId) ||
      heldElsewhere.some((holder) => holder !== undefined && holder !== userId) ||
      (await attachCustomer(tx, userId, request.stripeCustomerId)) !== userId
    ) {
      throw new AppError('subscription_taken', 'This subscription belongs to another account')
    }
    for (const subscription of subscriptions) {
      const row = await syncStripeSubscription(tx, stripe, subscription.id, now, userId)
      const invoice = await latestPaidInvoice(stripe, subscription)
      if (row && invoice) {
        const item = subscription.items.data[0]
        await recordPayment(
          tx,
          {
            subscription: row,
            startsAt: fromUnix(item?.current_period_start) ?? now,
            endsAt: fromUnix(item?.current_period_end) ?? now,
            idempotencyKey: `invoice:${invoice.id}`,
            metadata: { invoiceId: invoice.id, redeemed: true },
          },
          now,
        )
      }
    }
    await settleUserPlan(tx, userId, now)
  })
  return billingOverview(deps.db, userId, true, now)
}

async function latestPaidInvoice(stripe: Stripe, subscription: Stripe.Subscription) {
  const invoiceId = idOf(subscription.latest_invoice)
  if (!invoiceId) return null
  const invoice = await callStripe(() => stripe.invoices.retrieve(invoiceId))
  return invoice?.status === 'paid' ? invoice : null
}

/** The user's Stripe customer: their latest one, or a new one made now. */
async function customerFor(db: Database, stripe: Stripe, user: ApiUser): Promise<string> {
  const existing = await latestCustomer(db, user.id)
  if (existing) {
    return existing
  }
  const customer = await callStripe(() =>
    stripe.customers.create(
      { ...(user.email && { email: user.email }), metadata: { userId: user.id } },
      // Two first purchases at once make one customer.
      { idempotencyKey: `customer:${user.id}` },
    ),
  )
  if (!customer) {
    throw new AppError('payment_provider_unavailable', 'Stripe did not create the customer')
  }
  await attachCustomer(db, user.id, customer.id)
  return customer.id
}

function requireStripe(deps: StripeDeps): Stripe {
  if (!deps.stripe) {
    throw new AppError(
      'billing_not_configured',
      'Payments are not set up on this server: plans can be seen but not bought yet',
    )
  }
  return deps.stripe
}
