import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startLocalStripe, type LocalStripe } from './index.ts'

/**
 * The stand-in driven by the real `stripe` SDK, with a local receiver that verifies every
 * webhook delivery the way the server does (`constructEvent` on the raw body, 300 s tolerance).
 */

type Received = { event: Stripe.Event; raw: string }

let local: LocalStripe
let stripe: Stripe
let receiver: Server
let received: Received[] = []
let refusals: string[] = []
let answerStatus = 200
let clock = new Date('2026-11-26T10:00:00Z')

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      try {
        const event = Stripe.webhooks.constructEvent(
          raw,
          request.headers['stripe-signature'] as string,
          local.webhookSecret,
          300,
        )
        if (answerStatus === 200) received.push({ event, raw })
        response.writeHead(answerStatus).end()
      } catch (error) {
        refusals.push(String(error))
        response.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  local = await startLocalStripe({
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    now: () => clock,
    logger: { warn: () => undefined },
  })
  stripe = new Stripe(local.secretKey, {
    host: local.host,
    port: local.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
})

afterAll(async () => {
  await local.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

beforeEach(() => {
  received = []
  refusals = []
  answerStatus = 200
})

async function monthlyPlan(lookupKey: string): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Pro', metadata: { plan: 'pro' } })
  return stripe.prices.create({
    product: product.id,
    unit_amount: 3999,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: lookupKey,
    transfer_lookup_key: true,
  })
}

/** Pays a session through its hosted page, as a browser would, and returns the redirect. */
async function pay(session: Stripe.Checkout.Session, body = ''): Promise<Response> {
  const response = await fetch(`${local.url}/checkout/${session.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  })
  return response
}

async function subscribe(
  email: string,
): Promise<{ customer: Stripe.Customer; subscription: Stripe.Subscription }> {
  const price = await monthlyPlan(`pro_monthly_${email}`)
  const customer = await stripe.customers.create({ email, metadata: { userId: email } })
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
  })
  expect((await pay(session)).status).toBe(303)
  const done = await stripe.checkout.sessions.retrieve(session.id)
  const subscription = await stripe.subscriptions.retrieve(done.subscription as string)
  received = []
  return { customer, subscription }
}

function types(): string[] {
  return received.map((delivery) => delivery.event.type)
}

describe('local Stripe stand-in, through the real SDK', () => {
  it('creates customers and prices, and finds a price by lookup key', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { userId: 'u1' },
    })
    expect(customer.id).toMatch(/^cus_/)
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      livemode: false,
    })
    const updated = await stripe.customers.update(customer.id, { metadata: { plan: 'pro' } })
    expect(updated.metadata).toEqual({ userId: 'u1', plan: 'pro' })
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id)

    const price = await monthlyPlan('pro_monthly_lookup')
    expect(price).toMatchObject({
      type: 'recurring',
      lookup_key: 'pro_monthly_lookup',
      unit_amount: 3999,
    })
    expect(price.recurring).toMatchObject({ interval: 'month', interval_count: 1 })
    const found = await stripe.prices.list({ lookup_keys: ['pro_monthly_lookup'], active: true })
    expect(found.object).toBe('list')
    expect(found.data.map((p) => p.id)).toEqual([price.id])

    // A second price takes the lookup key over with transfer_lookup_key; without it, a 400.
    const next = await monthlyPlan('pro_monthly_lookup')
    expect(
      (await stripe.prices.list({ lookup_keys: ['pro_monthly_lookup'] })).data.map((p) => p.id),
    ).toEqual([next.id])
    await expect(
      stripe.prices.create({
        product: next.product as string,
        unit_amount: 1,
        currency: 'usd',
        lookup_key: 'pro_monthly_lookup',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'lookup_key' })

    const oneOff = await stripe.prices.create({
      product: next.product as string,
      unit_amount: 900,
      currency: 'usd',
    })
    expect(oneOff).toMatchObject({ type: 'one_time', recurring: null })
  })

  it('runs a subscription checkout: hosted page, pay, redirect, signed events in order', async () => {
    const price = await monthlyPlan('pro_monthly_checkout')
    const customer = await stripe.customers.create({ email: 'grace@example.com' })
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-1',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://app.test/billing?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/pricing',
      metadata: { userId: 'user-1' },
      subscription_data: { metadata: { userId: 'user-1' } },
      allow_promotion_codes: true,
    })
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      url: `${local.url}/checkout/${session.id}`,
    })
    expect(session.id).toMatch(/^cs_test_/)

    const page = await fetch(session.url!)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('Local Stripe — test mode')
    expect(html).toContain('Pro')
    expect(html).toContain('$39.99 / month')
    expect(html).toContain('grace@example.com')
    expect(html).toContain('<button type="submit">Pay</button>')
    expect(html).toContain('href="http://app.test/pricing"')

    const paid = await pay(session)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://app.test/billing?session=${session.id}`)

    // Delivered before the redirect was answered, in Stripe's order, each signature valid.
    expect(refusals).toEqual([])
    expect(types()).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ])
    for (const { event } of received) {
      expect(event).toMatchObject({
        object: 'event',
        livemode: false,
        api_version: Stripe.API_VERSION,
      })
      expect(event.id).toMatch(/^evt_/)
    }
    const completed = received[1]!.event.data.object as Stripe.Checkout.Session
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'user-1',
      customer: customer.id,
      metadata: { userId: 'user-1' },
    })

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string)
    const item = subscription.items.data[0]!
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { userId: 'user-1' },
    })
    expect(item.price.lookup_key).toBe('pro_monthly_checkout')
    const start = Math.floor(clock.getTime() / 1000)
    const end = Math.floor(Date.parse('2026-12-26T10:00:00Z') / 1000)
    expect(item).toMatchObject({ current_period_start: start, current_period_end: end })
    expect(subscription).toMatchObject({ current_period_start: start, current_period_end: end })

    const invoice = (await stripe.invoices.retrieve(
      completed.invoice as string,
    )) as unknown as Stripe.Invoice & {
      charge: string
      subscription: string
      payment_intent: string
    }
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 3999,
      subscription: subscription.id,
      period_start: start,
      period_end: end,
    })
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id)
    expect(invoice.lines.data[0]!.pricing?.price_details?.price).toBe(price.id)
    expect(subscription.latest_invoice).toBe(invoice.id)
    const charge = await stripe.charges.retrieve(invoice.charge)
    expect(charge).toMatchObject({
      amount: 3999,
      amount_refunded: 0,
      customer: customer.id,
      payment_intent: invoice.payment_intent,
    })

    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items', 'subscription'],
    })
    expect(expanded.line_items?.data[0]?.price?.id).toBe(price.id)
    expect((expanded.subscription as Stripe.Subscription).id).toBe(subscription.id)

    // The page of a paid session says so; paying twice does not create a second subscription.
    expect(await (await fetch(session.url!)).text()).toContain('already paid')
    expect((await pay(session)).status).toBe(409)
    expect(received).toHaveLength(3)
  })

  it('runs a payment checkout (a credit pack) for a new customer by email', async () => {
    const product = await stripe.products.create({ name: '50 credits' })
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 900,
      currency: 'usd',
    })
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: 'lin@example.com',
      line_items: [{ price: price.id, quantity: 2 }],
      payment_intent_data: { metadata: { credits: '100' } },
      success_url: 'http://app.test/done?cs={CHECKOUT_SESSION_ID}',
    })
    expect(await (await fetch(session.url!)).text()).toContain('$18.00')
    expect((await pay(session)).headers.get('location')).toBe(
      `http://app.test/done?cs=${session.id}`,
    )
    expect(types()).toEqual(['checkout.session.completed', 'charge.succeeded'])
    const done = await stripe.checkout.sessions.retrieve(session.id)
    expect(done).toMatchObject({ status: 'complete', amount_total: 1800, subscription: null })
    const intent = await stripe.paymentIntents.retrieve(done.payment_intent as string)
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 1800,
      metadata: { credits: '100' },
    })
    expect(
      (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer,
    ).toMatchObject({
      email: 'lin@example.com',
    })

    // Stripe's own checks: a recurring price in payment mode is refused.
    const monthly = await monthlyPlan('pro_monthly_payment_mode')
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: monthly.id }],
        success_url: 'http://x',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items[0][price]' })
  })

  it('cancels at period end from the portal, and at once through the API', async () => {
    const { customer, subscription } = await subscribe('portal@example.com')
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/settings',
    })
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      url: `${local.url}/portal/${portal.id}`,
    })
    expect(portal.id).toMatch(/^bps_/)
    const html = await (await fetch(portal.url)).text()
    expect(html).toContain('Pro')
    expect(html).toContain('active')
    expect(html).toContain('Renews on December 26, 2026')
    expect(html).toContain('href="http://app.test/settings"')
    expect(html).toContain('Cancel plan')

    const cancel = await fetch(
      `${local.url}/portal/${portal.id}/subscriptions/${subscription.id}/cancel`,
      {
        method: 'POST',
        redirect: 'manual',
      },
    )
    expect(cancel.status).toBe(303)
    expect(types()).toEqual(['customer.subscription.updated'])
    const updated = received[0]!.event as Stripe.CustomerSubscriptionUpdatedEvent
    expect(updated.data.object.cancel_at_period_end).toBe(true)
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false })
    expect(await (await fetch(portal.url)).text()).toContain('Cancels on December 26, 2026')

    await stripe.subscriptions.cancel(subscription.id)
    expect(types()).toEqual(['customer.subscription.updated', 'customer.subscription.deleted'])
    expect((received[1]!.event.data.object as Stripe.Subscription).status).toBe('canceled')
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([])
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data,
    ).toHaveLength(1)
  })

  it('renews, fails a renewal, recovers it, and refunds', async () => {
    const { subscription } = await subscribe('renew@example.com')
    const firstEnd = subscription.items.data[0]!.current_period_end

    await local.renewSubscription(subscription.id)
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated'])
    const renewal = received[0]!.event.data.object as Stripe.Invoice
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      period_start: firstEnd,
    })
    expect(renewal.lines.data[0]!.period.start).toBe(firstEnd)
    const afterRenewal = await stripe.subscriptions.retrieve(subscription.id)
    expect(afterRenewal.items.data[0]!.current_period_start).toBe(firstEnd)
    expect(afterRenewal.latest_invoice).toBe(renewal.id)

    received = []
    await local.failNextPayment(subscription.id)
    expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated'])
    expect(received[0]!.event.data.object).toMatchObject({
      status: 'open',
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
    })
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due')

    received = []
    await local.renewSubscription(subscription.id) // the retry succeeds
    expect(types()).toEqual(['invoice.paid', 'customer.subscription.updated'])
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')

    const invoice = (await stripe.invoices.retrieve(
      subscription.latest_invoice as string,
    )) as unknown as Stripe.Invoice & {
      charge: string
    }
    received = []
    await local.refundCharge(invoice.charge, 1000)
    expect(types()).toEqual(['charge.refunded'])
    expect(received[0]!.event.data.object).toMatchObject({ amount_refunded: 1000, refunded: false })
    const refund = await stripe.refunds.create({ charge: invoice.charge })
    expect(refund).toMatchObject({ object: 'refund', amount: 2999 })
    expect(await stripe.charges.retrieve(invoice.charge)).toMatchObject({
      amount_refunded: 3999,
      refunded: true,
    })
    await expect(stripe.refunds.create({ charge: invoice.charge })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    })
  })

  it('keeps an event a receiver refused, and delivers it again on request', async () => {
    const { subscription } = await subscribe('replay@example.com')
    answerStatus = 500
    await stripe.subscriptions.update(subscription.id, { metadata: { note: 'x' } })
    expect(received).toEqual([])
    const event = local.events.at(-1)!
    expect(event.type).toBe('customer.subscription.updated')
    answerStatus = 200
    expect(await local.deliver(event.id)).toEqual({ status: 200 })
    expect(await local.deliver(event.id)).toEqual({ status: 200 })
    expect(received.map((delivery) => delivery.event.id)).toEqual([event.id, event.id])
    expect(received[0]!.raw).toBe(received[1]!.raw)
  })

  it('expires an unpaid session after 24 hours of its clock', async () => {
    const price = await monthlyPlan('pro_monthly_expiry')
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'late@example.com',
      line_items: [{ price: price.id }],
      success_url: 'http://app.test/ok',
    })
    const startedAt = clock
    clock = new Date(startedAt.getTime() + 24 * 3600 * 1000)
    try {
      // The Pay button finds it expired: refused, and the expiry is announced all the same.
      expect((await pay(session)).status).toBe(409)
      expect(types()).toEqual(['checkout.session.expired'])
      expect(await (await fetch(session.url!)).text()).toContain('Session expired')
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'expired',
        url: null,
      })
      expect(types()).toEqual(['checkout.session.expired'])
    } finally {
      clock = startedAt
    }
  })

  it("answers a wrong key and an unknown id with Stripe's errors", async () => {
    const stranger = new Stripe('sk_test_wrong', {
      host: local.host,
      port: local.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    })
    await expect(stranger.customers.create({ email: 'x@example.com' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    )
    const unknown = stripe.subscriptions.retrieve('sub_doesnotexist')
    await expect(unknown).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    await expect(unknown).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 })
    const notFound = await fetch(`${local.url}/checkout/cs_test_nope`)
    expect(notFound.status).toBe(404)
  })
})
