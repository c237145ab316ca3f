import { randomUUID } from 'node:crypto'
import type { ReferralsResponse } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * The server as it runs (background jobs on, settings from the environment): a referral is paid
 * within seconds of the invitee qualifying through the ordinary surfaces (/auth/v1, /rest/v1),
 * with REFERRAL_REWARD_CREDITS and REFERRAL_MONTHLY_CAP honoured.
 */
let app: TestApp

beforeAll(async () => {
  app = await startTestApp({
    backgroundJobs: true,
    env: {
      AUTH_EMAIL_AUTOCONFIRM: 'false',
      REFERRAL_REWARD_CREDITS: '7',
      REFERRAL_MONTHLY_CAP: '1',
    },
  })
})
afterAll(() => app?.close())

const PASSWORD = 'referral-test-password-1'

async function member() {
  const email = `${randomUUID().slice(0, 8)}@example.test`
  const created = await app.adminClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  })
  if (created.error) throw created.error
  const supabase = app.client()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.user.id, email, token: data.session.access_token, supabase }
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function referralLedger(userId: string) {
  const { rows } = await app.database.pool.query<{ idempotency_key: string; delta: number }>(
    `select idempotency_key, delta from public.credit_ledger
     where user_id = $1 and reason = 'referral' order by created_at`,
    [userId],
  )
  return rows
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('referral rewards in the running server', () => {
  it('pays both sides within seconds of qualifying, once, past the cap the invitee only', async () => {
    const ada = await member()
    const { body } = await call(ada.token, 'GET', '/referrals')
    const code = (body as ReferralsResponse).referralCode

    // Bob signs up through /auth/v1 with an unconfirmed address, then confirms it later.
    const bobClient = app.client()
    const bobEmail = `${randomUUID().slice(0, 8)}@example.test`
    const signUp = await bobClient.auth.signUp({ email: bobEmail, password: PASSWORD })
    expect(signUp.error).toBeNull()
    const bobId = signUp.data.user!.id
    // Confirmed through the emailed 6-digit code (the qualifying email event) ...
    const [confirmation] = await app.emailsTo(bobEmail)
    const verified = await bobClient.auth.verifyOtp({
      email: bobEmail,
      token: confirmation!.template_data.code!,
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    const bobToken = verified.data.session!.access_token
    const redeemed = await call(bobToken, 'POST', '/referrals/redeem', { code })
    expect(redeemed).toMatchObject({ status: 200, body: { status: 'pending', rewardCredits: 7 } })

    // ... and the completed onboarding through /rest/v1, sent twice at once.
    const completedAt = new Date().toISOString()
    const started = Date.now()
    const updates = await Promise.all([
      bobClient.from('wizard').update({ completed_at: completedAt }).eq('user_id', bobId),
      bobClient.from('wizard').update({ completed_at: completedAt }).eq('user_id', bobId),
    ])
    expect(updates.map((u) => u.error)).toEqual([null, null])

    const paid = await waitFor(
      () => referralLedger(ada.id),
      (rows) => rows.length > 0,
    )
    const seconds = (Date.now() - started) / 1000
    expect(seconds).toBeLessThan(10)
    const referralId = redeemed.body.referralId as string
    expect(paid).toEqual([{ idempotency_key: `referral:${referralId}:referrer`, delta: 7 }])
    expect(await referralLedger(bobId)).toEqual([
      { idempotency_key: `referral:${referralId}:referred`, delta: 7 },
    ])

    // A second invitee this month: past the cap of 1, only the invitee is paid.
    const cleo = await member()
    await call(cleo.token, 'POST', '/referrals/redeem', { code })
    await cleo.supabase.from('wizard').update({ completed_at: completedAt }).eq('user_id', cleo.id)
    const cleoPaid = await waitFor(
      () => referralLedger(cleo.id),
      (rows) => rows.length > 0,
    )
    expect(cleoPaid).toEqual([expect.objectContaining({ delta: 7 })])
    // Several sweeps later, still exactly one entry each.
    await new Promise((resolve) => setTimeout(resolve, 4_500))
    expect(await referralLedger(ada.id)).toHaveLength(1)
    expect(await referralLedger(bobId)).toHaveLength(1)
    expect(await referralLedger(cleo.id)).toHaveLength(1)
    const list = await call(ada.token, 'GET', '/referrals')
    expect((list.body as ReferralsResponse).invitees.map((i) => i.creditsEarned).sort()).toEqual([
      0, 7,
    ])
  })
})
