import { randomUUID } from 'node:crypto'
import type { BillingOverview } from '@app/contracts'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { books, webhooksSettled } from '../../../test/billing-support.ts'
import { processWebhookEvent } from './billing-jobs.ts'

/**
 * Purchases on phones: RevenueCat's webhook against the real app and its job queue, with a
 * fixture payload of every event type (the fields RevenueCat documents, invented people), moving
 * one subscription through its life and the user's plan and credits with it.
 */
const AUTH = 'Bearer revenuecat-test-authorization-value'
const DAY = 86_400_000

type Seeker = { id: string; accessToken: string }

let app: TestApp

beforeAll(async () => {
  app = await startTestApp({
    backgroundJobs: true,
    env: { REVENUECAT_WEBHOOK_AUTH: AUTH, AUTH_EMAIL_AUTOCONFIRM: 'true' },
  })
})
afterAll(() => app?.close())

let counter = 0
async function signUp(): Promise<Seeker> {
  const email = `phone-${Date.now()}-${++counter}@example.com`
  const { data, error } = await app
    .client()
    .auth.signUp({ email, password: 'plenty-of-letters-42' })
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, accessToken: data.session.access_token }
}

/** A RevenueCat event as its webhook sends it (fields from RevenueCat's documentation). */
function rcEvent(type: string, fields: Record<string, unknown>) {
  return {
    api_version: '1.0',
    event: {
      id: randomUUID().toUpperCase(),
      type,
      app_id: 'app1a2b3c4d5',
      environment: 'PRODUCTION',
      store: 'APP_STORE',
      country_code: 'US',
      currency: 'USD',
      entitlement_ids: ['pro'],
      is_family_share: false,
      period_type: 'NORMAL',
      price: 39.99,
      price_in_purchased_currency: 39.99,
      takehome_percentage: 0.7,
      subscriber_attributes: {},
      event_timestamp_ms: Date.now(),
      ...fields,
    },
  }
}

async function send(payload: unknown, authorization: string | null = AUTH) {
  const response = await fetch(`${app.baseUrl}/api/webhooks/revenuecat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization === null ? {} : { authorization }),
    },
    body: JSON.stringify(payload),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Sends events one after another, each handled before the next. */
async function deliver(...payloads: unknown[]) {
  for (const payload of payloads) {
    expect((await send(payload)).status).toBe(200)
    await webhooksSettled(app.database.pool)
  }
}

async function overview(who: Seeker): Promise<BillingOverview> {
  const response = await fetch(`${app.baseUrl}/api/billing`, {
    headers: { authorization: `Bearer ${who.accessToken}` },
  })
  return (await response.json()) as BillingOverview
}

async function ledger(userId: string) {
  const { rows } = await app.database.pool.query<{ kind: string; delta: number; reason: string }>(
    'select kind, delta, reason from public.credit_ledger where user_id = $1 order by id',
    [userId],
  )
  return rows
}

describe('the webhook endpoint', () => {
  it('answers only the configured Authorization, and changes nothing otherwise', async () => {
    const seeker = await signUp()
    const purchase = rcEvent('INITIAL_PURCHASE', {
      app_user_id: seeker.id,
      product_id: 'pro_monthly',
    })
    for (const authorization of [null, 'Bearer wrong', AUTH.slice(0, -1), AUTH.toLowerCase()]) {
      expect(await send(purchase, authorization)).toMatchObject({
        status: 401,
        body: { code: 'webhook_unauthorized' },
      })
    }
    expect(await send({ event: { type: 'INITIAL_PURCHASE' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    })
    const { rows } = await app.database.pool.query(
      `select 1 from public.billing_webhook_events where id = $1`,
      [purchase.event.id],
    )
    expect(rows).toHaveLength(0)
    expect((await overview(seeker)).currentPlan.id).toBe('free')
  })
})

describe('a subscription bought in the App Store, through its life', () => {
  let seeker: Seeker
  const original = `2000000${Date.now()}`
  const start = Date.now() - 1000
  const month = 30 * DAY
  const state = (fields: Record<string, unknown> = {}) => ({
    app_user_id: seeker.id,
    original_app_user_id: seeker.id,
    aliases: [seeker.id],
    product_id: 'pro_monthly',
    original_transaction_id: original,
    transaction_id: original,
    purchased_at_ms: start,
    expiration_at_ms: start + month,
    ...fields,
  })

  beforeAll(async () => {
    seeker = await signUp()
  })

  it('INITIAL_PURCHASE: the plan and its credits for the period, once', async () => {
    const purchase = rcEvent('INITIAL_PURCHASE', state())
    await deliver(purchase)
    expect(await send(purchase)).toMatchObject({ status: 200, body: { duplicate: true } })
    // The same purchase reported again under a new event id grants nothing more either.
    await deliver(rcEvent('INITIAL_PURCHASE', state()))
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('pro_monthly')
    expect(billing.subscription).toMatchObject({
      provider: 'revenuecat',
      store: 'APP_STORE',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(start + month).toISOString(),
    })
    expect(billing.credits).toMatchObject({
      remainingCredits: 600,
      currentPeriodStart: new Date(start).toISOString(),
    })
    expect((await ledger(seeker.id)).filter((entry) => entry.reason === 'subscription')).toEqual([
      { kind: 'grant', delta: 600, reason: 'subscription' },
    ])
  })

  it('CANCELLATION keeps the plan to the end of the period; UNCANCELLATION renews again', async () => {
    const cancelled = rcEvent('CANCELLATION', {
      ...state(),
      cancel_reason: 'UNSUBSCRIBE',
      event_timestamp_ms: Date.now(),
    })
    await deliver(cancelled)
    expect((await overview(seeker)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    })
    const resumed = rcEvent('UNCANCELLATION', { ...state(), event_timestamp_ms: Date.now() + 10 })
    await deliver(resumed)
    expect((await overview(seeker)).subscription).toMatchObject({ cancelAtPeriodEnd: false })
    // The cancellation again, delivered late: older than the state it would overwrite.
    await deliver(rcEvent('CANCELLATION', { ...state(), event_timestamp_ms: Date.now() - 60_000 }))
    expect((await overview(seeker)).subscription).toMatchObject({ cancelAtPeriodEnd: false })
  })

  it('PRODUCT_CHANGE notes the next plan; it applies at the RENEWAL that carries it', async () => {
    await deliver(rcEvent('PRODUCT_CHANGE', { ...state(), new_product_id: 'pro_weekly' }))
    const { rows } = await app.database.pool.query<{ next_plan: string; plan: string }>(
      `select plan, next_plan from public.subscriptions where revenuecat_subscription_id = $1`,
      [original],
    )
    expect(rows[0]).toEqual({ plan: 'pro_monthly', next_plan: 'pro_weekly' })
    expect((await overview(seeker)).currentPlan.id).toBe('pro_monthly')
  })

  it('BILLING_ISSUE keeps the plan and raises the banner; RENEWAL clears it and starts the next period', async () => {
    await deliver(rcEvent('BILLING_ISSUE', { ...state(), event_timestamp_ms: Date.now() }))
    expect((await overview(seeker)).subscription).toMatchObject({
      status: 'past_due',
      paymentFailed: true,
    })
    expect((await overview(seeker)).currentPlan.id).toBe('pro_monthly')

    const renewal = rcEvent('RENEWAL', {
      ...state(),
      product_id: 'pro_weekly',
      transaction_id: `${original}-2`,
      purchased_at_ms: start + month,
      expiration_at_ms: start + month + 7 * DAY,
      event_timestamp_ms: Date.now() + 1000,
    })
    await deliver(renewal, renewal)
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('pro_weekly')
    expect(billing.subscription).toMatchObject({
      status: 'active',
      paymentFailed: false,
      plan: 'pro_weekly',
    })
    expect(billing.credits).toMatchObject({
      remainingCredits: 150,
      currentPeriodStart: new Date(start + month).toISOString(),
    })
    expect((await ledger(seeker.id)).slice(-2)).toEqual([
      { kind: 'expiry', delta: -600, reason: 'period_end' },
      { kind: 'grant', delta: 150, reason: 'subscription' },
    ])
  })

  it('NON_RENEWING_PURCHASE adds a credit pack, which outlives the plan', async () => {
    await deliver(
      rcEvent('NON_RENEWING_PURCHASE', {
        app_user_id: seeker.id,
        product_id: 'credits_50',
        transaction_id: `pack-${original}`,
        original_transaction_id: `pack-${original}`,
        purchased_at_ms: Date.now(),
        expiration_at_ms: null,
      }),
    )
    expect((await overview(seeker)).credits.remainingCredits).toBe(200)
  })

  it('EXPIRATION returns to the free plan: the unspent allowance expires, the pack stays', async () => {
    await deliver(
      rcEvent('EXPIRATION', {
        ...state(),
        product_id: 'pro_weekly',
        transaction_id: `${original}-2`,
        expiration_reason: 'UNSUBSCRIBE',
        event_timestamp_ms: Date.now() + 5000,
      }),
    )
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('free')
    expect(billing.subscription).toMatchObject({ status: 'canceled' })
    expect(billing.credits.remainingCredits).toBe(60)
    expect(await books(app.database.pool, seeker.id)).toMatchObject({ balance: 60, ledger_sum: 60 })
  })

  it('records and ignores types it has nothing to do for (TEST, SUBSCRIPTION_PAUSED)', async () => {
    const before = await ledger(seeker.id)
    await deliver(
      rcEvent('TEST', { app_user_id: seeker.id }),
      rcEvent('SUBSCRIPTION_PAUSED', { ...state(), auto_resume_at_ms: Date.now() + DAY }),
    )
    expect(await ledger(seeker.id)).toEqual(before)
  })
})

describe('refunds, transfers and sandbox events', () => {
  it('a refund (CANCELLATION by customer support) takes back the unspent credits of that payment', async () => {
    const seeker = await signUp()
    const transaction = `3000000${Date.now()}`
    const fields = {
      app_user_id: seeker.id,
      product_id: 'pro_weekly',
      original_transaction_id: transaction,
      transaction_id: transaction,
      purchased_at_ms: Date.now() - 1000,
      expiration_at_ms: Date.now() + 7 * DAY,
    }
    await deliver(rcEvent('INITIAL_PURCHASE', fields))
    expect((await overview(seeker)).credits.remainingCredits).toBe(150)
    await deliver(
      rcEvent('CANCELLATION', {
        ...fields,
        cancel_reason: 'CUSTOMER_SUPPORT',
        event_timestamp_ms: Date.now() + 10,
      }),
    )
    const billing = await overview(seeker)
    expect(billing.currentPlan.id).toBe('free')
    expect(billing.subscription).toMatchObject({ status: 'canceled' })
    expect((await ledger(seeker.id)).map((entry) => [entry.reason, entry.delta])).toContainEqual([
      'payment_refunded',
      -150,
    ])
    expect(await books(app.database.pool, seeker.id)).toMatchObject({ balance: 10, ledger_sum: 10 })
  })

  it('TRANSFER moves the subscription: the receiver gets the plan, the giver returns to free', async () => {
    const giver = await signUp()
    const receiver = await signUp()
    const transaction = `4000000${Date.now()}`
    await deliver(
      rcEvent('INITIAL_PURCHASE', {
        app_user_id: giver.id,
        product_id: 'pro_monthly',
        original_transaction_id: transaction,
        transaction_id: transaction,
        purchased_at_ms: Date.now() - 1000,
        expiration_at_ms: Date.now() + 30 * DAY,
      }),
    )
    const transfer = rcEvent('TRANSFER', {
      transferred_from: [giver.id],
      transferred_to: [receiver.id],
      event_timestamp_ms: Date.now() + 10,
    })
    await deliver(transfer, transfer)
    expect((await overview(giver)).currentPlan.id).toBe('free')
    expect((await overview(receiver)).currentPlan.id).toBe('pro_monthly')
    expect((await overview(receiver)).credits.remainingCredits).toBe(600)
    expect(await books(app.database.pool, receiver.id)).toMatchObject({
      balance: 600,
      ledger_sum: 600,
    })
  })

  it('a user id that is not ours is recorded and skipped', async () => {
    await deliver(
      rcEvent('INITIAL_PURCHASE', {
        app_user_id: '$RCAnonymousID:8c1f5f0d2b8e4f7b',
        product_id: 'pro_monthly',
        transaction_id: 'anon-1',
        original_transaction_id: 'anon-1',
        purchased_at_ms: Date.now(),
        expiration_at_ms: Date.now() + DAY,
      }),
    )
    const { rows } = await app.database.pool.query(
      `select 1 from public.subscriptions where revenuecat_subscription_id = 'anon-1'`,
    )
    expect(rows).toHaveLength(0)
  })

  it('ignores SANDBOX events on production installs, applies them on others', async () => {
    const seeker = await signUp()
    const sandbox = rcEvent('INITIAL_PURCHASE', {
      environment: 'SANDBOX',
      app_user_id: seeker.id,
      product_id: 'pro_monthly',
      transaction_id: `sandbox-${seeker.id}`,
      original_transaction_id: `sandbox-${seeker.id}`,
      purchased_at_ms: Date.now(),
      expiration_at_ms: Date.now() + DAY,
    })
    const { rows } = await app.database.pool.query<{ id: string }>(
      `insert into public.billing_webhook_events (provider, id, type, payload)
       values ('revenuecat', $1, $2, $3) returning id`,
      [sandbox.event.id, sandbox.event.type, JSON.stringify(sandbox.event)],
    )
    const production = {
      db: app.database.pool,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      stripe: null,
      settings: {
        stripe: null,
        revenueCatAuthorization: AUTH,
        ignoreSandboxEvents: true,
        appUrl: app.baseUrl,
      },
    }
    await processWebhookEvent(production, { provider: 'revenuecat', id: rows[0]!.id })
    expect((await overview(seeker)).currentPlan.id).toBe('free')
    // This test install is a development one: the webhook applies sandbox purchases.
    await deliver({ ...sandbox, event: { ...sandbox.event, id: randomUUID() } })
    expect((await overview(seeker)).currentPlan.id).toBe('pro_monthly')
  })
})
