/**
 * Stripe's webhook, `POST /api/webhooks/stripe` (ADR 0028):
 *
 * 1. `receiveStripeEvent`: the signature is checked on the raw body (`constructEvent`, 300 s
 *    tolerance); the event is recorded under its id and a `billing-webhook` job queued in the
 *    same transaction; the answer is immediate. A repeated delivery is recorded once and queues
 *    nothing.
 * 2. `processStripeEvent` (the job): the event row is locked and, unless already processed,
 *    handled in one transaction with the balance writes, then marked processed.
 *
 * Handlers fetch the current state from Stripe rather than trusting the event's snapshot, so an
 * older event delivered late cannot undo a newer one, and every credit change is keyed by the
 * payment (`invoice:<id>`, `pack:<payment intent>`), so repeats change nothing.
 */
import type Stripe from 'stripe'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { SendJob } from '../../platform/product-api.ts'
import { grant, readPlan, takeBackRefundedCredits } from '../credits/index.ts'
import {
  attachCustomer,
  customerOwner,
  recordWebhookEvent,
  updateSubscription,
} from './billing.repository.ts'
import type { StripeSettings } from './billing-settings.ts'
import { callStripe, fromUnix, idOf, syncStripeSubscription } from './stripe-sync.ts'
import { recordPayment, settleUserPlan } from './subscriptions.service.ts'

export const BILLING_WEBHOOK_QUEUE = 'billing-webhook'

/** Stripe's default, and what its documentation asks for. */
const SIGNATURE_TOLERANCE_SECONDS = 300

export async function receiveStripeEvent(
  deps: { stripe: Stripe; settings: StripeSettings; sendJob: SendJob },
  tx: Queryable,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  let event: Stripe.Event
  try {
    event = deps.stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      deps.settings.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    )
  } catch (error) {
    throw new AppError(
      'webhook_signature_invalid',
      `The stripe-signature header does not sign this body: ${(error as Error).message}`,
    )
  }
  const recorded = await recordWebhookEvent(tx, {
    provider: 'stripe',
    id: event.id,
    type: event.type,
    payload: event,
  })
  if (recorded) {
    await deps.sendJob(tx, BILLING_WEBHOOK_QUEUE, { provider: 'stripe', id: event.id })
  }
  return { duplicate: !recorded }
}

/** Handles one recorded event inside the caller's transaction. */
export async function handleStripeEvent(
  tx: Queryable,
  stripe: Stripe,
  event: Stripe.Event,
  now: Date,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(tx, stripe, event.data.object, now)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(tx, stripe, event.data.object.id, now)
    case 'invoice.paid':
      return invoicePaid(tx, stripe, event.data.object, now)
    case 'invoice.payment_failed':
      return paymentFailed(tx, stripe, event.data.object, now)
    case 'charge.refunded':
      return chargeRefunded(tx, stripe, event.data.object, now)
    default:
      // Other events are recorded and left alone.
      return
  }
}

async function checkoutCompleted(
  tx: Queryable,
  stripe: Stripe,
  snapshot: Stripe.Checkout.Session,
  now: Date,
) {
  const session = await callStripe(() => stripe.checkout.sessions.retrieve(snapshot.id))
  const userId = session?.client_reference_id
  const customerId = idOf(session?.customer)
  if (!session || !userId) {
    return
  }
  if (customerId) {
    await attachCustomer(tx, userId, customerId)
  }
  const subscriptionId = idOf(session.subscription)
  if (session.mode === 'subscription' && subscriptionId) {
    await syncStripeSubscription(tx, stripe, subscriptionId, now, userId)
    return
  }
  const paymentIntent = idOf(session.payment_intent)
  const plan = session.metadata?.plan ? await readPlan(tx, session.metadata.plan) : null
  if (session.mode === 'payment' && session.payment_status === 'paid' && paymentIntent && plan) {
    if (plan.kind !== 'pack' || !plan.credits) {
      throw new Error(`Checkout ${session.id} paid for ${plan.id}, which is not a credit pack`)
    }
    await grant(
      tx,
      {
        userId,
        amount: plan.credits,
        idempotencyKey: `pack:${paymentIntent}`,
        reason: 'pack',
        metadata: { plan: plan.id, checkoutSessionId: session.id, paymentIntentId: paymentIntent },
      },
      now,
    )
  }
}

async function subscriptionChanged(tx: Queryable, stripe: Stripe, id: string, now: Date) {
  const row = await syncStripeSubscription(tx, stripe, id, now)
  if (row) {
    await settleUserPlan(tx, row.user_id, now)
  }
}

async function invoicePaid(tx: Queryable, stripe: Stripe, snapshot: Stripe.Invoice, now: Date) {
  const invoice = (await callStripe(() => stripe.invoices.retrieve(snapshot.id))) ?? snapshot
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription)
  if (!subscriptionId || invoice.status !== 'paid') {
    return
  }
  const row = await syncStripeSubscription(tx, stripe, subscriptionId, now)
  if (!row) {
    return
  }
  const line = invoice.lines.data.find((candidate) => candidate.period) ?? invoice.lines.data[0]
  await recordPayment(
    tx,
    {
      subscription: row,
      startsAt: fromUnix(line?.period.start) ?? row.current_period_start ?? now,
      endsAt: fromUnix(line?.period.end) ?? row.current_period_end ?? now,
      idempotencyKey: `invoice:${invoice.id}`,
      metadata: { invoiceId: invoice.id, billingReason: invoice.billing_reason },
    },
    now,
  )
}

async function paymentFailed(tx: Queryable, stripe: Stripe, snapshot: Stripe.Invoice, now: Date) {
  const subscriptionId = idOf(snapshot.parent?.subscription_details?.subscription)
  if (!subscriptionId) {
    return
  }
  const row = await syncStripeSubscription(tx, stripe, subscriptionId, now)
  if (row) {
    // At the state just saved (or the newer one a concurrent event saved): the failure is a
    // fact about the invoice, which the next paid state clears.
    await updateSubscription(tx, row.id, row.state_changed_at ?? now, { paymentFailedAt: now })
  }
}

async function chargeRefunded(tx: Queryable, stripe: Stripe, snapshot: Stripe.Charge, now: Date) {
  const charge = (await callStripe(() => stripe.charges.retrieve(snapshot.id))) ?? snapshot
  const customerId = idOf(charge.customer)
  const paymentIntent = idOf(charge.payment_intent)
  const userId = customerId ? await customerOwner(tx, customerId) : null
  if (!userId || !paymentIntent || charge.amount <= 0) {
    return
  }
  // A subscription's payment is found through its invoice; a pack's is keyed by the intent.
  const payments = await callStripe(() =>
    stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      limit: 1,
    }),
  )
  const invoiceId = idOf(payments?.data[0]?.invoice)
  await takeBackRefundedCredits(
    tx,
    {
      userId,
      paymentKey: invoiceId ? `invoice:${invoiceId}` : `pack:${paymentIntent}`,
      refundedShare: charge.amount_refunded / charge.amount,
      reference: charge.id,
    },
    now,
  )
}
