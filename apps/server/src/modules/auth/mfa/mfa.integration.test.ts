import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../../test/test-app.ts'
import {
  amrMethodsOf,
  claimsOf,
  createTotpClock,
  TOTP_STEP_MS,
} from '../../../../test/totp-support.ts'

describe('TOTP multi-factor authentication (/auth/v1/factors) through supabase-js', () => {
  let testApp: TestApp
  let baseUrl: string
  let client: TestApp['client']
  const PASSWORD = 'correct-horse-battery'
  const STEP_MS = TOTP_STEP_MS

  beforeAll(async () => {
    testApp = await startTestApp()
    ;({ baseUrl, client } = testApp)
  })

  afterAll(async () => {
    await testApp.close()
  })

  const { serverNow, advanceClock, settleIntoTimeStep, codeAt, wrongCode } = createTotpClock(
    () => testApp,
  )

  async function signUp(email: string): Promise<SupabaseClient> {
    const supabase = client()
    const { error } = await supabase.auth.signUp({ email, password: PASSWORD })
    expect(error).toBeNull()
    return supabase
  }

  async function signIn(email: string): Promise<SupabaseClient> {
    const supabase = client()
    const { error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    return supabase
  }

  async function enrol(supabase: SupabaseClient, friendlyName?: string) {
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
    expect(error).toBeNull()
    return { factorId: data?.id ?? '', secret: data?.totp.secret ?? '' }
  }

  async function challenge(supabase: SupabaseClient, factorId: string): Promise<string> {
    const { data, error } = await supabase.auth.mfa.challenge({ factorId })
    expect(error).toBeNull()
    return data?.id ?? ''
  }

  async function verify(supabase: SupabaseClient, factorId: string, code: string) {
    const challengeId = await challenge(supabase, factorId)
    return supabase.auth.mfa.verify({ factorId, challengeId, code })
  }

  /** A signed-up user whose first TOTP factor is verified: the client's session is aal2. */
  async function userWithVerifiedFactor(email: string) {
    const supabase = await signUp(email)
    const factor = await enrol(supabase, 'Phone')
    settleIntoTimeStep()
    const { error } = await verify(supabase, factor.factorId, codeAt(factor.secret))
    expect(error).toBeNull()
    return { supabase, ...factor }
  }

  async function levelsOf(supabase: SupabaseClient) {
    const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(error).toBeNull()
    return [data?.currentLevel, data?.nextLevel]
  }

  /** POST to the Auth service from another loopback address than the client's 127.0.0.1. */
  function postFrom(localAddress: string, path: string, accessToken: string, body: unknown) {
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = httpRequest(
        `${baseUrl}/auth/v1${path}`,
        {
          method: 'POST',
          localAddress,
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            'x-supabase-api-version': '2024-01-01',
          },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as never }),
          )
        },
      )
      request.on('error', reject)
      request.end(JSON.stringify(body))
    })
  }

  it('enrols a TOTP factor with an SVG QR code, a base32 secret and an otpauth URI', async () => {
    const supabase = await signUp('enrol@example.com')
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone',
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone' })
    expect(data?.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    // auth-js turns the SVG markup into a data URL.
    expect(data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^>]*>/)
    const uri = URI.parse(data?.totp.uri ?? '')
    expect(uri).toMatchObject({
      issuer: new URL(baseUrl).host,
      label: 'enrol@example.com',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    })
    expect(uri.secret.base32).toBe(data?.totp.secret)

    const custom = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Laptop',
      issuer: 'Job Search',
    })
    expect(URI.parse(custom.data?.totp.uri ?? '').issuer).toBe('Job Search')

    // Unverified factors are listed but raise no level.
    const { data: listed } = await supabase.auth.mfa.listFactors()
    expect(listed?.all.map((factor) => [factor.friendly_name, factor.status])).toEqual([
      ['Phone', 'unverified'],
      ['Laptop', 'unverified'],
    ])
    expect(listed?.totp).toEqual([])
    expect(await levelsOf(supabase)).toEqual(['aal1', 'aal1'])
  })

  it('verifies a code: the session becomes aal2 and the same code is refused afterwards', async () => {
    const supabase = await signUp('verify@example.com')
    const before = (await supabase.auth.getSession()).data.session
    const { factorId, secret } = await enrol(supabase, 'Phone')
    const unfinished = await enrol(supabase, 'Abandoned')

    settleIntoTimeStep()
    const { data: issued } = await supabase.auth.mfa.challenge({ factorId })
    expect(issued).toMatchObject({ type: 'totp' })
    expect(issued?.expires_at).toBe(Math.floor(serverNow() / 1000) + 300)
    const code = codeAt(secret)
    const { data, error } = await supabase.auth.mfa.verify({
      factorId,
      challengeId: issued?.id ?? '',
      code,
    })
    expect(error).toBeNull()

    const session = (await supabase.auth.getSession()).data.session
    expect(session?.access_token).toBe(data?.access_token)
    expect(claimsOf(session)).toMatchObject({
      aal: 'aal2',
      session_id: claimsOf(before).session_id,
    })
    expect(amrMethodsOf(session)).toEqual(['totp', 'password'])
    expect(session?.refresh_token).toMatch(/^[0-9A-Za-z]{32}$/)
    expect(session?.refresh_token).not.toBe(before?.refresh_token)
    const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect(level?.currentAuthenticationMethods).toContainEqual(
      expect.objectContaining({ method: 'totp' }),
    )

    // The factor is verified; the other unverified factor went with the verification.
    const { data: user } = await supabase.auth.getUser()
    expect(user.user?.factors).toEqual([
      {
        id: factorId,
        friendly_name: 'Phone',
        factor_type: 'totp',
        status: 'verified',
        phone: '',
        created_at: expect.any(String) as string,
        updated_at: expect.any(String) as string,
        last_challenged_at: expect.any(String) as string,
      },
    ])
    expect(user.user?.factors?.map((factor) => factor.id)).not.toContain(unfinished.factorId)

    // The same code against a new challenge: a replay.
    const replay = await verify(supabase, factorId, code)
    expect(replay.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    })
    // The used challenge cannot be answered again, even with a fresh code.
    advanceClock(STEP_MS)
    const reused = await supabase.auth.mfa.verify({
      factorId,
      challengeId: issued?.id ?? '',
      code: codeAt(secret),
    })
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' })

    // Refreshing keeps aal2; the refresh token from before the verification is spent.
    const refreshed = await supabase.auth.refreshSession()
    expect(claimsOf(refreshed.data.session)).toMatchObject({ aal: 'aal2' })
    advanceClock(11_000)
    const stale = await client().auth.refreshSession({ refresh_token: before?.refresh_token ?? '' })
    expect(stale.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
  })

  it('accepts a code one step either side of the server time, not two', async () => {
    const supabase = await signUp('window@example.com')
    const { factorId, secret } = await enrol(supabase)
    settleIntoTimeStep()
    for (const steps of [-2, 2]) {
      const { error } = await verify(supabase, factorId, codeAt(secret, steps))
      expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    }
    expect((await verify(supabase, factorId, codeAt(secret, -1))).error).toBeNull()
    expect((await verify(supabase, factorId, codeAt(secret, 1))).error).toBeNull()
    // The current step is older than the last one used: its code is refused too.
    const older = await verify(supabase, factorId, codeAt(secret, 0))
    expect(older.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
  })

  it('makes aal2 the next level after sign-in and ends sessions still at aal1', async () => {
    const first = await signUp('sessions@example.com')
    const other = await signIn('sessions@example.com')
    const otherRefreshToken = (await other.auth.getSession()).data.session?.refresh_token ?? ''
    const { factorId, secret } = await enrol(first, 'Phone')
    settleIntoTimeStep()
    expect((await verify(first, factorId, codeAt(secret))).error).toBeNull()

    // The session that stayed at aal1 is gone, refresh token and all.
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
    const { error: refreshError } = await client().auth.refreshSession({
      refresh_token: otherRefreshToken,
    })
    expect(refreshError).toMatchObject({ status: 400, code: 'refresh_token_not_found' })

    // A new sign-in starts at aal1 with aal2 to reach, then steps up with the next code.
    const second = await signIn('sessions@example.com')
    expect(await levelsOf(second)).toEqual(['aal1', 'aal2'])
    expect((await verify(second, factorId, codeAt(secret, 1))).error).toBeNull()
    expect(await levelsOf(second)).toEqual(['aal2', 'aal2'])
    // The first session was aal2 already, so it stays.
    expect((await first.auth.getUser()).error).toBeNull()
  })

  it('lets only an aal2 session enrol another factor or unenrol a verified one', async () => {
    const { supabase: strong, factorId } = await userWithVerifiedFactor('aal@example.com')
    const weak = await signIn('aal@example.com')

    const enrolled = await weak.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })
    expect(enrolled.error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    })
    const removed = await weak.auth.mfa.unenroll({ factorId })
    expect(removed.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    })

    const second = await enrol(strong, 'Second')
    expect(second.factorId).toBeTruthy()
  })

  it('unenrols: sessions made aal2 by the factor fall back to aal1', async () => {
    const { supabase, factorId } = await userWithVerifiedFactor('unenrol@example.com')
    const { data, error } = await supabase.auth.mfa.unenroll({ factorId })
    expect(error).toBeNull()
    expect(data).toEqual({ id: factorId })

    const { data: refreshed } = await supabase.auth.refreshSession()
    expect(claimsOf(refreshed.session)).toMatchObject({ aal: 'aal1' })
    expect(amrMethodsOf(refreshed.session)).toEqual(['password'])
    expect(await levelsOf(supabase)).toEqual(['aal1', 'aal1'])
    expect((await supabase.auth.mfa.listFactors()).data?.all).toEqual([])

    // An unverified factor needs no aal2 to go.
    const weak = await signIn('unenrol@example.com')
    const unverified = await enrol(weak, 'Spare')
    expect((await weak.auth.mfa.unenroll({ factorId: unverified.factorId })).error).toBeNull()
  })

  it('expires a challenge after five minutes', async () => {
    const supabase = await signUp('expiry@example.com')
    const { factorId, secret } = await enrol(supabase)
    const challengeId = await challenge(supabase, factorId)
    advanceClock(301_000)
    settleIntoTimeStep()
    const expired = await supabase.auth.mfa.verify({ factorId, challengeId, code: codeAt(secret) })
    expect(expired.error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    })
    // The expired challenge is gone.
    const again = await supabase.auth.mfa.verify({ factorId, challengeId, code: codeAt(secret) })
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' })
  })

  it('refuses wrong and empty codes, unknown challenges and answers from another address', async () => {
    const supabase = await signUp('codes@example.com')
    const { factorId, secret } = await enrol(supabase)
    settleIntoTimeStep()
    const challengeId = await challenge(supabase, factorId)

    const wrong = await supabase.auth.mfa.verify({ factorId, challengeId, code: wrongCode(secret) })
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    })
    const empty = await supabase.auth.mfa.verify({ factorId, challengeId, code: '' })
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Code needs to be non-empty',
    })
    const unknown = await supabase.auth.mfa.verify({
      factorId,
      challengeId: randomUUID(),
      code: codeAt(secret),
    })
    expect(unknown.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    })

    const accessToken = (await supabase.auth.getSession()).data.session?.access_token ?? ''
    const elsewhere = await postFrom('127.0.0.2', `/factors/${factorId}/verify`, accessToken, {
      challenge_id: challengeId,
      code: codeAt(secret),
    })
    expect(elsewhere).toEqual({
      status: 422,
      body: {
        code: 'mfa_ip_address_mismatch',
        message: 'Challenge and verify IP addresses mismatch.',
      },
    })

    // None of the failures used up the challenge.
    const right = await supabase.auth.mfa.verify({ factorId, challengeId, code: codeAt(secret) })
    expect(right.error).toBeNull()
  })

  it('refuses duplicate names, an eleventh factor, other factor types and guests', async () => {
    const supabase = await signUp('limits@example.com')
    await enrol(supabase, 'Work')
    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work' })
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Work" for this user already exists',
    })
    for (let index = 2; index <= 10; index++) {
      await enrol(supabase, `Device ${index}`)
    }
    const eleventh = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'More' })
    expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' })

    const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' })
    const webauthn = await supabase.auth.mfa.enroll({ factorType: 'webauthn' })
    expect(webauthn.error).toMatchObject({ status: 422, code: 'mfa_web_authn_enroll_not_enabled' })
    const accessToken = (await supabase.auth.getSession()).data.session?.access_token ?? ''
    const unknownType = await fetch(`${baseUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'sms' }),
    })
    expect(unknownType.status).toBe(400)
    expect(await unknownType.json()).toMatchObject({ error_code: 'validation_failed' })

    const guest = client()
    await guest.auth.signInAnonymously()
    const refused = await guest.auth.mfa.enroll({ factorType: 'totp' })
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'no_authorization',
      message: 'Anonymous user not allowed to perform these actions',
    })
    const noBearer = await fetch(`${baseUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    expect(noBearer.status).toBe(401)
    expect(await noBearer.json()).toMatchObject({ error_code: 'no_authorization' })
  })

  it('forgets enrolments abandoned unchallenged for five minutes', async () => {
    const supabase = await signUp('abandoned@example.com')
    const abandoned = await enrol(supabase, 'Laptop')
    const challenged = await enrol(supabase, 'Tablet')
    await challenge(supabase, challenged.factorId)
    advanceClock(301_000)

    const again = await enrol(supabase, 'Laptop')
    const { data } = await supabase.auth.mfa.listFactors()
    expect(data?.all.map((factor) => factor.id)).toEqual([challenged.factorId, again.factorId])
    expect(again.factorId).not.toBe(abandoned.factorId)
  })

  it("answers 404 for unknown factors, malformed ids and other users' factors", async () => {
    const owner = await signUp('owner@example.com')
    const { factorId } = await enrol(owner)
    const stranger = await signUp('stranger@example.com')

    for (const id of [factorId, randomUUID()]) {
      const challenged = await stranger.auth.mfa.challenge({ factorId: id })
      expect(challenged.error).toMatchObject({
        status: 404,
        code: 'mfa_factor_not_found',
        message: 'Factor not found',
      })
    }
    const verified = await stranger.auth.mfa.verify({
      factorId,
      challengeId: randomUUID(),
      code: '123456',
    })
    expect(verified.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    const removed = await stranger.auth.mfa.unenroll({ factorId })
    expect(removed.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' })
    const malformed = await stranger.auth.mfa.challenge({ factorId: 'not-a-uuid' })
    expect(malformed.error).toMatchObject({
      status: 404,
      code: 'validation_failed',
      message: 'factor_id must be an UUID',
    })
    // The owner still has the factor.
    expect((await owner.auth.mfa.listFactors()).data?.all.map((factor) => factor.id)).toEqual([
      factorId,
    ])
  })
})
