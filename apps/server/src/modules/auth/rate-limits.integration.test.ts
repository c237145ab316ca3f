import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { withTransaction } from '../../platform/db/pool.ts'
import { enqueueEmail } from '../email/index.ts'
import { AuthError } from './gotrue-errors.ts'
import { assertEmailSendAllowed, RATE_LIMITS } from './rate-limits.ts'

/** POSTs to the Auth service and answers the status, the error code and `Retry-After`. */
async function post(
  baseUrl: string,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { code?: string; message?: string }
  return {
    status: response.status,
    code: json.code,
    message: json.message,
    retryAfter: response.headers.get('retry-after'),
  }
}

/** Sends `count` requests, ten at a time, and answers their statuses. */
async function repeat(count: number, send: () => Promise<{ status: number }>) {
  const statuses: number[] = []
  for (let sent = 0; sent < count; sent += 10) {
    const batch = Array.from({ length: Math.min(10, count - sent) }, send)
    statuses.push(...(await Promise.all(batch)).map((result) => result.status))
  }
  return statuses
}

describe('rate limits of the Auth service (AUTH_RATE_LIMITS on)', () => {
  let testApp: TestApp
  let baseUrl: string
  const advanceClock = (milliseconds: number) => testApp.advanceClock(milliseconds)

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_RATE_LIMITS: 'true' } })
    ;({ baseUrl } = testApp)
    // To the start of the next hour, which starts a window of every bucket: no window ends
    // halfway through a test.
    advanceClock(3_600_000 - (Date.now() % 3_600_000) + 1000)
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('refuses the 31st anonymous sign-in within the hour, with Retry-After', async () => {
    for (let signIn = 0; signIn < 30; signIn++) {
      const { error } = await testApp.client().auth.signInAnonymously()
      expect(error).toBeNull()
    }
    const { error } = await testApp.client().auth.signInAnonymously()
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    })
    const refused = await post(baseUrl, '/signup', { data: {} })
    expect(refused.status).toBe(429)
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600)

    // Sign-ups with an email count against the OTP bucket, which is still untouched.
    const withEmail = await testApp.client().auth.signUp({
      email: 'not-anonymous@example.com',
      password: 'correct-horse-battery',
    })
    expect(withEmail.error).toBeNull()
  })

  it('counts password grants and refresh grants of unknown tokens per IP, 150 per 5 minutes', async () => {
    const unknownToken = () =>
      post(baseUrl, '/token?grant_type=refresh_token', { refresh_token: 'unknown-refresh-token' })
    const statuses = await repeat(149, unknownToken)
    expect(new Set(statuses)).toEqual(new Set([400]))

    const password = await post(baseUrl, '/token?grant_type=password', {
      email: 'nobody@example.com',
      password: 'whatever-it-is',
    })
    expect(password).toMatchObject({ status: 400, code: 'invalid_credentials' })

    const refused = await unknownToken()
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(300)
    const refusedPassword = await post(baseUrl, '/token?grant_type=password', {})
    expect(refusedPassword.status).toBe(429)

    // The next window starts afresh.
    advanceClock(300_000)
    expect((await unknownToken()).status).toBe(400)
  })

  it('limits lookups of whether an email has an account (/rest/v1 does_email_exist)', async () => {
    const supabase = testApp.client()
    const lookups = await repeat(61, async () => {
      const { status } = await supabase.rpc('does_email_exist', { email: 'who@example.com' })
      return { status }
    })
    expect(lookups.filter((status) => status === 200)).toHaveLength(60)
    const refused = await fetch(`${baseUrl}/rest/v1/rpc/does_email_exist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: testApp.anonKey },
      body: JSON.stringify({ email: 'who@example.com' }),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit' })
  })

  it('shares its counters with a second server process on the same database', async () => {
    const other = await testApp.startSecondProcess()
    try {
      const otherUrl = other.url
      const sso = (url: string) => () => post(url, '/sso', { domain: 'example.com' })
      const here = await repeat(15, sso(baseUrl))
      const there = await repeat(15, sso(otherUrl))
      expect(new Set([...here, ...there])).toEqual(new Set([404]))

      expect(await sso(otherUrl)()).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
      expect(await sso(baseUrl)()).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    } finally {
      await other.close()
    }
  })

  it('keeps a row per bucket, address and window, and clears ended windows', async () => {
    const counters = () =>
      testApp.database.pool.query<{ bucket: string; client_key: string; hits: number }>(
        `select bucket, client_key, hits from auth.rate_limit_counters order by bucket`,
      )
    // TRUST_PROXY is off: a forwarded address is not believed, the peer's counts.
    await post(baseUrl, '/sso', {}, { 'x-forwarded-for': '203.0.113.7' })
    expect((await counters()).rows).toContainEqual({
      bucket: 'sso',
      client_key: '127.0.0.1',
      hits: 33,
    })

    // An hour later every window above has ended; the first request of a new one sweeps them.
    advanceClock(3_600_000)
    await post(baseUrl, '/sso')
    expect((await counters()).rows).toEqual([{ bucket: 'sso', client_key: '127.0.0.1', hits: 1 }])
  })
})

describe('refresh-token grants, counted per session (AUTH_RATE_LIMITS on)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_RATE_LIMITS: 'true' } })
    // To the start of a 5-minute window, so that none ends halfway through the test.
    testApp.advanceClock(300_000 - (Date.now() % 300_000) + 1000)
  })

  afterAll(async () => {
    await testApp.close()
  })

  /** A signed-up user's session: its id and current refresh token. */
  async function session(email: string) {
    const { data, error } = await testApp
      .client()
      .auth.signUp({ email, password: 'correct-horse-battery' })
    expect(error).toBeNull()
    const refreshToken = data.session?.refresh_token ?? ''
    const { rows } = await testApp.database.pool.query<{ session_id: string }>(
      'select session_id from auth.refresh_tokens where token = $1',
      [refreshToken],
    )
    return { sessionId: rows[0]?.session_id ?? '', refreshToken }
  }

  /** One refresh grant; on success the session's token moves on to the new one. */
  async function refresh(state: { refreshToken: string }) {
    const response = await fetch(`${testApp.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ refresh_token: state.refreshToken }),
    })
    const body = (await response.json()) as { refresh_token?: string; code?: string }
    if (response.ok && body.refresh_token) {
      state.refreshToken = body.refresh_token
    }
    return {
      status: response.status,
      code: body.code,
      retryAfter: response.headers.get('retry-after'),
    }
  }

  it('keeps refreshing sessions while the address’s token bucket is exhausted', async () => {
    const ada = await session('ada-refresh@example.com')
    const unknownToken = () =>
      post(testApp.baseUrl, '/token?grant_type=refresh_token', { refresh_token: 'guessed' })
    expect(new Set(await repeat(150, unknownToken))).toEqual(new Set([400]))
    expect(await unknownToken()).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    const password = await post(testApp.baseUrl, '/token?grant_type=password', {
      email: 'ada-refresh@example.com',
      password: 'correct-horse-battery',
    })
    expect(password.status).toBe(429)

    // Everyone behind this address still refreshes: refreshes count per session.
    expect(await refresh(ada)).toMatchObject({ status: 200 })
  })

  it(`refuses a session's refresh past ${RATE_LIMITS.refresh.limit} in 5 minutes, and no other session's`, async () => {
    const ada = await session('ada-busy@example.com')
    const bob = await session('bob-calm@example.com')
    for (let done = 0; done < RATE_LIMITS.refresh.limit; done++) {
      expect(await refresh(ada)).toMatchObject({ status: 200 })
    }
    const refused = await refresh(ada)
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(300)
    expect(await refresh(bob)).toMatchObject({ status: 200 })

    const { rows } = await testApp.database.pool.query<{ hits: number }>(
      `select hits from auth.rate_limit_counters where bucket = 'refresh' and client_key = $1`,
      [`session:${ada.sessionId}`],
    )
    expect(rows).toEqual([{ hits: RATE_LIMITS.refresh.limit + 1 }])

    testApp.advanceClock(300_000)
    expect(await refresh(ada)).toMatchObject({ status: 200 })
  })
})

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const counted = async (testApp: TestApp) =>
    (
      await testApp.database.pool.query<{ client_key: string; hits: number }>(
        `select client_key, hits from auth.rate_limit_counters where bucket = 'sso'
         order by client_key`,
      )
    ).rows

  it('counts each client the listed proxy names, and each one separately', async () => {
    const testApp = await startTestApp({
      env: { AUTH_RATE_LIMITS: 'true', TRUST_PROXY: '127.0.0.1' },
    })
    try {
      const from = (address: string) => () =>
        post(testApp.baseUrl, '/sso', { domain: 'example.com' }, { 'x-forwarded-for': address })
      expect(new Set(await repeat(30, from('203.0.113.1')))).toEqual(new Set([404]))
      expect(await from('203.0.113.1')()).toMatchObject({ status: 429 })
      // Another user behind the same proxy is not locked out.
      expect(await from('203.0.113.2')()).toMatchObject({ status: 404 })
      expect(await counted(testApp)).toEqual([
        { client_key: '203.0.113.1', hits: 31 },
        { client_key: '203.0.113.2', hits: 1 },
      ])
    } finally {
      await testApp.close()
    }
  })

  it('with a hop count, takes the address the nearest proxy saw, not one the client wrote', async () => {
    const testApp = await startTestApp({ env: { AUTH_RATE_LIMITS: 'true', TRUST_PROXY: '1' } })
    try {
      // The client claimed 198.51.100.9; the proxy appended the address it saw.
      await post(testApp.baseUrl, '/sso', {}, { 'x-forwarded-for': '198.51.100.9, 203.0.113.50' })
      expect(await counted(testApp)).toEqual([{ client_key: '203.0.113.50', hits: 1 }])
    } finally {
      await testApp.close()
    }
  })
})

describe('rate limits with AUTH_RATE_LIMITS off (the default test app)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('counts nothing and refuses nothing', async () => {
    const statuses = await repeat(40, () => post(testApp.baseUrl, '/sso'))
    expect(new Set(statuses)).toEqual(new Set([404]))
    const counters = await testApp.database.pool.query('select 1 from auth.rate_limit_counters')
    expect(counters.rowCount).toBe(0)
  })
})

describe('the per-address email frequency limit', () => {
  let testApp: TestApp
  let pool: TestApp['database']['pool']

  beforeAll(async () => {
    testApp = await startTestApp()
    pool = testApp.database.pool
  })

  afterAll(async () => {
    await testApp.close()
  })

  const queue = (to: string, template: 'recovery' | 'resume_upload_link' = 'recovery') =>
    template === 'recovery'
      ? enqueueEmail(pool, {
          userId: null,
          to,
          template,
          data: { link: 'https://example.com/l', code: '123456' },
        })
      : enqueueEmail(pool, { userId: null, to, template, data: { link: 'https://example.com/u' } })

  const refusal = (now: Date, address: string) =>
    assertEmailSendAllowed(pool, address, now).then(
      () => null,
      (error: unknown) => error,
    )

  it('allows the first message to an address', async () => {
    expect(await refusal(new Date(), 'first@example.com')).toBeNull()
  })

  it('refuses another Auth email to the address within 60 seconds, whatever its case', async () => {
    await queue('again@example.com')
    const error = await refusal(new Date(), 'Again@Example.com')
    expect(error).toBeInstanceOf(AuthError)
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect((error as AuthError).message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    )
    const later = await refusal(new Date(Date.now() + 45_000), 'again@example.com')
    expect((later as AuthError).message).toMatch(/after 1[45] seconds\./)
    expect(await refusal(new Date(Date.now() + 61_000), 'again@example.com')).toBeNull()
  })

  it('does not count product mail such as the resume-upload link', async () => {
    await queue('product@example.com', 'resume_upload_link')
    expect(await refusal(new Date(), 'product@example.com')).toBeNull()
  })

  it('lets only one of two transactions at once send to an address', async () => {
    const address = 'race@example.com'
    let releaseFirst = () => {}
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve
    })
    let firstChecked = () => {}
    const checked = new Promise<void>((resolve) => {
      firstChecked = resolve
    })
    const first = withTransaction(pool, async (tx) => {
      await assertEmailSendAllowed(tx, address, new Date())
      await enqueueEmail(tx, {
        userId: null,
        to: address,
        template: 'magic_link',
        data: { link: 'https://example.com/m', code: '654321' },
      })
      firstChecked()
      await firstHolds
    })
    await checked
    let secondSettled = false
    const second = withTransaction(pool, (tx) =>
      assertEmailSendAllowed(tx, address, new Date()),
    ).finally(() => {
      secondSettled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(secondSettled).toBe(false) // waiting for the first transaction's lock
    releaseFirst()
    await first
    await expect(second).rejects.toMatchObject({ code: 'over_email_send_rate_limit' })
  })
})
