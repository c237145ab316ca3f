import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../../test/test-app.ts'
import {
  amrMethodsOf,
  claimsOf,
  createTotpClock,
  TOTP_STEP_MS,
} from '../../../../test/totp-support.ts'

/**
 * Recovery codes (/auth/v1/mfa/recovery-codes) and the per-factor and per-user limits on wrong
 * second-factor codes, against the real server and database; the GoTrue parts through
 * supabase-js.
 */
describe('recovery codes and second-factor attempt limits', () => {
  let testApp: TestApp
  let baseUrl: string
  const PASSWORD = 'correct-horse-battery'
  const STEP_MS = TOTP_STEP_MS
  const CODE_FORMAT = /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/

  beforeAll(async () => {
    testApp = await startTestApp()
    baseUrl = testApp.baseUrl
  })

  afterAll(async () => {
    await testApp.close()
  })

  const { advanceClock, settleIntoTimeStep, codeAt, wrongCode } = createTotpClock(() => testApp)
  const sortedAmrMethodsOf = (session: Session | null | undefined) => amrMethodsOf(session).sort()

  async function signIn(email: string): Promise<SupabaseClient> {
    const supabase = testApp.client()
    const { error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    return supabase
  }

  /** A signed-up user with a verified TOTP factor; `supabase` holds its aal2 session. */
  async function userWithVerifiedFactor(email: string) {
    const supabase = testApp.client()
    expect((await supabase.auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    const factorId = data?.id ?? ''
    const secret = data?.totp.secret ?? ''
    settleIntoTimeStep()
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret) })
    expect(verified.error).toBeNull()
    return { supabase, factorId, secret }
  }

  async function accessTokenOf(supabase: SupabaseClient): Promise<string> {
    return (await supabase.auth.getSession()).data.session?.access_token ?? ''
  }

  /** A request to the Auth service as the client's user, GoTrue's 2024 error format. */
  async function auth(
    supabase: SupabaseClient,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    url = baseUrl,
  ) {
    const response = await fetch(`${url}/auth/v1${path}`, {
      method,
      headers: {
        apikey: testApp.anonKey,
        authorization: `Bearer ${await accessTokenOf(supabase)}`,
        'x-supabase-api-version': '2024-01-01',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    }
  }

  async function issueCodes(supabase: SupabaseClient): Promise<string[]> {
    const issued = await auth(supabase, 'POST', '/mfa/recovery-codes')
    expect(issued.status).toBe(200)
    expect(issued.headers.get('cache-control')).toBe('no-store')
    return issued.body.codes as string[]
  }

  it('issues ten codes to an aal2 session, stores only their hashes, and counts them', async () => {
    const { supabase } = await userWithVerifiedFactor('issue@example.com')
    expect((await auth(supabase, 'GET', '/mfa/recovery-codes')).body).toEqual({
      total: 0,
      remaining: 0,
      created_at: null,
    })
    const codes = await issueCodes(supabase)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) {
      expect(code).toMatch(CODE_FORMAT)
    }
    const status = await auth(supabase, 'GET', '/mfa/recovery-codes')
    expect(status.body).toMatchObject({ total: 10, remaining: 10 })
    expect(status.headers.get('cache-control')).toBe('no-store')

    const stored = await testApp.database.pool.query<{ code_hash: string }>(
      `select code_hash from auth.mfa_recovery_codes c join auth.users u on u.id = c.user_id
       where u.email = 'issue@example.com'`,
    )
    expect(stored.rows).toHaveLength(10)
    const plain = new Set(codes.flatMap((code) => [code, code.replaceAll('-', '').toUpperCase()]))
    for (const { code_hash } of stored.rows) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(plain.has(code_hash)).toBe(false)
    }
  })

  it('lifts an aal1 session to aal2 with a recovery code, once per code', async () => {
    const { supabase: strong, factorId } = await userWithVerifiedFactor('recover@example.com')
    const codes = await issueCodes(strong)

    const weak = await signIn('recover@example.com')
    expect((await weak.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    })
    // An aal1 session may neither count nor replace the codes.
    for (const method of ['GET', 'POST'] as const) {
      const refused = await auth(weak, method, '/mfa/recovery-codes')
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ code: 'insufficient_aal' })
    }

    // Case, spaces and look-alike letters do not matter.
    const typed = ` ${codes[0]!.toUpperCase().replaceAll('-', ' ').replaceAll('1', 'l')} `
    const recovered = await auth(weak, 'POST', '/mfa/recovery-codes/verify', { code: typed })
    expect(recovered.status).toBe(200)
    const session = recovered.body as unknown as Session
    expect(claimsOf(session)).toMatchObject({ aal: 'aal2' })
    expect(sortedAmrMethodsOf(session)).toEqual(['password', 'recovery'])
    // supabase-js takes the session as it is: aal2, and it refreshes as aal2.
    const { error: setError } = await weak.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    })
    expect(setError).toBeNull()
    expect((await weak.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    })
    const refreshed = await weak.auth.refreshSession()
    expect(claimsOf(refreshed.data.session)).toMatchObject({ aal: 'aal2' })
    expect((await auth(weak, 'GET', '/mfa/recovery-codes')).body).toMatchObject({
      total: 10,
      remaining: 9,
    })

    // The used code is refused the second time; another one works.
    const again = await signIn('recover@example.com')
    const reused = await auth(again, 'POST', '/mfa/recovery-codes/verify', { code: codes[0] })
    expect(reused).toMatchObject({
      status: 422,
      body: { code: 'mfa_verification_failed', message: 'Invalid recovery code entered' },
    })
    const other = await auth(again, 'POST', '/mfa/recovery-codes/verify', { code: codes[1] })
    expect(other.status).toBe(200)

    // The factor the code stood in for is the session's: removing it brings aal1 back.
    const removed = await weak.auth.mfa.unenroll({ factorId })
    expect(removed.error).toBeNull()
    const after = await weak.auth.refreshSession()
    expect(claimsOf(after.data.session)).toMatchObject({ aal: 'aal1' })
    expect(sortedAmrMethodsOf(after.data.session)).toEqual(['password'])
    // With no verified factor left, the codes are gone.
    expect((await auth(weak, 'GET', '/mfa/recovery-codes')).body).toMatchObject({ total: 0 })
    const none = await auth(weak, 'POST', '/mfa/recovery-codes')
    expect(none).toMatchObject({ status: 422, body: { code: 'mfa_factor_not_found' } })
  })

  it('makes a new set replace the old one', async () => {
    const { supabase } = await userWithVerifiedFactor('regenerate@example.com')
    const first = await issueCodes(supabase)
    const second = await issueCodes(supabase)
    expect(second.some((code) => first.includes(code))).toBe(false)

    const weak = await signIn('regenerate@example.com')
    const old = await auth(weak, 'POST', '/mfa/recovery-codes/verify', { code: first[0] })
    expect(old).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } })
    const current = await auth(weak, 'POST', '/mfa/recovery-codes/verify', { code: second[0] })
    expect(current.status).toBe(200)
  })

  it('refuses empty codes, guests and users without an authenticator app', async () => {
    const { supabase } = await userWithVerifiedFactor('refusals@example.com')
    const empty = await auth(supabase, 'POST', '/mfa/recovery-codes/verify', { code: ' ' })
    expect(empty).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    const notString = await auth(supabase, 'POST', '/mfa/recovery-codes/verify', { code: 12 })
    expect(notString).toMatchObject({ status: 400, body: { code: 'validation_failed' } })

    const guest = testApp.client()
    await guest.auth.signInAnonymously()
    const refused = await auth(guest, 'POST', '/mfa/recovery-codes')
    expect(refused).toMatchObject({ status: 403, body: { code: 'no_authorization' } })

    const plain = testApp.client()
    await plain.auth.signUp({ email: 'no-factor@example.com', password: PASSWORD })
    expect((await auth(plain, 'GET', '/mfa/recovery-codes')).body).toMatchObject({ total: 0 })
    const noFactor = await auth(plain, 'POST', '/mfa/recovery-codes')
    expect(noFactor).toMatchObject({ status: 422, body: { code: 'mfa_factor_not_found' } })
  })

  it('locks a factor for five minutes after five wrong codes, from any address or process', async () => {
    const { factorId, secret } = await userWithVerifiedFactor('lock@example.com')
    const weak = await signIn('lock@example.com')
    settleIntoTimeStep()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { error } = await weak.auth.mfa.challengeAndVerify({
        factorId,
        code: wrongCode(secret),
      })
      expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    }
    // Even the right code is refused now, and by a second server process too.
    const second = await testApp.startSecondProcess()
    try {
      const challenged = await auth(weak, 'POST', `/factors/${factorId}/challenge`, {}, second.url)
      expect(challenged.status).toBe(200)
      const locked = await auth(
        weak,
        'POST',
        `/factors/${factorId}/verify`,
        { challenge_id: challenged.body.id, code: codeAt(secret, 1) },
        second.url,
      )
      expect(locked).toMatchObject({
        status: 429,
        body: {
          code: 'over_request_rate_limit',
          message: 'Too many wrong codes. Try again in 5 minutes.',
        },
      })
      // Five minutes from the fifth wrong code, counted down in whole seconds since.
      const retryAfter = Number(locked.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(290)
      expect(retryAfter).toBeLessThanOrEqual(300)
      expect(locked.headers.get('x-sb-error-code')).toBe('over_request_rate_limit')
    } finally {
      await second.close()
    }
    const { error: stillLocked } = await weak.auth.mfa.challengeAndVerify({
      factorId,
      code: codeAt(secret, 1),
    })
    expect(stillLocked).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    // Five minutes later the right code works, and clears the count.
    advanceClock(300_000)
    settleIntoTimeStep()
    const { error } = await weak.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret) })
    expect(error).toBeNull()
    const counted = await testApp.database.pool.query(
      'select 1 from auth.mfa_failed_attempts where key = $1',
      [`totp:${factorId}`],
    )
    expect(counted.rowCount).toBe(0)
  })

  it('clears the count on a right code, and locks longer each time', async () => {
    const { factorId, secret } = await userWithVerifiedFactor('escalate@example.com')
    async function wrongCodes(supabase: SupabaseClient, count: number) {
      for (let attempt = 0; attempt < count; attempt++) {
        const { error } = await supabase.auth.mfa.challengeAndVerify({
          factorId,
          code: wrongCode(secret),
        })
        expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
      }
    }
    async function rightCode(supabase: SupabaseClient) {
      advanceClock(STEP_MS) // the previous step's code is used
      settleIntoTimeStep()
      return (await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret) })).error
    }

    // Four wrong, one right, four wrong, one right: the count started again.
    const first = await signIn('escalate@example.com')
    await wrongCodes(first, 4)
    expect(await rightCode(first)).toBeNull()
    const second = await signIn('escalate@example.com')
    await wrongCodes(second, 4)
    expect(await rightCode(second)).toBeNull()

    // Five wrong: 5 minutes; five more after that: 10 minutes.
    const third = await signIn('escalate@example.com')
    await wrongCodes(third, 5)
    advanceClock(300_000)
    await wrongCodes(third, 5)
    const challenged = await auth(third, 'POST', `/factors/${factorId}/challenge`, {})
    const locked = await auth(third, 'POST', `/factors/${factorId}/verify`, {
      challenge_id: challenged.body.id,
      code: codeAt(secret),
    })
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('600')
  })

  it('limits wrong recovery codes per user in the same way', async () => {
    const { supabase } = await userWithVerifiedFactor('recovery-lock@example.com')
    const codes = await issueCodes(supabase)
    const weak = await signIn('recovery-lock@example.com')
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await auth(weak, 'POST', '/mfa/recovery-codes/verify', {
        code: attempt === 1 ? 'not a code' : 'zzzz-zzzz-zzzz',
      })
      expect(wrong).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } })
    }
    // Another session of the same user is locked too, even with a right code.
    const other = await signIn('recovery-lock@example.com')
    const locked = await auth(other, 'POST', '/mfa/recovery-codes/verify', { code: codes[0] })
    expect(locked).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } })
    expect(locked.headers.get('retry-after')).toBe('300')

    advanceClock(300_000)
    const recovered = await auth(other, 'POST', '/mfa/recovery-codes/verify', { code: codes[0] })
    expect(recovered.status).toBe(200)
  })
})
