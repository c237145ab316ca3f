import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { insertJobs, postSwipe, signInGuest, swipeTrail } from '../../../test/swipe-support.ts'
import { API_RATE_LIMITS } from './api-rate-limits.ts'

/**
 * Per-user limits of the product API's expensive calls, through the real app: the swipes
 * bucket refuses the request past its limit with 429 and Retry-After, per user and not per
 * address, shared by two server processes, and starts afresh in the next window; the analyses
 * bucket guards the request that queues a resume analysis.
 */
const { limit, windowSeconds } = API_RATE_LIMITS.swipes

let testApp: TestApp

beforeAll(async () => {
  testApp = await startTestApp()
  // To the start of a window, so that none ends halfway through a test.
  const windowMs = windowSeconds * 1000
  testApp.advanceClock(windowMs - (Date.now() % windowMs) + 1000)
})

afterAll(async () => {
  await testApp.close()
})

/** Sends `count` swipes that the route refuses after counting them (no such job), ten at a time. */
async function spendRequests(baseUrl: string, accessToken: string, count: number) {
  const statuses: number[] = []
  for (let sent = 0; sent < count; sent += 10) {
    const batch = Array.from({ length: Math.min(10, count - sent) }, () =>
      postSwipe(baseUrl, accessToken, {
        jobId: '00000000-0000-4000-8000-000000000000',
        swipeDirection: 'LEFT',
      }),
    )
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status))
  }
  return statuses
}

describe(`the swipes limit (${limit} every ${windowSeconds} s per user)`, () => {
  it('refuses the request past the limit with 429 and Retry-After, recording nothing', async () => {
    const user = await signInGuest(testApp.baseUrl)
    const [jobId] = await insertJobs(testApp.database.pool, 1)
    expect(new Set(await spendRequests(testApp.baseUrl, user.accessToken, limit))).toEqual(
      new Set([404]),
    )

    const response = await fetch(`${testApp.baseUrl}/api/swipes`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${user.accessToken}`,
      },
      body: JSON.stringify({ jobId, swipeDirection: 'RIGHT' }),
    })
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
    expect(await response.json()).toEqual({
      code: 'over_request_rate_limit',
      message: `Too many requests: at most ${limit} every minute. Try again in ${retryAfter} seconds.`,
      details: { bucket: 'swipes', limit, windowSeconds, retryAfterSeconds: retryAfter },
    })
    expect(await swipeTrail(testApp.database.pool, user.id)).toMatchObject({
      swipes: 0,
      spends: 0,
    })

    // Another user on the same address is not affected: the count is per user.
    const other = await signInGuest(testApp.baseUrl)
    const theirs = await postSwipe(testApp.baseUrl, other.accessToken, {
      jobId,
      swipeDirection: 'RIGHT',
    })
    expect(theirs.status).toBe(201)

    // The next window starts afresh.
    testApp.advanceClock(windowSeconds * 1000)
    const later = await postSwipe(testApp.baseUrl, user.accessToken, {
      jobId,
      swipeDirection: 'RIGHT',
    })
    expect(later.status).toBe(201)
  })

  it('is shared by every server process on the database', async () => {
    const user = await signInGuest(testApp.baseUrl)
    const other = await testApp.startSecondProcess()
    try {
      const half = limit / 2
      const here = await spendRequests(testApp.baseUrl, user.accessToken, half)
      const there = await spendRequests(other.url, user.accessToken, half)
      expect(new Set([...here, ...there])).toEqual(new Set([404]))
      expect(await spendRequests(other.url, user.accessToken, 1)).toEqual([429])
      expect(await spendRequests(testApp.baseUrl, user.accessToken, 1)).toEqual([429])
    } finally {
      await other.close()
    }
  })

  it('keeps one counter row per user, bucket and window, and clears ended windows', async () => {
    const counters = () =>
      testApp.database.pool.query<{ bucket: string; hits: number }>(
        `select bucket, hits from public.api_rate_limit_counters order by hits`,
      )
    expect((await counters()).rows.length).toBeGreaterThanOrEqual(2)
    testApp.advanceClock(windowSeconds * 1000)
    const user = await signInGuest(testApp.baseUrl)
    await spendRequests(testApp.baseUrl, user.accessToken, 1)
    expect((await counters()).rows).toEqual([{ bucket: 'swipes', hits: 1 }])
  })

  it('answers a deleted account’s token 401, not a 500', async () => {
    const user = await signInGuest(testApp.baseUrl)
    await testApp.database.pool.query('delete from auth.users where id = $1', [user.id])
    const answer = await spendRequests(testApp.baseUrl, user.accessToken, 1)
    expect(answer).toEqual([401])
  })
})

describe(`the analyses limit (${API_RATE_LIMITS.analyses.limit} an hour per user)`, () => {
  it('refuses a request to queue a resume analysis past it, with 429 and Retry-After', async () => {
    const user = await signInGuest(testApp.baseUrl)
    const request = () =>
      fetch(`${testApp.baseUrl}/api/professional-profiles`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.accessToken}`,
        },
        body: JSON.stringify({ fileName: 'not-uploaded.pdf' }),
      })
    for (let sent = 0; sent < API_RATE_LIMITS.analyses.limit; sent++) {
      expect((await request()).status).toBe(404)
    }
    const refused = await request()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({
      code: 'over_request_rate_limit',
      details: { bucket: 'analyses' },
    })
  })
})

describe('with API_RATE_LIMITS off', () => {
  it('counts nothing and refuses nothing', async () => {
    const unlimited = await startTestApp({ env: { API_RATE_LIMITS: 'false' } })
    try {
      const user = await signInGuest(unlimited.baseUrl)
      const statuses = await spendRequests(unlimited.baseUrl, user.accessToken, limit + 10)
      expect(new Set(statuses)).toEqual(new Set([404]))
      const { rowCount } = await unlimited.database.pool.query(
        'select 1 from public.api_rate_limit_counters',
      )
      expect(rowCount).toBe(0)
    } finally {
      await unlimited.close()
    }
  })
})
