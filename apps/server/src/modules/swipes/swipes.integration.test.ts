import { randomUUID } from 'node:crypto'
import { SwipeResponseSchema } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { spend } from '../credits/index.ts'
import {
  type Guest,
  insertJobs,
  postSwipe,
  signInGuest,
  swipeTrail,
} from '../../../test/swipe-support.ts'

/**
 * POST /api/swipes and DELETE /api/swipes/:id against the real app: what a right and a left
 * swipe record, the server's price (409 price_changed when the request shows another one), the
 * refusal without enough credits (nothing recorded either way), idempotent retries, and every
 * error code these routes answer with.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
})

afterAll(async () => {
  await testApp.close()
})

const guest = () => signInGuest(testApp.baseUrl)
const oneJob = async () => (await insertJobs(pool, 1))[0]!
const swipe = (user: Guest | null, body: unknown, idempotencyKey?: string) =>
  postSwipe(testApp.baseUrl, user?.accessToken ?? null, body, idempotencyKey)

/** Sets the server's price of a right swipe (tests restore the default, 1, afterwards). */
async function setSwipePrice(credits: number) {
  await pool.query(`update public.credit_prices set credits = $1 where action = 'right_swipe'`, [
    credits,
  ])
}

function undo(user: Guest, swipeId: string) {
  return fetch(`${testApp.baseUrl}/api/swipes/${swipeId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.accessToken}` },
  })
}

describe('a right swipe', () => {
  it('spends the default 1 credit, saves the job to the applications and records the swipe', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const { status, body } = await swipe(user, { jobId, swipeDirection: 'RIGHT' })
    expect(status).toBe(201)
    const answer = SwipeResponseSchema.strict().parse(body)
    expect(answer).toMatchObject({
      swipe: { jobId, direction: 'RIGHT', creditCost: 1 },
      credits: { remainingCredits: 9, usedCredits: 1 },
    })

    const { rows: applications } = await pool.query(
      'select id, job_id, status from public.job_applications where user_id = $1',
      [user.id],
    )
    expect(applications).toEqual([{ id: answer.applicationId, job_id: jobId, status: 'SAVED' }])
    const { rows: spends } = await pool.query(
      `select delta, reason, idempotency_key, balance_after, metadata from public.credit_ledger
       where user_id = $1 and kind = 'spend'`,
      [user.id],
    )
    expect(spends).toEqual([
      {
        delta: -1,
        reason: 'swipe',
        idempotency_key: `swipe:${answer.swipe.id}`,
        balance_after: 9,
        metadata: { swipeId: answer.swipe.id, jobId },
      },
    ])
    expect(await swipeTrail(pool, user.id)).toEqual({
      balance: 9,
      used: 1,
      ledger_sum: 9,
      spends: 1,
      swipes: 1,
      applications: 1,
    })
  })

  it('keeps the application the user already tracks the job in', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const { rows } = await pool.query<{ id: string }>(
      `insert into public.job_applications (user_id, job_id, status) values ($1, $2, 'APPLIED')
       returning id`,
      [user.id, jobId],
    )
    const { body } = await swipe(user, { jobId, swipeDirection: 'RIGHT' })
    expect(body.applicationId).toBe(rows[0]?.id)
    expect(await swipeTrail(pool, user.id)).toMatchObject({ applications: 1, spends: 1 })
  })

  it('always succeeds on a plan without a cap, remainingCredits null', async () => {
    const user = await guest()
    await pool.query(
      `insert into public.credit_plans (plan, allowance) values ('unlimited', null)
       on conflict (plan) do nothing`,
    )
    await pool.query(
      `update public.credit_balances set plan = 'unlimited', allowance = null, balance = 0
       where user_id = $1`,
      [user.id],
    )
    const { status, body } = await swipe(user, { jobId: await oneJob(), swipeDirection: 'RIGHT' })
    expect(status).toBe(201)
    expect(body).toMatchObject({ credits: { remainingCredits: null, usedCredits: 1 } })
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 1, applications: 1 })
  })
})

describe('the price of a right swipe', () => {
  it('is the server’s: a creditCost that differs is refused 409 price_changed, and nothing is recorded', async () => {
    const user = await guest()
    const jobId = await oneJob()
    for (const creditCost of [0, 4]) {
      const { status, body } = await swipe(user, { jobId, swipeDirection: 'RIGHT', creditCost })
      expect([creditCost, status, body]).toEqual([
        creditCost,
        409,
        {
          code: 'price_changed',
          message: `The price has changed: this costs 1 credit, not ${creditCost} credits`,
          details: { action: 'right_swipe', creditCost: 1, shownCreditCost: creditCost },
        },
      ])
    }
    expect(await swipeTrail(pool, user.id)).toEqual({
      balance: 10,
      used: 0,
      ledger_sum: 10,
      spends: 0,
      swipes: 0,
      applications: 0,
    })
  })

  it('follows the table: after a change the old price gets the new one, which is then charged', async () => {
    const user = await guest()
    const jobId = await oneJob()
    try {
      await setSwipePrice(3)
      const stale = await swipe(user, { jobId, swipeDirection: 'RIGHT' })
      expect(stale).toMatchObject({
        status: 409,
        body: {
          code: 'price_changed',
          details: { action: 'right_swipe', creditCost: 3, shownCreditCost: 1 },
        },
      })
      const { status, body } = await swipe(user, {
        jobId,
        swipeDirection: 'RIGHT',
        creditCost: 3,
        isLastCard: true,
      })
      expect(status).toBe(201)
      expect(body).toMatchObject({
        swipe: { creditCost: 3 },
        credits: { remainingCredits: 7, usedCredits: 3 },
      })
      const { rows } = await pool.query(
        `select delta from public.credit_ledger where user_id = $1 and kind = 'spend'`,
        [user.id],
      )
      expect(rows).toEqual([{ delta: -3 }])
    } finally {
      await setSwipePrice(1)
    }
  })

  it('can be made free by the server (0), never by the client', async () => {
    const user = await guest()
    try {
      await setSwipePrice(0)
      const { status, body } = await swipe(user, {
        jobId: await oneJob(),
        swipeDirection: 'RIGHT',
        creditCost: 0,
      })
      expect(status).toBe(201)
      expect(body).toMatchObject({ swipe: { creditCost: 0 }, credits: { remainingCredits: 10 } })
    } finally {
      await setSwipePrice(1)
    }
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 1, applications: 1, spends: 0 })
  })

  it('is readable by signed-in users through /rest/v1, and not writable', async () => {
    const user = await guest()
    const rest = (init: RequestInit = {}) =>
      fetch(`${testApp.baseUrl}/rest/v1/credit_prices?action=eq.right_swipe`, {
        ...init,
        headers: {
          apikey: testApp.anonKey,
          authorization: `Bearer ${user.accessToken}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
      })
    const read = await rest()
    expect(await read.json()).toEqual([
      expect.objectContaining({ action: 'right_swipe', credits: 1 }),
    ])
    const write = await rest({ method: 'PATCH', body: JSON.stringify({ credits: 0 }) })
    expect(write.status).toBe(403)
    const { rows } = await pool.query(
      `select credits from public.credit_prices where action = 'right_swipe'`,
    )
    expect(rows).toEqual([{ credits: 1 }])
  })
})

describe('without enough credits', () => {
  it('answers 402 insufficient_credits with the credits as they are, and records nothing', async () => {
    const user = await guest()
    await spend(
      pool,
      { userId: user.id, amount: 8, idempotencyKey: `arrange:${user.id}`, reason: 'test' },
      new Date(),
    )
    const jobId = await oneJob()
    const before = await swipeTrail(pool, user.id)
    try {
      await setSwipePrice(3)
      const { status, body } = await swipe(user, {
        jobId,
        swipeDirection: 'RIGHT',
        creditCost: 3,
      })
      expect(status).toBe(402)
      expect(body).toMatchObject({
        code: 'insufficient_credits',
        message: 'Not enough credits: this swipe costs 3 and 2 are left',
        details: { creditCost: 3, credits: { remainingCredits: 2, usedCredits: 8 } },
      })
      expect(await swipeTrail(pool, user.id)).toEqual(before)

      // Nothing was recorded, so the same job can still be swiped once the price is lower.
      await setSwipePrice(2)
      const cheaper = await swipe(user, { jobId, swipeDirection: 'RIGHT', creditCost: 2 })
      expect(cheaper).toMatchObject({ status: 201, body: { credits: { remainingCredits: 0 } } })
    } finally {
      await setSwipePrice(1)
    }
  })
})

describe('a left swipe', () => {
  it('is free whatever creditCost says, and records only the swipe that hides the job', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const { status, body } = await swipe(user, {
      jobId,
      swipeDirection: 'LEFT',
      creditCost: 5,
      isLastCard: true,
    })
    expect(status).toBe(201)
    expect(SwipeResponseSchema.strict().parse(body)).toMatchObject({
      swipe: { jobId, direction: 'LEFT', creditCost: 0 },
      credits: { remainingCredits: 10, usedCredits: 0 },
      applicationId: null,
    })
    expect(await swipeTrail(pool, user.id)).toEqual({
      balance: 10,
      used: 0,
      ledger_sum: 10,
      spends: 0,
      swipes: 1,
      applications: 0,
    })
  })

  it('works with no credits left', async () => {
    const user = await guest()
    await spend(
      pool,
      { userId: user.id, amount: 10, idempotencyKey: `arrange:${user.id}`, reason: 'test' },
      new Date(),
    )
    const { status } = await swipe(user, { jobId: await oneJob(), swipeDirection: 'LEFT' })
    expect(status).toBe(201)
  })
})

describe('a repeated request', () => {
  it('with the same Idempotency-Key answers the first result (200) and charges once', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const key = randomUUID()
    const first = await swipe(user, { jobId, swipeDirection: 'RIGHT' }, key)
    const again = await swipe(user, { jobId, swipeDirection: 'RIGHT' }, key)
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await swipeTrail(pool, user.id)).toMatchObject({ spends: 1, swipes: 1, balance: 9 })
  })

  it('sent many times at once with one key records and charges one swipe', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => swipe(user, { jobId, swipeDirection: 'RIGHT' }, key)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ])
    const swipeIds = new Set(answers.map((answer) => (answer.body.swipe as { id: string }).id))
    expect(swipeIds.size).toBe(1)
    expect(await swipeTrail(pool, user.id)).toMatchObject({
      balance: 9,
      ledger_sum: 9,
      spends: 1,
      swipes: 1,
      applications: 1,
    })
  })

  it('without a key is refused: 409 conflict, the job is already swiped', async () => {
    const user = await guest()
    const jobId = await oneJob()
    expect((await swipe(user, { jobId, swipeDirection: 'RIGHT' })).status).toBe(201)
    const again = await swipe(user, { jobId, swipeDirection: 'LEFT' })
    expect(again).toEqual({
      status: 409,
      body: { code: 'conflict', message: 'You already swiped this job' },
    })
    expect(await swipeTrail(pool, user.id)).toMatchObject({ spends: 1, swipes: 1 })
  })

  it('reusing a key for another swipe is refused: 409 conflict', async () => {
    const user = await guest()
    const [firstJob, secondJob] = await insertJobs(pool, 2)
    const key = randomUUID()
    await swipe(user, { jobId: firstJob, swipeDirection: 'LEFT' }, key)
    const reused = await swipe(user, { jobId: secondJob, swipeDirection: 'LEFT' }, key)
    expect(reused.status).toBe(409)
    expect(reused.body).toMatchObject({ code: 'conflict', message: /Idempotency-Key/ })
  })

  it('after a refusal (credits or price) is tried afresh: nothing was recorded the first time', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const key = randomUUID()
    try {
      await setSwipePrice(11)
      const tooDear = await swipe(user, { jobId, swipeDirection: 'RIGHT', creditCost: 11 }, key)
      expect(tooDear.status).toBe(402)
      const oldPrice = await swipe(user, { jobId, swipeDirection: 'RIGHT', creditCost: 1 }, key)
      expect(oldPrice.body.code).toBe('price_changed')
    } finally {
      await setSwipePrice(1)
    }
    const accepted = await swipe(user, { jobId, swipeDirection: 'RIGHT', creditCost: 1 }, key)
    expect(accepted.status).toBe(201)
  })

  it('after a price change answers the first result, at the price charged then', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const key = randomUUID()
    const first = await swipe(user, { jobId, swipeDirection: 'RIGHT' }, key)
    try {
      await setSwipePrice(5)
      const again = await swipe(user, { jobId, swipeDirection: 'RIGHT' }, key)
      expect(again.status).toBe(200)
      expect(again.body).toEqual(first.body)
    } finally {
      await setSwipePrice(1)
    }
    expect(await swipeTrail(pool, user.id)).toMatchObject({ spends: 1, balance: 9 })
  })

  it('by another user on the same job is their own swipe', async () => {
    const [ada, bob] = [await guest(), await guest()]
    const jobId = await oneJob()
    const key = randomUUID()
    expect((await swipe(ada, { jobId, swipeDirection: 'RIGHT' }, key)).status).toBe(201)
    expect((await swipe(bob, { jobId, swipeDirection: 'RIGHT' }, key)).status).toBe(201)
  })
})

describe('refusals', () => {
  it('404 for a job not in the catalogue, or expired', async () => {
    const user = await guest()
    const [gone, pastDate] = await insertJobs(pool, 2)
    await pool.query(`update public.jobs set expired_at = now() where id = $1`, [gone])
    await pool.query(
      `update public.jobs set expires_at = now() - interval '1 hour' where id = $1`,
      [pastDate],
    )
    for (const jobId of [randomUUID(), gone, pastDate]) {
      expect(await swipe(user, { jobId, swipeDirection: 'RIGHT' })).toEqual({
        status: 404,
        body: { code: 'not_found', message: 'Job not found' },
      })
    }
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 0, spends: 0 })
  })

  it('400 validation_failed for a body or key out of bounds', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const bodies = [
      {},
      { swipeDirection: 'RIGHT' },
      { jobId: 'not-a-uuid', swipeDirection: 'RIGHT' },
      { jobId, swipeDirection: 'UP' },
      { jobId, swipeDirection: 'right' },
      { jobId, swipeDirection: 'RIGHT', creditCost: 10_001 },
      { jobId, swipeDirection: 'RIGHT', creditCost: -1 },
      { jobId, swipeDirection: 'RIGHT', creditCost: 1.5 },
      { jobId, swipeDirection: 'RIGHT', creditCost: '1' },
      { jobId, swipeDirection: 'RIGHT', isLastCard: 'yes' },
    ]
    for (const body of bodies) {
      const answer = await swipe(user, body)
      expect([JSON.stringify(body), answer.status, answer.body.code]).toEqual([
        JSON.stringify(body),
        400,
        'validation_failed',
      ])
    }
    const longKey = await swipe(user, { jobId, swipeDirection: 'RIGHT' }, 'k'.repeat(256))
    expect(longKey).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 0, spends: 0 })
  })

  it('401 not_authenticated without a token', async () => {
    const answer = await swipe(null, { jobId: await oneJob(), swipeDirection: 'RIGHT' })
    expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated' } })
  })

  it('lets the web app send Idempotency-Key from its origin (CORS)', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/swipes`, {
      method: 'OPTIONS',
      headers: {
        origin: new URL(testApp.settings.siteUrl).origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toContain('idempotency-key')
  })
})

describe('DELETE /api/swipes/:id', () => {
  it('undoes a left swipe: 204, and the job can be swiped again', async () => {
    const user = await guest()
    const jobId = await oneJob()
    const { body } = await swipe(user, { jobId, swipeDirection: 'LEFT' })
    const swipeId = (body.swipe as { id: string }).id
    const response = await undo(user, swipeId)
    expect(response.status).toBe(204)
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 0 })
    expect((await swipe(user, { jobId, swipeDirection: 'RIGHT' })).status).toBe(201)
  })

  it('refuses to undo a right swipe: 409 conflict, nothing changes', async () => {
    const user = await guest()
    const { body } = await swipe(user, { jobId: await oneJob(), swipeDirection: 'RIGHT' })
    const response = await undo(user, (body.swipe as { id: string }).id)
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      code: 'conflict',
      message: /right swipe cannot be undone/,
    })
    expect(await swipeTrail(pool, user.id)).toMatchObject({ swipes: 1, balance: 9 })
  })

  it('answers 404 for an unknown swipe or someone else’s, which stays', async () => {
    const [ada, bob] = [await guest(), await guest()]
    const { body } = await swipe(bob, { jobId: await oneJob(), swipeDirection: 'LEFT' })
    for (const swipeId of [randomUUID(), (body.swipe as { id: string }).id]) {
      const response = await undo(ada, swipeId)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Swipe not found' })
    }
    expect(await swipeTrail(pool, bob.id)).toMatchObject({ swipes: 1 })
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await undo(await guest(), 'not-a-uuid')
    expect(response.status).toBe(400)
  })
})
