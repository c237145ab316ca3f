import { randomUUID } from 'node:crypto'
import type {
  PublicReferralCode,
  RedeemReferralResponse,
  ReferralInvitationResponse,
  ReferralsResponse,
} from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { rewardDueReferrals, rewardReferral } from './index.ts'

/**
 * Referrals against the running app and real PostgreSQL (ADR 0029): every rule of redeeming, the
 * qualifying moment seen by the database, the rewards paid once through the ledger whatever
 * races, the monthly cap, and the same-IP / same-device holds.
 */
let app: TestApp

// Requests name their client through X-Forwarded-For (TRUST_PROXY=loopback), so each user can
// come from an address of their own, or share one.
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'loopback', REFERRAL_MONTHLY_CAP: '3' } })
})
afterAll(() => app?.close())

const SETTINGS = { rewardCredits: 20, monthlyCap: 3 }
const PASSWORD = 'referral-test-password-1'

type Account = {
  id: string
  email: string
  accessToken: string
  supabase: SupabaseClient
  /** This user's client address, unique unless a test gives two users one. */
  ip: string
}

let nextAddress = 1
const publicAddress = () => `198.51.100.${nextAddress++}`

async function account(options: { firstName?: string; confirmed?: boolean } = {}) {
  const email = `${randomUUID().slice(0, 8)}@example.test`
  const created = await app.adminClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: options.firstName ? { first_name: options.firstName } : {},
  })
  if (created.error || !created.data.user) throw created.error ?? new Error('no user')
  const supabase = app.client()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
  if (error || !data.session) throw error ?? new Error('no session')
  if (options.confirmed === false) {
    // Arranged: a signed-in account whose address is not confirmed yet.
    await app.database.pool.query(`update auth.users set email_confirmed_at = null where id = $1`, [
      data.user.id,
    ])
  }
  return {
    id: data.user.id,
    email,
    accessToken: data.session.access_token,
    supabase,
    ip: publicAddress(),
  } satisfies Account
}

async function guest(): Promise<Account> {
  const supabase = app.client()
  const { data, error } = await supabase.auth.signInAnonymously()
  if (error || !data.session) throw error ?? new Error('no session')
  return {
    id: data.session.user.id,
    email: '',
    accessToken: data.session.access_token,
    supabase,
    ip: publicAddress(),
  }
}

async function api<T>(
  user: Account,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T & { code?: string; message?: string } }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      'x-forwarded-for': user.ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T & { code?: string } }
}

const codeOf = async (user: Account) =>
  (await api<ReferralsResponse>(user, 'GET', '/referrals')).body.referralCode

const redeem = (user: Account, code: string, headers?: Record<string, string>) =>
  api<RedeemReferralResponse>(user, 'POST', '/referrals/redeem', { code }, headers)

/** Completes onboarding as the web app does: through /rest/v1 with the user's session. */
async function completeOnboarding(user: Account, at = new Date().toISOString()) {
  const { error } = await user.supabase
    .from('wizard')
    .update({ completed_at: at })
    .eq('user_id', user.id)
  if (error) throw error
}

async function confirmEmail(user: Account) {
  const { error } = await app.adminClient().auth.admin.updateUserById(user.id, {
    email_confirm: true,
  })
  if (error) throw error
}

async function referralOf(referredId: string) {
  const { rows } = await app.database.pool.query<{
    id: string
    status: string
    qualified_at: Date | null
    held_reason: string | null
    reward_credits: number | null
    referrer_reward_credits: number | null
    redeemer_ip_hash: string | null
  }>(
    `select id, status, qualified_at, held_reason, reward_credits, referrer_reward_credits,
       redeemer_ip_hash
     from public.referrals where referred_user_id = $1`,
    [referredId],
  )
  return rows
}

async function referralLedger(userId: string) {
  const { rows } = await app.database.pool.query<{ idempotency_key: string; delta: number }>(
    `select idempotency_key, delta from public.credit_ledger
     where user_id = $1 and reason = 'referral' order by created_at`,
    [userId],
  )
  return rows
}

async function balanceOf(userId: string): Promise<number> {
  const { rows } = await app.database.pool.query<{ balance: number }>(
    `select balance from public.credit_balances where user_id = $1`,
    [userId],
  )
  return rows[0]!.balance
}

const pay = () =>
  rewardDueReferrals({ db: app.database.pool, now: () => new Date(), settings: SETTINGS })

describe('GET /api/referrals', () => {
  it("answers the user's code, share path, rules and (no) invitees", async () => {
    const ada = await account({ firstName: 'Ada' })
    const { status, body } = await api<ReferralsResponse>(ada, 'GET', '/referrals')
    expect(status).toBe(200)
    const { rows } = await app.database.pool.query<{ referral_code: string }>(
      `select referral_code from public.profiles where user_id = $1`,
      [ada.id],
    )
    expect(body).toEqual({
      referralCode: rows[0]!.referral_code,
      sharePath: `/r/${rows[0]!.referral_code}`,
      rewardCredits: 20,
      monthlyCap: 3,
      rewardedThisMonth: 0,
      redeemWindowDays: 30,
      invitees: [],
      totalCreditsEarned: 0,
    })
    expect(body.referralCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/)
  })

  it('refuses guests (403 referral_guest) and callers without a session (401)', async () => {
    const visitor = await guest()
    const refused = await api(visitor, 'GET', '/referrals')
    expect(refused).toMatchObject({ status: 403, body: { code: 'referral_guest' } })
    const anonymous = await fetch(`${app.baseUrl}/api/referrals`)
    expect(anonymous.status).toBe(401)
  })

  it('records only hashes of where the referrer was seen, never the address or device id', async () => {
    const ada = await account()
    const deviceId = `device-${randomUUID()}`
    await api(ada, 'GET', '/referrals', undefined, { 'x-device-id': deviceId })
    const { rows } = await app.database.pool.query<{ kind: string; hash: string }>(
      `select kind, hash from public.referral_fingerprints where user_id = $1 order by kind`,
      [ada.id],
    )
    expect(rows.map((row) => row.kind)).toEqual(['device', 'ip'])
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.hash).not.toContain(ada.ip)
    }
    const dump = JSON.stringify(
      (await app.database.pool.query(`select * from public.referral_fingerprints`)).rows,
    )
    expect(dump).not.toContain(ada.ip)
    expect(dump).not.toContain(deviceId)
  })
})

describe('GET /api/public/referrals/{code}', () => {
  it("answers only the inviter's first name, for any spelling of the code", async () => {
    const ada = await account({ firstName: 'Ada' })
    const code = await codeOf(ada)
    const spelled = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`
    const response = await fetch(`${app.baseUrl}/api/public/referrals/${spelled}`)
    expect(response.status).toBe(200)
    expect((await response.json()) as PublicReferralCode).toEqual({
      referralCode: code,
      inviterFirstName: 'Ada',
    })
  })

  it('answers 404 referral_code_invalid for an unknown code', async () => {
    const response = await fetch(`${app.baseUrl}/api/public/referrals/ZZZZ2222`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'referral_code_invalid' })
  })
})

describe('POST /api/referrals (invite by email)', () => {
  it('queues one invitation per address with the share link and code', async () => {
    const ada = await account({ firstName: 'Ada' })
    const code = await codeOf(ada)
    const friend = `Friend-${randomUUID().slice(0, 6)}@Example.test`
    const first = await api<ReferralInvitationResponse>(ada, 'POST', '/referrals', {
      email: friend,
    })
    expect(first).toEqual({ status: 202, body: { email: friend, sent: true } })
    const again = await api<ReferralInvitationResponse>(ada, 'POST', '/referrals', {
      email: friend.toLowerCase(),
    })
    expect(again).toEqual({ status: 202, body: { email: friend.toLowerCase(), sent: false } })
    const emails = await app.emailsTo(friend)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.template).toBe('referral_invitation')
    expect(emails[0]!.subject).toBe('Ada invited you to Job Search Assistant')
    expect(emails[0]!.text_body).toContain(`${app.baseUrl}/r/${code}`)
    expect(emails[0]!.text_body).toContain(code)
  })

  it('refuses a bad address (400) and your own address (422)', async () => {
    const ada = await account()
    const bad = await api(ada, 'POST', '/referrals', { email: 'not-an-address' })
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    const missing = await api(ada, 'POST', '/referrals', {})
    expect(missing).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    const own = await api(ada, 'POST', '/referrals', { email: ada.email.toUpperCase() })
    expect(own).toMatchObject({ status: 422, body: { code: 'referral_own_code' } })
  })

  it('refuses guests', async () => {
    const visitor = await guest()
    const refused = await api(visitor, 'POST', '/referrals', { email: 'someone@example.test' })
    expect(refused).toMatchObject({ status: 403, body: { code: 'referral_guest' } })
  })
})

describe('POST /api/referrals/redeem: the rules', () => {
  it('redeems a code in any case, with spaces and dashes, as pending until qualified', async () => {
    const ada = await account()
    const bob = await account({ firstName: 'Bob' })
    const code = await codeOf(ada)
    const typed = ` ${code.slice(0, 4).toLowerCase()} - ${code.slice(4).toLowerCase()} `
    const { status, body } = await redeem(bob, typed)
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'pending', qualified: false, rewardCredits: 20 })
    const [row] = await referralOf(bob.id)
    expect(row).toMatchObject({ id: body.referralId, status: 'pending', qualified_at: null })
    expect(row!.redeemer_ip_hash).toMatch(/^[0-9a-f]{64}$/)
    const list = await api<ReferralsResponse>(ada, 'GET', '/referrals')
    expect(list.body.invitees).toEqual([
      expect.objectContaining({
        name: 'Bob',
        status: 'pending',
        creditsEarned: 0,
        qualified: false,
      }),
    ])
  })

  it('refuses an unknown code (404), your own (422), a second one (409), a guest (403)', async () => {
    const ada = await account()
    const carl = await account()
    const bob = await account()
    expect(await redeem(bob, 'ZZZZ2222')).toMatchObject({
      status: 404,
      body: { code: 'referral_code_invalid' },
    })
    expect(await redeem(bob, await codeOf(bob))).toMatchObject({
      status: 422,
      body: { code: 'referral_own_code' },
    })
    expect((await redeem(bob, await codeOf(ada))).status).toBe(200)
    expect(await redeem(bob, await codeOf(carl))).toMatchObject({
      status: 409,
      body: { code: 'referral_already_redeemed' },
    })
    expect(await redeem(bob, await codeOf(ada))).toMatchObject({
      status: 409,
      body: { code: 'referral_already_redeemed' },
    })
    const visitor = await guest()
    expect(await redeem(visitor, await codeOf(ada))).toMatchObject({
      status: 403,
      body: { code: 'referral_guest' },
    })
    expect(await redeem(bob, '')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    })
    expect(await referralOf(visitor.id)).toEqual([])
  })

  it('refuses a code more than 30 days after sign-up (422 referral_too_late)', async () => {
    const ada = await account()
    const late = await account()
    await app.database.pool.query(
      `update auth.users set created_at = now() - interval '31 days' where id = $1`,
      [late.id],
    )
    expect(await redeem(late, await codeOf(ada))).toMatchObject({
      status: 422,
      body: { code: 'referral_too_late', details: { windowDays: 30 } },
    })
    const inTime = await account()
    await app.database.pool.query(
      `update auth.users set created_at = now() - interval '29 days' where id = $1`,
      [inTime.id],
    )
    expect((await redeem(inTime, await codeOf(ada))).status).toBe(200)
  })

  it('lets an upgraded guest redeem, once they have an account', async () => {
    const ada = await account()
    const visitor = await guest()
    const email = `${randomUUID().slice(0, 8)}@example.test`
    const upgraded = await visitor.supabase.auth.updateUser({ email, password: PASSWORD })
    expect(upgraded.error).toBeNull()
    const { data } = await visitor.supabase.auth.refreshSession()
    const member = { ...visitor, email, accessToken: data.session!.access_token }
    expect((await redeem(member, await codeOf(ada))).status).toBe(200)
  })

  it('answers exactly one success to ten redeems racing (one row)', async () => {
    const referrers = await Promise.all([account(), account(), account()])
    const codes = await Promise.all(referrers.map(codeOf))
    const bob = await account()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(bob, codes[i % codes.length]!)),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9)
    expect(await referralOf(bob.id)).toHaveLength(1)
  })
})

describe('qualifying and the rewards', () => {
  it('pays both sides once the invitee completes onboarding, once whatever repeats', async () => {
    const ada = await account()
    const bob = await account()
    const adaBefore = await balanceOf(ada.id)
    const bobBefore = await balanceOf(bob.id)
    const { body } = await redeem(bob, await codeOf(ada))
    expect(await pay()).toBe(0) // not qualified yet: onboarding not completed
    expect(await referralLedger(bob.id)).toEqual([])

    await completeOnboarding(bob)
    expect((await referralOf(bob.id))[0]!.qualified_at).not.toBeNull()
    // The qualifying event again (onboarding reset and completed again), and the sweep twice.
    await app.database.pool.query(
      `update public.wizard set completed_at = null where user_id = $1`,
      [bob.id],
    )
    await completeOnboarding(bob)
    await Promise.all([pay(), pay(), pay()])
    await pay()

    expect(await referralLedger(bob.id)).toEqual([
      { idempotency_key: `referral:${body.referralId}:referred`, delta: 20 },
    ])
    expect(await referralLedger(ada.id)).toEqual([
      { idempotency_key: `referral:${body.referralId}:referrer`, delta: 20 },
    ])
    expect(await balanceOf(ada.id)).toBe(adaBefore + 20)
    expect(await balanceOf(bob.id)).toBe(bobBefore + 20)
    expect((await referralOf(bob.id))[0]).toMatchObject({
      status: 'rewarded',
      reward_credits: 20,
      referrer_reward_credits: 20,
    })
    const list = await api<ReferralsResponse>(ada, 'GET', '/referrals')
    expect(list.body.invitees[0]).toMatchObject({ status: 'rewarded', creditsEarned: 20 })
    expect(list.body.totalCreditsEarned).toBe(20)
    expect(list.body.rewardedThisMonth).toBe(1)
  })

  it('pays once when ten settlements of one referral race', async () => {
    const ada = await account()
    const bob = await account()
    const { body } = await redeem(bob, await codeOf(ada))
    await completeOnboarding(bob)
    const deps = { db: app.database.pool, now: () => new Date(), settings: SETTINGS }
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => rewardReferral(deps, body.referralId)),
    )
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    expect(await referralLedger(bob.id)).toHaveLength(1)
    expect(await referralLedger(ada.id)).toHaveLength(1)
  })

  it('needs the confirmed email too: the confirmation is the qualifying event then', async () => {
    const ada = await account()
    const bob = await account({ confirmed: false })
    await redeem(bob, await codeOf(ada))
    await completeOnboarding(bob)
    expect((await referralOf(bob.id))[0]!.qualified_at).toBeNull()
    expect(await pay()).toBe(0)
    await confirmEmail(bob)
    expect((await referralOf(bob.id))[0]!.qualified_at).not.toBeNull()
    await pay()
    expect(await referralLedger(bob.id)).toHaveLength(1)
    expect(await referralLedger(ada.id)).toHaveLength(1)
  })

  it('pays at once when the invitee already qualifies at redeem', async () => {
    const ada = await account()
    const bob = await account()
    await completeOnboarding(bob)
    const { status, body } = await redeem(bob, await codeOf(ada))
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'rewarded', qualified: true })
    expect(await referralLedger(bob.id)).toHaveLength(1)
    expect(await referralLedger(ada.id)).toHaveLength(1)
  })

  it('never loses a qualification to a redeem racing it, and pays once', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const invitees = await Promise.all(Array.from({ length: 8 }, () => account()))
    await Promise.all(
      invitees.map((bob) => Promise.all([redeem(bob, code), completeOnboarding(bob)])),
    )
    await Promise.all([pay(), pay()])
    for (const bob of invitees) {
      const [row] = await referralOf(bob.id)
      expect(row!.qualified_at).not.toBeNull()
      expect(row!.status).toBe('rewarded')
      expect(await referralLedger(bob.id)).toHaveLength(1)
    }
  })

  it('a redeem waits for a qualifying transaction in flight, then sees it (and pays at once)', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const bob = await account()
    const client = await app.database.pool.connect()
    try {
      await client.query('begin')
      await client.query(`update public.wizard set completed_at = now() where user_id = $1`, [
        bob.id,
      ])
      const redeeming = redeem(bob, code)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await client.query('commit')
      const { body } = await redeeming
      expect(body).toMatchObject({ status: 'rewarded', qualified: true })
    } finally {
      client.release()
    }
    expect(await referralLedger(bob.id)).toHaveLength(1)
  })

  it('a qualifying event waits for a redeem in flight, then marks it', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const bob = await account()
    const client = await app.database.pool.connect()
    try {
      await client.query('begin')
      await client.query(`select * from private.redeem_referral_code($1, $2, null, null, now())`, [
        bob.id,
        code,
      ])
      const completing = completeOnboarding(bob)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await client.query('commit')
      await completing
    } finally {
      client.release()
    }
    expect((await referralOf(bob.id))[0]!.qualified_at).not.toBeNull()
  })

  it('never loses a qualification when the email is confirmed while onboarding completes', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const invitees = await Promise.all(
      Array.from({ length: 8 }, () => account({ confirmed: false })),
    )
    for (const bob of invitees) {
      await redeem(bob, code)
    }
    await Promise.all(
      invitees.map((bob) => Promise.all([confirmEmail(bob), completeOnboarding(bob)])),
    )
    for (const bob of invitees) {
      expect((await referralOf(bob.id))[0]!.qualified_at).not.toBeNull()
    }
  })
})

describe('the monthly cap', () => {
  it('stops rewarding the referrer past the cap; the invitees are still rewarded', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const invitees = await Promise.all(Array.from({ length: 5 }, () => account()))
    for (const bob of invitees) {
      await redeem(bob, code)
      await completeOnboarding(bob)
    }
    // Settled all at once: the cap still holds exactly.
    const ids = await Promise.all(invitees.map(async (bob) => (await referralOf(bob.id))[0]!.id))
    const deps = { db: app.database.pool, now: () => new Date(), settings: SETTINGS }
    await Promise.all(ids.map((id) => rewardReferral(deps, id)))
    const referrerEntries = await referralLedger(ada.id)
    expect(referrerEntries).toHaveLength(3)
    for (const bob of invitees) {
      expect(await referralLedger(bob.id)).toEqual([expect.objectContaining({ delta: 20 })])
    }
    const list = await api<ReferralsResponse>(ada, 'GET', '/referrals')
    expect(list.body.rewardedThisMonth).toBe(3)
    expect(list.body.totalCreditsEarned).toBe(60)
    expect(list.body.invitees.filter((i) => i.status === 'rewarded')).toHaveLength(5)
    expect(list.body.invitees.filter((i) => i.creditsEarned === 0)).toHaveLength(2)
  })
})

describe('fraud holds', () => {
  it('holds a pair seen on the same IP address: no reward until an operator releases it', async () => {
    const ada = await account()
    const code = await codeOf(ada)
    const bob = { ...(await account()), ip: ada.ip }
    const { body } = await redeem(bob, code)
    expect(body).toMatchObject({ status: 'held' })
    expect((await referralOf(bob.id))[0]).toMatchObject({ status: 'held', held_reason: 'same_ip' })
    await completeOnboarding(bob)
    await pay()
    expect(await referralLedger(bob.id)).toEqual([])
    expect(await referralLedger(ada.id)).toEqual([])
    const list = await api<ReferralsResponse>(ada, 'GET', '/referrals')
    expect(list.body.invitees[0]).toMatchObject({ status: 'held', creditsEarned: 0 })

    const released = await app.database.pool.query<{ released: boolean }>(
      `select private.release_referral($1) as released`,
      [body.referralId],
    )
    expect(released.rows[0]!.released).toBe(true)
    await pay()
    expect(await referralLedger(bob.id)).toHaveLength(1)
    expect(await referralLedger(ada.id)).toHaveLength(1)
  })

  it('holds a pair on the same device (header x-device-id); a rejected one is never paid', async () => {
    const ada = await account()
    const deviceId = `device-${randomUUID()}`
    await api(ada, 'GET', '/referrals', undefined, { 'x-device-id': deviceId })
    const bob = await account()
    const { body } = await redeem(bob, await codeOf(ada), { 'x-device-id': deviceId })
    expect(body.status).toBe('held')
    expect((await referralOf(bob.id))[0]).toMatchObject({ held_reason: 'same_device' })
    await app.database.pool.query(`select private.reject_referral($1)`, [body.referralId])
    await completeOnboarding(bob)
    await pay()
    expect((await referralOf(bob.id))[0]).toMatchObject({ status: 'rejected', qualified_at: null })
    expect(await referralLedger(bob.id)).toEqual([])
  })

  it('does not compare local addresses (they name a proxy, not a person)', async () => {
    const ada = { ...(await account()), ip: '10.0.0.7' }
    const code = await codeOf(ada)
    const bob = { ...(await account()), ip: '10.0.0.7' }
    expect((await redeem(bob, code)).body.status).toBe('pending')
  })

  it('does not hold pairs from different addresses and devices', async () => {
    const ada = await account()
    await api(ada, 'GET', '/referrals', undefined, { 'x-device-id': `device-${randomUUID()}` })
    const bob = await account()
    const { body } = await redeem(bob, await codeOf(ada), {
      'x-device-id': `device-${randomUUID()}`,
    })
    expect(body.status).toBe('pending')
  })
})

describe('the API roles', () => {
  it('cannot call the referral functions or write the tables', async () => {
    const bob = await account()
    const rpc = await bob.supabase.rpc('redeem_referral_code', { p_user_id: bob.id, p_code: 'X' })
    expect(rpc.error).not.toBeNull()
    const insert = await bob.supabase
      .from('referrals')
      .insert({ referrer_user_id: bob.id, referred_user_id: bob.id, code: 'X' })
    expect(insert.error).not.toBeNull()
    const fingerprints = await bob.supabase.from('referral_fingerprints').select('*')
    expect(fingerprints.data ?? []).toEqual([])
  })
})
