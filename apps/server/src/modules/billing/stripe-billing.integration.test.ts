import type { BillingOverview, CreditHistoryResponse } from '@app/contracts'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { books, webhooksSettled } from '../../../test/billing-support.ts'
import { insertJobs, postSwipe } from '../../../test/swipe-support.ts'
import { type LocalStripe, startLocalStripe } from '../local-stripe/index.ts'
import { createStripeClient, syncStripeCatalogue } from './index.ts'

/**
 * Buying on the web against the real app, its job queue and the local Stripe stand-in driven
 * by the official SDK: checkout, the signed webhooks (in and out of order, repeated, forged),
 * credits granted per paid period, renewals, failed payments, refunds, cancellation, credit
 * packs, redeeming a subscription bought elsewhere, and webhooks racing swipes.
 */
type Seeker = { id: string; email: string; accessToken: string }

let local: LocalStripe
let app: TestApp
let stripe: Stripe

beforeAll(async () => {
  // Events are delivered by each test, in the order it chooses.
  local = await startLocalStripe({ autoDeliver: false })
  app = await startTestApp({
    backgroundJobs: true,
    env: {
      STRIPE_SECRET_KEY: local.secretKey,
      STRIPE_WEBHOOK_SECRET: local.webhookSecret,
      STRIPE_API_URL: local.url,
      AUTH_EMAIL_AUTOCONFIRM: 'true',
      API_RATE_LIMITS: 'false',
    },
  })
  local.setWebhookUrl(`${app.baseUrl}/api/webhooks/stripe`)
  stripe = createStripeClient({
    secretKey: local.secretKey,
    webhookSecret: local.webhookSecret,
    apiUrl: local.url,
  })
  await syncStripeCatalogue(app.database.pool, stripe)
})

afterAll(async () => {
  await app?.close()
  await local?.close()
})

let counter = 0
async function signUp(): Promise<Seeker> {
  const email = `buyer-${Date.now()}-${++counter}@example.com`
  const { data, error } = await app
    .client()
    .auth.signUp({ email, password: 'plenty-of-letters-42' })
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, email, accessToken: data.session.access_token }
}

async function api<T = Record<string, unknown>>(
  who: { accessToken: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

const overview = (who: Seeker) =>
  api<BillingOverview>(who, 'GET', '/billing').then((answer) => answer.body)

/** Opens checkout for `plan` and pays on the stand-in's page; answers the new events. */
async function buy(who: Seeker, plan: string): Promise<Stripe.Event[]> {
  const checkout = await api<{ url: string }>(who, 'POST', '/stripe/checkout', { plan })
  expect(checkout.status).toBe(200)
  const before = local.events.length
  const paid = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBe(303)
  expect(paid.headers.get('location')).toMatch(/\/credits\?checkout=success&session_id=cs_/)
  return local.events.slice(before)
}

async function deliver(events: Stripe.Event[]): Promise<void> {
  for (const event of events) {
    expect((await local.deliver(event.id)).status).toBe(200)
  }
}

async function ledger(userId: string) {
  const { rows } = await app.database.pool.query<{
    kind: string
    delta: number
    reason: string
    idempotency_key: string
  }>(
    `select kind, delta, reason, idempotency_key from public.credit_ledger
     where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

const ofType = (events: Stripe.Event[], type: string) =>
  events.filter((event) => event.type === type)

describe('plans and checkout', () => {
  it('lists the plans for sale, free first, with the user on the free plan', async () => {
    const seeker = await signUp()
    const billing = await overview(seeker)
    expect(billing.purchasesEnabled).toBe(true)
    expect(billing.plans.map((plan) => plan.id)).toEqual([
      'free',
      'pro_weekly',
      'pro_monthly',
      'pro_quarterly',
      'credits_50',
      'credits_200',
    ])
    expect(billing.currentPlan).toMatchObject({ id: 'free', kind: 'free', credits: 10 })
    expect(billing.plans.find((plan) => plan.id === 'pro_monthly')).toMatchObject({
      kind: 'subscription',
      priceCents: 3999,
      currency: 'usd',
      period: 'monthly',
      credits: 600,
      features: { analysisVideos: true, practiceInterviewsPerWeek: null },
    })
    expect(billing.subscription).toBeNull()
    expect(billing.credits).toMatchObject({ remainingCredits: 10, usedCredits: 0 })
  })

  it('refuses what cannot be bought, and guests, with a clear code', async () => {
    const seeker = await signUp()
    expect(await api(seeker, 'POST', '/stripe/checkout', { plan: 'gold' })).toMatchObject({
      status: 404,
      body: { code: 'plan_not_found' },
    })
    expect(await api(seeker, 'POST', '/stripe/checkout', { plan: 'free' })).toMatchObject({
      status: 404,
      body: { code: 'plan_not_found' },
    })
    expect(await api(seeker, 'POST', '/stripe/checkout', {})).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    })
    const { data } = await app.client().auth.signInAnonymously()
    const guest = { accessToken: data.session!.access_token }
    expect(await api(guest, 'POST', '/stripe/checkout', { plan: 'pro_monthly' })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    })
    expect(await api(seeker, 'POST', '/stripe/portal')).toMatchObject({
      status: 404,
      body: { code: 'billing_customer_not_found' },
    })
  })
})

describe('a monthly plan bought through Checkout', () => {
  let seeker: Seeker
  let subscriptionId: string

  beforeAll(async () => {
    seeker = await signUp()
  })

  it('takes effect when the signed invoice.paid arrives, even before the other events', async () => {
    const events = await buy(seeker, 'pro_monthly')
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ])
    subscriptionId = (events[0]!.data.object as Stripe.Subscription).id
    // Out of order: the payment first, then the rest.
    await deliver([...events].reverse())
    await webhooksSettled(app.database.pool)
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('pro_monthly')
    expect(billing.subscription).toMatchObject({
      plan: 'pro_monthly',
      provider: 'stripe',
      status: 'active',
      cancelAtPeriodEnd: false,
      paymentFailed: false,
    })
    // The free day's unspent 10 expired when the paid period began; 600 granted for it.
    expect(billing.credits.remainingCredits).toBe(600)
    expect(await books(app.database.pool, seeker.id)).toMatchObject({
      balance: 600,
      ledger_sum: 600,
    })
    const invoice = events[2]!.data.object as Stripe.Invoice
    expect((await ledger(seeker.id)).slice(-2)).toEqual([
      expect.objectContaining({ kind: 'expiry', delta: -10, reason: 'period_end' }),
      expect.objectContaining({
        kind: 'grant',
        delta: 600,
        reason: 'subscription',
        idempotency_key: `invoice:${invoice.id}`,
      }),
    ])
    // The period is the paid one.
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!
    expect(billing.credits.currentPeriodStart).toBe(
      new Date(item.current_period_start * 1000).toISOString(),
    )
    expect(billing.credits.nextRefreshDate).toBe(
      new Date(item.current_period_end * 1000).toISOString(),
    )
  })

  it('changes nothing when the same events are delivered again', async () => {
    const before = await ledger(seeker.id)
    for (const event of local.events.filter((e) => ofType([e], 'invoice.paid').length > 0)) {
      const again = await fetch(`${app.baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: JSON.stringify(event),
            secret: local.webhookSecret,
          }),
        },
        body: JSON.stringify(event),
      })
      expect(await again.json()).toEqual({ received: true, duplicate: true })
    }
    await webhooksSettled(app.database.pool)
    expect(await ledger(seeker.id)).toEqual(before)
  })

  it('refuses a second plan (the portal changes it) and opens the portal', async () => {
    expect(await api(seeker, 'POST', '/stripe/checkout', { plan: 'pro_weekly' })).toMatchObject({
      status: 409,
      body: { code: 'already_subscribed' },
    })
    const portal = await api<{ url: string }>(seeker, 'POST', '/stripe/portal')
    expect(portal.status).toBe(200)
    const page = await fetch(portal.body.url)
    expect(await page.text()).toContain('Pro monthly')
  })

  it('renews: the unspent allowance expires, the next period’s is granted', async () => {
    const jobs = await insertJobs(app.database.pool, 3)
    for (const jobId of jobs) {
      const swipe = await postSwipe(app.baseUrl, seeker.accessToken, {
        jobId,
        swipeDirection: 'RIGHT',
      })
      expect(swipe.status).toBe(201)
    }
    const before = local.events.length
    await local.renewSubscription(subscriptionId)
    const renewal = local.events.slice(before)
    expect(ofType(renewal, 'invoice.paid')).toHaveLength(1)
    await deliver(renewal)
    await webhooksSettled(app.database.pool)
    const billing = await overview(seeker)
    expect(billing.credits).toMatchObject({ remainingCredits: 600, usedCredits: 0 })
    const entries = await ledger(seeker.id)
    expect(entries.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'expiry', delta: -597 }),
      expect.objectContaining({ kind: 'grant', delta: 600, reason: 'subscription' }),
    ])
    expect(await books(app.database.pool, seeker.id)).toMatchObject({
      balance: 600,
      ledger_sum: 600,
    })
  })

  it('takes back the unspent credits of a refunded payment, never below zero', async () => {
    const paid = ofType(local.events, 'invoice.paid').at(-1)!.data.object as Stripe.Invoice
    const payments = await stripe.invoicePayments.list({ invoice: paid.id })
    const intent = await stripe.paymentIntents.retrieve(
      payments.data[0]!.payment.payment_intent as string,
    )
    const chargeId = intent.latest_charge as string
    const before = local.events.length
    // Half first, then the rest: 300 taken back, then 300 more.
    await local.refundCharge(chargeId, Math.floor(paid.amount_paid / 2))
    await deliver(local.events.slice(before))
    await webhooksSettled(app.database.pool)
    expect((await books(app.database.pool, seeker.id)).balance).toBe(301)
    const rest = local.events.length
    await local.refundCharge(chargeId)
    await deliver(local.events.slice(rest))
    await webhooksSettled(app.database.pool)
    expect(await books(app.database.pool, seeker.id)).toMatchObject({ balance: 0, ledger_sum: 0 })
    const history = await api<CreditHistoryResponse>(seeker, 'GET', '/credits/history?limit=2')
    expect(history.body.entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['payment_refunded', -301],
      ['payment_refunded', -299],
    ])
  })

  it('flags a failed renewal, keeping the plan while Stripe retries', async () => {
    const before = local.events.length
    await local.failNextPayment(subscriptionId)
    await deliver(local.events.slice(before))
    await webhooksSettled(app.database.pool)
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('pro_monthly')
    expect(billing.subscription).toMatchObject({ status: 'past_due', paymentFailed: true })
  })

  it('returns to the free plan when the subscription ends', async () => {
    const before = local.events.length
    await stripe.subscriptions.cancel(subscriptionId)
    const ended = local.events.slice(before)
    expect(ended.map((event) => event.type)).toContain('customer.subscription.deleted')
    await deliver(ended)
    await webhooksSettled(app.database.pool)
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('free')
    expect(billing.subscription).toMatchObject({ status: 'canceled' })
    expect(billing.credits.remainingCredits).toBe(10)
    expect((await ledger(seeker.id)).at(-1)).toMatchObject({ kind: 'grant', delta: 10 })
  })
})

describe('credit packs', () => {
  it('grants the pack once, keeps it past the period, and takes a refunded share back', async () => {
    const seeker = await signUp()
    const events = await buy(seeker, 'credits_50')
    await deliver(events)
    await deliver(events)
    await webhooksSettled(app.database.pool)
    expect((await overview(seeker)).credits.remainingCredits).toBe(60)
    const charge = ofType(events, 'charge.succeeded')[0]!.data.object as Stripe.Charge
    const before = local.events.length
    // $2.50 of $4.99 back: ⌊50 × 250 / 499⌋ = 25 credits.
    await local.refundCharge(charge.id, 250)
    await deliver(local.events.slice(before))
    await webhooksSettled(app.database.pool)
    expect(await books(app.database.pool, seeker.id)).toMatchObject({ balance: 35, ledger_sum: 35 })
    expect((await ledger(seeker.id)).at(-1)).toMatchObject({
      kind: 'expiry',
      delta: -25,
      reason: 'payment_refunded',
    })
  })
})

describe('the webhook endpoint', () => {
  const post = (body: string, signature?: string) =>
    fetch(`${app.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      body,
    })
  const forged = JSON.stringify({
    id: 'evt_forged',
    object: 'event',
    type: 'invoice.paid',
    data: { object: { id: 'in_forged' } },
  })

  it('refuses a missing, wrong or stale signature with 400 and records nothing', async () => {
    for (const signature of [
      undefined,
      't=1,v1=00',
      Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_not_ours' }),
      Stripe.webhooks.generateTestHeaderString({
        payload: forged,
        secret: local.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 301,
      }),
    ]) {
      const answer = await post(forged, signature)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'webhook_signature_invalid' })
    }
    // A signed body changed by one byte is refused too.
    const signed = Stripe.webhooks.generateTestHeaderString({
      payload: forged,
      secret: local.webhookSecret,
    })
    expect((await post(forged.replace('in_forged', 'in_forgee'), signed)).status).toBe(400)
    const { rows } = await app.database.pool.query(
      `select 1 from public.billing_webhook_events where id = 'evt_forged'`,
    )
    expect(rows).toHaveLength(0)
  })
})

describe('redeeming a subscription bought elsewhere', () => {
  /** A subscription bought on the marketing site: a checkout our app did not open. */
  async function boughtElsewhere(email: string) {
    const customer = await stripe.customers.create({ email })
    const [price] = (await stripe.prices.list({ lookup_keys: ['pro_weekly'] })).data
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price!.id, quantity: 1 }],
      success_url: 'https://marketing.example/thanks',
      cancel_url: 'https://marketing.example/pricing',
    })
    const before = local.events.length
    await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' })
    const events = local.events.slice(before)
    const subscription = ofType(events, 'customer.subscription.created')[0]!.data
      .object as Stripe.Subscription
    return { customerId: customer.id, subscriptionId: subscription.id, events }
  }

  it('attaches it after checking it with Stripe, grants the period once, and refuses others', async () => {
    const seeker = await signUp()
    const bought = await boughtElsewhere(seeker.email)
    // Its webhooks arrive before anyone redeems it: nobody's here, nothing happens.
    await deliver(bought.events)
    await webhooksSettled(app.database.pool)
    expect((await overview(seeker)).currentPlan.id).toBe('free')

    const body = {
      stripeCustomerId: bought.customerId,
      stripeSubscriptionIds: [bought.subscriptionId],
    }
    const redeemed = await api<BillingOverview>(seeker, 'POST', '/stripe/redeem', body)
    expect(redeemed.status).toBe(200)
    expect(redeemed.body.currentPlan.id).toBe('pro_weekly')
    expect(redeemed.body.credits.remainingCredits).toBe(150)
    // Again, and the invoice's webhook once more: still one grant.
    expect((await api(seeker, 'POST', '/stripe/redeem', body)).status).toBe(200)
    await deliver(ofType(bought.events, 'invoice.paid'))
    await webhooksSettled(app.database.pool)
    expect(await books(app.database.pool, seeker.id)).toMatchObject({
      balance: 150,
      ledger_sum: 150,
    })

    const other = await signUp()
    expect(await api(other, 'POST', '/stripe/redeem', body)).toMatchObject({
      status: 409,
      body: { code: 'subscription_taken' },
    })
    const wrongCustomer = { ...body, stripeCustomerId: 'cus_someoneelse' }
    expect(await api(other, 'POST', '/stripe/redeem', wrongCustomer)).toMatchObject({
      status: 404,
      body: { code: 'subscription_not_found' },
    })
    expect(
      await api(other, 'POST', '/stripe/redeem', { ...body, stripeSubscriptionIds: ['nope'] }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    expect((await overview(other)).currentPlan.id).toBe('free')
  })
})

describe('webhooks and swipes at once', () => {
  it('never lose or double credits', async () => {
    const seeker = await signUp()
    const events = await buy(seeker, 'credits_200')
    const jobs = await insertJobs(app.database.pool, 40)
    // 40 right swipes racing the pack's webhook (delivered three times).
    const swipes = Promise.all(
      jobs.map((jobId) =>
        postSwipe(app.baseUrl, seeker.accessToken, { jobId, swipeDirection: 'RIGHT' }),
      ),
    )
    await Promise.all([swipes, deliver(events), deliver(events), deliver(events)])
    await webhooksSettled(app.database.pool)
    const saved = (await swipes).filter((swipe) => swipe.status === 201).length
    const { balance, ledger_sum } = await books(app.database.pool, seeker.id)
    expect(balance).toBe(ledger_sum)
    // 10 free credits and the 200 of the pack, once: every save spent one of them.
    expect(balance).toBe(210 - saved)
    expect(
      (await ledger(seeker.id)).filter((entry) => entry.reason === 'pack').map((e) => e.delta),
    ).toEqual([200])
  })
})
