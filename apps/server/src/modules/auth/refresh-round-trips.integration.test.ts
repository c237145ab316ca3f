import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { countRoundTrips } from '../../../test/round-trips.ts'

/**
 * Issue 21: the refresh-token grant costs at most five database round trips (it makes three:
 * begin with the session's lock, every read, the writes with the commit). Counted as the
 * ReadyForQuery messages (one per Sync, one per round trip) of every connection the app's pool
 * hands out while the grant runs.
 */
describe('the refresh-token grant', () => {
  let testApp: TestApp
  let roundTrips: ReturnType<typeof countRoundTrips>

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_RATE_LIMITS: 'false' } })
    roundTrips = countRoundTrips(testApp.database.pool)
  })
  afterAll(() => testApp.close())

  it('rotates the token in at most five round trips, and reuse detection still holds', async () => {
    const supabase = testApp.client()
    const { data, error } = await supabase.auth.signUp({
      email: 'round-trips@example.com',
      password: 'round-trips-password',
    })
    expect(error).toBeNull()
    const first = data.session?.refresh_token ?? ''

    const refresh = (token: string) =>
      fetch(`${testApp.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: testApp.anonKey },
        body: JSON.stringify({ refresh_token: token }),
      })
    roundTrips.reset()
    const response = await refresh(first)
    const trips = roundTrips.count
    expect(response.status).toBe(200)
    const body = (await response.json()) as { refresh_token: string; user: { email: string } }
    expect(body.user.email).toBe('round-trips@example.com')
    expect(body.refresh_token).not.toBe(first)
    expect(trips).toBeGreaterThan(0)
    expect(trips).toBeLessThanOrEqual(5)

    // The parent presented again (the client lost the answer): answered with the same child.
    const again = await refresh(first)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(
      body.refresh_token,
    )
  })
})
