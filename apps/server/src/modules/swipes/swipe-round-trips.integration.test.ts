import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { countRoundTrips } from '../../../test/round-trips.ts'
import { insertJobs, postSwipe, signInGuest } from '../../../test/swipe-support.ts'

/**
 * Issue 21: a right swipe is five database round trips (begin with every read; the swipe and
 * its application; the cover letter's queueing; the period check with the key's earlier
 * spend; the spend with the commit), plus the per-user request count (and the session's check
 * when it is not remembered). This app runs no job queue (its pollers would be counted too),
 * so the cover letter's round trip is not made here: four and the count. Counted as the
 * ReadyForQuery messages (one per Sync, one per round trip) of every connection the app's
 * pool hands out while the request runs.
 */
describe('a right swipe', () => {
  let testApp: TestApp
  let roundTrips: ReturnType<typeof countRoundTrips>

  beforeAll(async () => {
    testApp = await startTestApp()
    roundTrips = countRoundTrips(testApp.database.pool)
  })
  afterAll(() => testApp.close())

  it('is recorded in five round trips (six with a session check), and a repeat of its key charges nothing', async () => {
    const user = await signInGuest(testApp.baseUrl)
    const [warmUp, jobId] = await insertJobs(testApp.database.pool, 2)
    // A left swipe first: the session's check is remembered, as for a seeker at the deck.
    const left = await postSwipe(testApp.baseUrl, user.accessToken, {
      jobId: warmUp,
      swipeDirection: 'LEFT',
    })
    expect(left.status).toBe(201)

    const key = randomUUID()
    roundTrips.reset()
    const right = await postSwipe(
      testApp.baseUrl,
      user.accessToken,
      { jobId, swipeDirection: 'RIGHT' },
      key,
    )
    const trips = roundTrips.count
    expect(right.status).toBe(201)
    expect(right.body).toMatchObject({ credits: { remainingCredits: 9, usedCredits: 1 } })
    // Five, or six when the session's check was read again: it remembers a session only
    // briefly, and not for a token issued in the second of the read (a slow machine gets both).
    expect(trips).toBeGreaterThanOrEqual(5)
    expect(trips).toBeLessThanOrEqual(6)

    const repeated = await postSwipe(
      testApp.baseUrl,
      user.accessToken,
      { jobId, swipeDirection: 'RIGHT' },
      key,
    )
    expect(repeated.status).toBe(200)
    expect(repeated.body).toMatchObject({ credits: { remainingCredits: 9, usedCredits: 1 } })
  })
})
