import { CreditsResponseSchema } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { expire, grant, readBalance, refund, spend } from './credit-ledger.ts'
import { refreshDueBalances } from './credit-periods.ts'
import { saveFreePlan } from './credit-plans.ts'

/**
 * Credits against the real app and database: GET /api/credits, the ledger's four kinds of
 * change, and the roll-over of periods (lazy, concurrent and in batches) as the app's clock
 * moves on.
 */
const DAY_MS = 86_400_000

type Guest = { id: string; accessToken: string }

async function signInGuest(testApp: TestApp): Promise<Guest> {
  const { data, error } = await testApp.client().auth.signInAnonymously()
  expect(error).toBeNull()
  return { id: data.user?.id ?? '', accessToken: data.session?.access_token ?? '' }
}

async function getCredits(testApp: TestApp, accessToken?: string) {
  const response = await fetch(`${testApp.baseUrl}/api/credits`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function midnightUtc(at: Date, plusDays = 0): string {
  const midnight = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  return new Date(midnight.getTime() + plusDays * DAY_MS).toISOString()
}

async function ledgerOf(testApp: TestApp, userId: string) {
  const { rows } = await testApp.database.pool.query<{
    kind: string
    delta: number
    reason: string
    idempotency_key: string
    balance_after: number
  }>(
    `select kind, delta, reason, idempotency_key, balance_after from public.credit_ledger
     where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

/** The balance next to the sum of the ledger: equal whenever the books balance. */
async function books(testApp: TestApp, userId: string) {
  const { rows } = await testApp.database.pool.query<{ balance: number; ledger_sum: number }>(
    `select balance,
            (select coalesce(sum(delta), 0)::int from public.credit_ledger l
             where l.user_id = b.user_id) as ledger_sum
     from public.credit_balances b where user_id = $1`,
    [userId],
  )
  return rows[0]
}

async function makeUnlimited(testApp: TestApp, userId: string) {
  await testApp.database.pool.query(
    `insert into public.credit_plans (plan, allowance, period) values ('unlimited', null, 'monthly')
     on conflict (plan) do nothing`,
  )
  await testApp.database.pool.query(
    `update public.credit_balances set plan = 'unlimited', allowance = null where user_id = $1`,
    [userId],
  )
}

describe('GET /api/credits', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it("answers exactly the spec's shape: a new user's 10 credits in today's period", async () => {
    const guest = await signInGuest(testApp)
    const { status, body } = await getCredits(testApp, guest.accessToken)
    expect(status).toBe(200)
    expect(CreditsResponseSchema.strict().parse(body)).toEqual({
      remainingCredits: 10,
      usedCredits: 0,
      currentPeriodStart: midnightUtc(new Date()),
      nextRefreshDate: midnightUtc(new Date(), 1),
    })
  })

  it('shows what a spend used', async () => {
    const guest = await signInGuest(testApp)
    const spendKey = `test:${guest.id}`
    const amount = 4
    await spend(
      testApp.database.pool,
      { userId: guest.id, amount, idempotencyKey: spendKey, reason: 'test' },
      new Date(),
    )
    const { body } = await getCredits(testApp, guest.accessToken)
    expect(body).toMatchObject({ remainingCredits: 6, usedCredits: 4 })
  })

  it('answers remainingCredits null on a plan without a cap', async () => {
    const guest = await signInGuest(testApp)
    await makeUnlimited(testApp, guest.id)
    const { status, body } = await getCredits(testApp, guest.accessToken)
    expect(status).toBe(200)
    expect(body).toMatchObject({ remainingCredits: null, usedCredits: 0 })
  })

  it('refuses a request without a token: 401 not_authenticated', async () => {
    const { status, body } = await getCredits(testApp)
    expect(status).toBe(401)
    expect(body).toMatchObject({ code: 'not_authenticated' })
  })

  it('answers 401 once the token’s user is gone (the session went with it)', async () => {
    const guest = await signInGuest(testApp)
    await testApp.database.pool.query('delete from auth.users where id = $1', [guest.id])
    const { status, body } = await getCredits(testApp, guest.accessToken)
    expect(status).toBe(401)
    expect(body).toMatchObject({ code: 'session_not_found' })
  })
})

describe('the credit ledger', () => {
  let testApp: TestApp
  const now = new Date()

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('writes one entry per grant, spend, refund and expiry, each with the balance after it', async () => {
    const { id: userId } = await signInGuest(testApp)
    const db = testApp.database.pool
    const change = (key: string, amount: number) => ({
      userId,
      amount,
      idempotencyKey: `${key}:${userId}`,
      reason: key,
    })

    const granted = await grant(db, change('referral', 5), now)
    expect(granted).toMatchObject({ replayed: false, balance: { balance: 15, usedInPeriod: 0 } })
    expect(granted.entry).toMatchObject({ kind: 'grant', delta: 5, balanceAfter: 15 })

    const spent = await spend(db, { ...change('swipe', 3), metadata: { jobId: 'j1' } }, now)
    expect(spent).toMatchObject({ status: 'spent', balance: { balance: 12, usedInPeriod: 3 } })

    const refunded = await refund(db, change('refund', 2), now)
    expect(refunded).toMatchObject({ balance: { balance: 14, usedInPeriod: 1 } })

    const expired = await expire(db, change('expiry', 4), now)
    expect(expired).toMatchObject({ balance: { balance: 10, usedInPeriod: 1 } })

    expect(await ledgerOf(testApp, userId)).toEqual([
      {
        kind: 'grant',
        delta: 10,
        reason: 'signup',
        idempotency_key: `signup:${userId}`,
        balance_after: 10,
      },
      {
        kind: 'grant',
        delta: 5,
        reason: 'referral',
        idempotency_key: `referral:${userId}`,
        balance_after: 15,
      },
      {
        kind: 'spend',
        delta: -3,
        reason: 'swipe',
        idempotency_key: `swipe:${userId}`,
        balance_after: 12,
      },
      {
        kind: 'refund',
        delta: 2,
        reason: 'refund',
        idempotency_key: `refund:${userId}`,
        balance_after: 14,
      },
      {
        kind: 'expiry',
        delta: -4,
        reason: 'expiry',
        idempotency_key: `expiry:${userId}`,
        balance_after: 10,
      },
    ])
    const { rows } = await db.query(
      `select metadata from public.credit_ledger where idempotency_key = $1`,
      [`swipe:${userId}`],
    )
    expect(rows).toEqual([{ metadata: { jobId: 'j1' } }])
    expect(await books(testApp, userId)).toEqual({ balance: 10, ledger_sum: 10 })
  })

  it('applies a key once: a retry answers the original entry and changes nothing', async () => {
    const { id: userId } = await signInGuest(testApp)
    const db = testApp.database.pool
    const key = `swipe:retried:${userId}`
    const first = await spend(db, { userId, amount: 2, idempotencyKey: key, reason: 'swipe' }, now)
    const again = await spend(db, { userId, amount: 2, idempotencyKey: key, reason: 'swipe' }, now)
    expect(first).toMatchObject({ status: 'spent', replayed: false, balance: { balance: 8 } })
    expect(again).toMatchObject({ status: 'spent', replayed: true, balance: { balance: 8 } })
    expect(again.status === 'spent' && again.entry).toEqual(first.status === 'spent' && first.entry)

    const referral = { userId, amount: 5, idempotencyKey: `referral:x:${userId}`, reason: 'x' }
    const granted = await grant(db, referral, now)
    const regranted = await grant(db, referral, now)
    expect(regranted).toEqual({ ...granted, replayed: true })
    expect(await books(testApp, userId)).toEqual({ balance: 13, ledger_sum: 13 })
  })

  it('refuses a key that belongs to another user’s entry', async () => {
    const [ada, bob] = [await signInGuest(testApp), await signInGuest(testApp)]
    const db = testApp.database.pool
    const key = `shared:${ada.id}`
    await grant(db, { userId: ada.id, amount: 1, idempotencyKey: key, reason: 'x' }, now)
    await expect(
      grant(db, { userId: bob.id, amount: 1, idempotencyKey: key, reason: 'x' }, now),
    ).rejects.toThrow(/belongs to another user/)
  })

  it('refuses a spend beyond the balance, recording nothing', async () => {
    const { id: userId } = await signInGuest(testApp)
    const db = testApp.database.pool
    const outcome = await spend(
      db,
      { userId, amount: 11, idempotencyKey: `swipe:too-much:${userId}`, reason: 'swipe' },
      now,
    )
    expect(outcome).toMatchObject({
      status: 'insufficient',
      balance: { balance: 10, usedInPeriod: 0 },
    })
    expect(await ledgerOf(testApp, userId)).toHaveLength(1)
  })

  it('spends everything that is there, down to exactly zero', async () => {
    const { id: userId } = await signInGuest(testApp)
    const db = testApp.database.pool
    const all = { userId, amount: 10, idempotencyKey: `all:${userId}`, reason: 'swipe' }
    expect(await spend(db, all, now)).toMatchObject({ status: 'spent', balance: { balance: 0 } })
    const one = { userId, amount: 1, idempotencyKey: `one:${userId}`, reason: 'swipe' }
    expect(await spend(db, one, now)).toMatchObject({ status: 'insufficient' })
    expect(await books(testApp, userId)).toEqual({ balance: 0, ledger_sum: 0 })
  })

  it('expires at most what the balance holds, and records nothing for nothing', async () => {
    const { id: userId } = await signInGuest(testApp)
    const db = testApp.database.pool
    const first = await expire(
      db,
      { userId, amount: 25, idempotencyKey: `expire:a:${userId}`, reason: 'x' },
      now,
    )
    expect(first).toMatchObject({ balance: { balance: 0 }, entry: { delta: -10 } })
    const second = await expire(
      db,
      { userId, amount: 5, idempotencyKey: `expire:b:${userId}`, reason: 'x' },
      now,
    )
    expect(second).toMatchObject({ balance: { balance: 0 }, entry: null, replayed: false })
    expect(await books(testApp, userId)).toEqual({ balance: 0, ledger_sum: 0 })
  })

  it('lets a plan without a cap spend anything, counting it as used, the balance untouched', async () => {
    const { id: userId } = await signInGuest(testApp)
    await makeUnlimited(testApp, userId)
    const db = testApp.database.pool
    for (const round of [1, 2, 3]) {
      const outcome = await spend(
        db,
        { userId, amount: 40, idempotencyKey: `big:${round}:${userId}`, reason: 'swipe' },
        now,
      )
      expect(outcome).toMatchObject({ status: 'spent', entry: null, balance: { balance: 10 } })
    }
    const balance = await readBalance(db, userId, now)
    expect(balance).toMatchObject({ balance: 10, allowance: null, usedInPeriod: 120 })
    expect(await books(testApp, userId)).toEqual({ balance: 10, ledger_sum: 10 })
  })

  it('refuses an amount that is not a whole number of 0 or more', async () => {
    const { id: userId } = await signInGuest(testApp)
    for (const amount of [-1, 1.5, Number.NaN]) {
      await expect(
        spend(
          testApp.database.pool,
          { userId, amount, idempotencyKey: `bad:${userId}`, reason: 'x' },
          now,
        ),
      ).rejects.toThrow(RangeError)
    }
  })

  it('answers User not found for a user without a balance', async () => {
    const userId = '00000000-0000-4000-8000-000000000000'
    const change = { userId, amount: 1, idempotencyKey: `ghost:${userId}`, reason: 'x' }
    await expect(grant(testApp.database.pool, change, now)).rejects.toMatchObject({
      code: 'not_found',
      message: 'User not found',
    })
    await expect(spend(testApp.database.pool, change, now)).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

describe('credit periods', () => {
  let testApp: TestApp
  /** How far the app's clock is ahead of the real one. */
  let offsetMs = 0
  const appNow = () => new Date(Date.now() + offsetMs)
  const advanceClock = (milliseconds: number) => {
    offsetMs += milliseconds
    testApp.advanceClock(milliseconds)
  }

  beforeAll(async () => {
    // The clock moves by days and months here: sessions must not end meanwhile (their own
    // lifetimes are tested with the Auth service).
    testApp = await startTestApp({
      env: { AUTH_SESSIONS_INACTIVITY_TIMEOUT: '0', AUTH_SESSIONS_TIMEBOX: '0' },
    })
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('start at midnight UTC: every day, every Monday, on the first of every month', async () => {
    const cases = [
      ['2026-11-21T13:45:00Z', 'daily', '2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
      ['2026-12-31T23:59:59Z', 'daily', '2026-12-31T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
      ['2026-11-22T00:00:00Z', 'daily', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
      // 2026-11-21 is a Saturday, in the ISO week that starts on Monday the 16th.
      ['2026-11-21T13:45:00Z', 'weekly', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
      ['2026-11-23T00:00:00Z', 'weekly', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
      ['2026-01-31T22:00:00Z', 'monthly', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
      ['2028-02-29T12:00:00Z', 'monthly', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
      ['2026-12-15T08:00:00Z', 'monthly', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ] as const
    const client = await testApp.database.pool.connect()
    try {
      // The session's time zone must not matter: periods are UTC.
      await client.query(`set time zone 'Pacific/Kiritimati'`)
      for (const [at, period, startsAt, endsAt] of cases) {
        const { rows } = await client.query<{ starts_at: Date; ends_at: Date }>(
          'select starts_at, ends_at from public.credit_period($1, $2)',
          [at, period],
        )
        expect([
          at,
          period,
          rows[0]?.starts_at.toISOString(),
          rows[0]?.ends_at.toISOString(),
        ]).toEqual([at, period, startsAt, endsAt])
      }
    } finally {
      client.release()
    }
  })

  it('roll over when the clock passes nextRefreshDate: the unspent allowance expires, a new one is granted, bonus credits stay', async () => {
    const guest = await signInGuest(testApp)
    const db = testApp.database.pool
    const periodStart = (await readBalance(db, guest.id, appNow())).periodStart
    await spend(
      db,
      { userId: guest.id, amount: 3, idempotencyKey: `s:${guest.id}`, reason: 'swipe' },
      appNow(),
    )
    await grant(
      db,
      { userId: guest.id, amount: 5, idempotencyKey: `r:${guest.id}`, reason: 'referral' },
      appNow(),
    )
    expect((await getCredits(testApp, guest.accessToken)).body).toMatchObject({
      remainingCredits: 12,
      usedCredits: 3,
    })

    advanceClock(DAY_MS)
    const { body } = await getCredits(testApp, guest.accessToken)
    expect(body).toEqual({
      // 12 - the 7 unspent of the allowance + the new 10; the referral's 5 are kept.
      remainingCredits: 15,
      usedCredits: 0,
      currentPeriodStart: midnightUtc(appNow()),
      nextRefreshDate: midnightUtc(appNow(), 1),
    })
    const newStart = midnightUtc(appNow())
    expect((await ledgerOf(testApp, guest.id)).slice(3)).toEqual([
      {
        kind: 'expiry',
        delta: -7,
        reason: 'period_end',
        idempotency_key: `expiry:${guest.id}:${periodStart.toISOString()}`,
        balance_after: 5,
      },
      {
        kind: 'grant',
        delta: 10,
        reason: 'period_refresh',
        idempotency_key: `period:${guest.id}:${newStart}`,
        balance_after: 15,
      },
    ])
    expect(await books(testApp, guest.id)).toEqual({ balance: 15, ledger_sum: 15 })
  })

  it('grant one allowance, not one per period missed', async () => {
    const guest = await signInGuest(testApp)
    advanceClock(4 * DAY_MS)
    const { body } = await getCredits(testApp, guest.accessToken)
    expect(body).toMatchObject({
      remainingCredits: 10,
      currentPeriodStart: midnightUtc(appNow()),
    })
    expect((await ledgerOf(testApp, guest.id)).map((entry) => entry.delta)).toEqual([10, -10, 10])
  })

  it('roll over exactly once when many requests arrive together', async () => {
    const guest = await signInGuest(testApp)
    advanceClock(DAY_MS)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => getCredits(testApp, guest.accessToken)),
    )
    expect(new Set(answers.map(({ body }) => JSON.stringify(body))).size).toBe(1)
    expect(
      (await ledgerOf(testApp, guest.id)).filter((entry) => entry.kind === 'grant'),
    ).toHaveLength(2)
    expect(await books(testApp, guest.id)).toEqual({ balance: 10, ledger_sum: 10 })
  })

  it('keep remainingCredits null on a plan without a cap, and restart usedCredits', async () => {
    const guest = await signInGuest(testApp)
    await makeUnlimited(testApp, guest.id)
    const db = testApp.database.pool
    await spend(
      db,
      { userId: guest.id, amount: 7, idempotencyKey: `u:${guest.id}`, reason: 'swipe' },
      appNow(),
    )
    // The unlimited plan's period is monthly: step past the start of next month.
    const nextMonth = (await readBalance(db, guest.id, appNow())).nextRefreshAt
    advanceClock(nextMonth.getTime() - appNow().getTime() + 1000)
    const { body } = await getCredits(testApp, guest.accessToken)
    expect(body).toMatchObject({ remainingCredits: null, usedCredits: 0 })
    expect(body.currentPeriodStart).toBe(nextMonth.toISOString())
  })

  it('are refreshed in batches by the periodic task, every due balance once', async () => {
    const guests = await Promise.all(Array.from({ length: 5 }, () => signInGuest(testApp)))
    const db = testApp.database.pool
    const at = new Date(appNow().getTime() + DAY_MS)
    // The earlier tests' balances are due too, but for the one on a monthly plan.
    const { rows } = await db.query<{ count: number }>(
      'select count(*)::int as count from public.credit_balances where next_refresh_at <= $1',
      [at],
    )
    expect(rows[0]?.count).toBeGreaterThan(guests.length)
    expect(await refreshDueBalances(db, at, 2)).toBe(rows[0]?.count)
    for (const guest of guests) {
      expect(await readBalance(db, guest.id, at)).toMatchObject({
        balance: 10,
        periodStart: new Date(midnightUtc(at)),
      })
      expect((await ledgerOf(testApp, guest.id)).map((entry) => entry.delta)).toEqual([10, -10, 10])
    }
    expect(await refreshDueBalances(db, at, 2)).toBe(0)
  })

  it('follow the configured free plan: new users at once, everyone else from their next period', async () => {
    const earlier = await signInGuest(testApp)
    const db = testApp.database.pool
    try {
      await saveFreePlan(db, { allowance: 3, period: 'weekly' })
      const newcomer = await signInGuest(testApp)
      const { rows } = await db.query(
        `select balance, allowance, period_start, next_refresh_at from public.credit_balances
         where user_id = $1`,
        [newcomer.id],
      )
      const monday = (at: Date, plusWeeks = 0) => {
        const daysSinceMonday = (at.getUTCDay() + 6) % 7
        return new Date(midnightUtc(at, plusWeeks * 7 - daysSinceMonday))
      }
      expect(rows).toEqual([
        {
          balance: 3,
          allowance: 3,
          period_start: monday(new Date()),
          next_refresh_at: monday(new Date(), 1),
        },
      ])

      advanceClock(2 * DAY_MS)
      expect((await getCredits(testApp, earlier.accessToken)).body).toMatchObject({
        remainingCredits: 3,
        nextRefreshDate: monday(appNow(), 1).toISOString(),
      })

      await saveFreePlan(db, { allowance: 0, period: 'daily' })
      const penniless = await signInGuest(testApp)
      expect((await getCredits(testApp, penniless.accessToken)).body).toMatchObject({
        remainingCredits: 0,
      })
      expect(await ledgerOf(testApp, penniless.id)).toEqual([])
    } finally {
      await saveFreePlan(db, { allowance: 10, period: 'daily' })
    }
  })
})
