import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * Emailed links and codes through supabase-js: sign-up confirmation, email OTP and magic links,
 * recovery, resend, POST and GET /verify. Codes and links are read from the outbox.
 */
const PASSWORD = 'correct-horse-battery'
const ALLOWED_REDIRECT = 'https://app.example.com/welcome'
const DAY_MS = 24 * 60 * 60 * 1000

function claimsOf(session: Session | null | undefined): Record<string, unknown> {
  const payload = session?.access_token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

function amrMethodsOf(session: Session | null | undefined): string[] {
  return (claimsOf(session).amr as { method: string }[]).map((entry) => entry.method)
}

/** The latest email to `address`: its template, code and link. */
async function lastEmail(testApp: TestApp, address: string) {
  const [email] = await testApp.emailsTo(address)
  if (!email) {
    throw new Error(`no email to ${address}`)
  }
  return {
    template: email.template,
    code: email.template_data.code ?? '',
    link: email.template_data.link ?? '',
  }
}

/** Follows an emailed link without following the redirect it answers. */
async function openLink(link: string) {
  const response = await fetch(link, { redirect: 'manual' })
  const location = new URL(response.headers.get('location') ?? 'about:blank')
  return {
    status: response.status,
    location,
    fragment: new URLSearchParams(location.hash.slice(1)),
  }
}

/** A raw JSON request with auth-js's headers, for what supabase-js cannot send. */
function rawRequest(testApp: TestApp, method: string, path: string, body?: unknown) {
  return fetch(`${testApp.baseUrl}/auth/v1${path}`, {
    method,
    headers: {
      apikey: testApp.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as object) }
}

describe('email confirmation, codes and links (confirmation on)', () => {
  let testApp: TestApp
  let client: TestApp['client']

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { AUTH_EMAIL_AUTOCONFIRM: 'false' },
      settings: (settings) => ({ ...settings, redirectAllowList: ['https://app.example.com/**'] }),
    })
    ;({ client } = testApp)
  })

  afterAll(async () => {
    await testApp.close()
  })

  /** Moves past the one-email-a-minute limit per address. */
  const waitOutEmailLimit = () => testApp.advanceClock(61_000)

  it('signs up unconfirmed, refuses the password until the emailed code confirms the address', async () => {
    const supabase = client()
    const { data, error } = await supabase.auth.signUp({
      email: 'Grace@Example.com',
      password: PASSWORD,
      options: { data: { first_name: 'Grace' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({
      email: 'grace@example.com',
      user_metadata: { first_name: 'Grace' },
      identities: [
        { provider: 'email', identity_data: { email: 'grace@example.com', email_verified: false } },
      ],
    })
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const email = await lastEmail(testApp, 'grace@example.com')
    expect(email.template).toBe('confirmation')
    expect(email.code).toMatch(/^\d{6}$/)

    const refused = await client().auth.signInWithPassword({
      email: 'grace@example.com',
      password: PASSWORD,
    })
    expect(refused.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

    const verified = await supabase.auth.verifyOtp({
      email: 'grace@example.com',
      token: email.code,
      type: 'email',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.id).toBe(data.user?.id)
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
    expect(verified.data.user?.identities?.[0]?.identity_data).toMatchObject({
      email_verified: true,
    })
    expect(amrMethodsOf(verified.data.session)).toEqual(['otp'])

    const signedIn = await client().auth.signInWithPassword({
      email: 'grace@example.com',
      password: PASSWORD,
    })
    expect(signedIn.error).toBeNull()

    const again = await client().auth.verifyOtp({
      email: 'grace@example.com',
      token: email.code,
      type: 'email',
    })
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    })
  })

  it('answers a confirmed address with a decoy user and re-sends to an unconfirmed one', async () => {
    const first = await client().auth.signUp({ email: 'hedy@example.com', password: PASSWORD })
    const firstCode = (await lastEmail(testApp, 'hedy@example.com')).code
    waitOutEmailLimit()

    const repeated = await client().auth.signUp({ email: 'hedy@example.com', password: PASSWORD })
    expect(repeated.error).toBeNull()
    expect(repeated.data.user?.id).toBe(first.data.user?.id)
    const secondCode = (await lastEmail(testApp, 'hedy@example.com')).code
    expect(await testApp.emailsTo('hedy@example.com')).toHaveLength(2)

    const stale = await client().auth.verifyOtp({
      email: 'hedy@example.com',
      token: firstCode,
      type: 'signup',
    })
    // Only the newest code works (unless both codes happen to be equal).
    if (firstCode !== secondCode) {
      expect(stale.error).toMatchObject({ code: 'otp_expired' })
    }
    const confirmed = await client().auth.verifyOtp({
      email: 'hedy@example.com',
      token: secondCode,
      type: 'signup',
    })
    expect(confirmed.error).toBeNull()
    waitOutEmailLimit()

    const decoy = await client().auth.signUp({
      email: 'hedy@example.com',
      password: 'another-password',
      options: { data: { first_name: 'Someone' } },
    })
    expect(decoy.error).toBeNull()
    expect(decoy.data.session).toBeNull()
    expect(decoy.data.user?.id).not.toBe(first.data.user?.id)
    expect(decoy.data.user).toMatchObject({
      email: 'hedy@example.com',
      identities: [],
      user_metadata: { first_name: 'Someone' },
    })
    expect(await testApp.emailsTo('hedy@example.com')).toHaveLength(2)
  })

  it('confirms through the emailed link: 303 to the redirect with the session in the fragment', async () => {
    await client().auth.signUp({
      email: 'ida@example.com',
      password: PASSWORD,
      options: { emailRedirectTo: ALLOWED_REDIRECT },
    })
    const { link } = await lastEmail(testApp, 'ida@example.com')
    expect(link).toMatch(new RegExp(`^${testApp.baseUrl}/auth/v1/verify\\?token=[0-9a-f]{56}&`))

    const opened = await openLink(link)
    expect(opened.status).toBe(303)
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(ALLOWED_REDIRECT)
    expect(opened.fragment.get('type')).toBe('signup')
    expect(opened.fragment.get('token_type')).toBe('bearer')
    expect(opened.fragment.has('sb')).toBe(true)
    const accessToken = opened.fragment.get('access_token') ?? ''
    const { data, error } = await client().auth.getUser(accessToken)
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()

    const replayed = await openLink(link)
    expect(replayed.status).toBe(303)
    expect(replayed.fragment.get('error')).toBe('access_denied')
    expect(replayed.fragment.get('error_code')).toBe('otp_expired')
    expect(replayed.fragment.get('error_description')).toBe('Email link is invalid or has expired')
    expect(replayed.location.searchParams.has('error')).toBe(false)
  })

  it('sends links only to allowed redirects, else to the site URL', async () => {
    await client().auth.signUp({
      email: 'joan@example.com',
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example.net/steal' },
    })
    const { link } = await lastEmail(testApp, 'joan@example.com')
    expect(new URL(link).searchParams.get('redirect_to')).toBe(testApp.settings.siteUrl)
    const opened = await openLink(
      link.replace(
        /redirect_to=[^&]*/,
        `redirect_to=${encodeURIComponent('https://evil.example.net/')}`,
      ),
    )
    expect(opened.location.origin).toBe(new URL(testApp.settings.siteUrl).origin)
    expect(opened.fragment.get('access_token')).toBeTruthy()
  })

  it('verifies a token hash, once', async () => {
    await client().auth.signUp({ email: 'katherine@example.com', password: PASSWORD })
    const { link } = await lastEmail(testApp, 'katherine@example.com')
    const tokenHash = new URL(link).searchParams.get('token') ?? ''

    const wrongType = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(wrongType.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    })
    const verified = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe('katherine@example.com')
    const replayed = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })
    expect(replayed.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })

  it('resends a pending confirmation, and nothing for unknown or confirmed addresses', async () => {
    const bad = await rawRequest(testApp, 'POST', '/resend', { type: 'magiclink', email: 'x@x.io' })
    expect(await errorOf(bad)).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Missing one of these types: signup, email_change, sms, phone_change',
    })
    const smsWithoutPhone = await rawRequest(testApp, 'POST', '/resend', { type: 'sms' })
    expect(await errorOf(smsWithoutPhone)).toMatchObject({ status: 400, code: 'validation_failed' })
    const phone = await rawRequest(testApp, 'POST', '/resend', { type: 'sms', phone: '+15550100' })
    expect(await errorOf(phone)).toMatchObject({ status: 400, code: 'phone_provider_disabled' })

    const unknown = await client().auth.resend({ type: 'signup', email: 'nobody@example.com' })
    expect(unknown.error).toBeNull()
    expect(await testApp.emailsTo('nobody@example.com')).toHaveLength(0)

    await client().auth.signUp({ email: 'mary@example.com', password: PASSWORD })
    waitOutEmailLimit()
    const resent = await client().auth.resend({ type: 'signup', email: 'mary@example.com' })
    expect(resent.error).toBeNull()
    const emails = await testApp.emailsTo('mary@example.com')
    expect(emails.map((email) => email.template)).toEqual(['confirmation', 'confirmation'])

    const code = emails[0]?.template_data.code ?? ''
    await client().auth.verifyOtp({ email: 'mary@example.com', token: code, type: 'signup' })
    waitOutEmailLimit()
    const confirmed = await client().auth.resend({ type: 'signup', email: 'mary@example.com' })
    expect(confirmed.error).toBeNull()
    expect(await testApp.emailsTo('mary@example.com')).toHaveLength(2)
  })

  it('signs a confirmed user in with an emailed magic link or its code', async () => {
    await client().auth.signUp({ email: 'nora@example.com', password: PASSWORD })
    const confirmation = await lastEmail(testApp, 'nora@example.com')
    await client().auth.verifyOtp({
      email: 'nora@example.com',
      token: confirmation.code,
      type: 'email',
    })
    waitOutEmailLimit()

    const sent = await client().auth.signInWithOtp({
      email: 'nora@example.com',
      options: { shouldCreateUser: false },
    })
    expect(sent.error).toBeNull()
    const magic = await lastEmail(testApp, 'nora@example.com')
    expect(magic.template).toBe('magic_link')
    expect(new URL(magic.link).searchParams.get('type')).toBe('magiclink')

    const supabase = client()
    const { data, error } = await supabase.auth.verifyOtp({
      email: 'nora@example.com',
      token: magic.code,
      type: 'email',
    })
    expect(error).toBeNull()
    expect(amrMethodsOf(data.session)).toEqual(['otp'])

    waitOutEmailLimit()
    await client().auth.signInWithOtp({ email: 'nora@example.com' })
    const viaLink = await openLink((await lastEmail(testApp, 'nora@example.com')).link)
    expect(viaLink.fragment.get('type')).toBe('magiclink')
    expect(viaLink.fragment.get('access_token')).toBeTruthy()
  })

  it('signs up an unknown address by OTP with a confirmation, unless told not to', async () => {
    const refused = await client().auth.signInWithOtp({
      email: 'olive@example.com',
      options: { shouldCreateUser: false },
    })
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    })

    const sent = await client().auth.signInWithOtp({
      email: 'olive@example.com',
      options: { data: { first_name: 'Olive' } },
    })
    expect(sent.error).toBeNull()
    const email = await lastEmail(testApp, 'olive@example.com')
    expect(email.template).toBe('confirmation')

    const { data, error } = await client().auth.verifyOtp({
      email: 'olive@example.com',
      token: email.code,
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'olive@example.com',
      user_metadata: { first_name: 'Olive' },
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()

    const phone = await client().auth.signInWithOtp({ phone: '+15550100' })
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' })
    const both = await rawRequest(testApp, 'POST', '/otp', {
      email: 'olive@example.com',
      phone: '+15550100',
    })
    expect(await errorOf(both)).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('answers the legacy /magiclink like /otp', async () => {
    const missing = await rawRequest(testApp, 'POST', '/magiclink', {})
    expect(await errorOf(missing)).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    })
    const sent = await rawRequest(testApp, 'POST', '/magiclink', { email: 'pearl@example.com' })
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({})
    expect((await lastEmail(testApp, 'pearl@example.com')).template).toBe('confirmation')
  })

  it('recovers a password: the code signs in with PASSWORD_RECOVERY, then the password changes', async () => {
    const unknown = await client().auth.resetPasswordForEmail('stranger@example.com')
    expect(unknown.error).toBeNull()
    expect(await testApp.emailsTo('stranger@example.com')).toHaveLength(0)
    const missing = await rawRequest(testApp, 'POST', '/recover', {})
    expect(await errorOf(missing)).toMatchObject({ status: 400, code: 'validation_failed' })

    await client().auth.signUp({ email: 'rosalind@example.com', password: PASSWORD })
    const confirmation = await lastEmail(testApp, 'rosalind@example.com')
    await client().auth.verifyOtp({
      email: 'rosalind@example.com',
      token: confirmation.code,
      type: 'email',
    })
    waitOutEmailLimit()

    const { error } = await client().auth.resetPasswordForEmail('rosalind@example.com', {
      redirectTo: ALLOWED_REDIRECT,
    })
    expect(error).toBeNull()
    const recovery = await lastEmail(testApp, 'rosalind@example.com')
    expect(recovery.template).toBe('recovery')
    expect(new URL(recovery.link).searchParams.get('redirect_to')).toBe(ALLOWED_REDIRECT)

    const supabase = client()
    const events: AuthChangeEvent[] = []
    supabase.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    const verified = await supabase.auth.verifyOtp({
      email: 'rosalind@example.com',
      token: recovery.code,
      type: 'recovery',
    })
    expect(verified.error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')

    const updated = await supabase.auth.updateUser({ password: 'a-brand-new-password' })
    expect(updated.error).toBeNull()
    const signedIn = await client().auth.signInWithPassword({
      email: 'rosalind@example.com',
      password: 'a-brand-new-password',
    })
    expect(signedIn.error).toBeNull()
  })

  it('refuses malformed verifications with GoTrue codes', async () => {
    const verify = (body: unknown) => rawRequest(testApp, 'POST', '/verify', body)
    expect(await errorOf(await verify({ token: '123456', email: 'a@b.io' }))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    })
    expect(await errorOf(await verify({ type: 'email', email: 'a@b.io' }))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Verify requires either a token or a token hash',
    })
    expect(
      await errorOf(await verify({ type: 'email', token: '1', token_hash: 'abc' })),
    ).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(
      await errorOf(await verify({ type: 'email', token_hash: 'abc', email: 'a@b.io' })),
    ).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Only the token_hash and type should be provided',
    })
    expect(await errorOf(await verify({ type: 'email', token: '123456' }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
    })
    expect(await errorOf(await verify({ type: 'email', token: '123456', email: 'nope' }))).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid email format',
    })
    expect(
      await errorOf(await verify({ type: 'sms', token: '123456', phone: '+15550100' })),
    ).toMatchObject({ status: 403, code: 'otp_expired' })
    expect(await errorOf(await verify({ type: 'telegram', token_hash: 'abc' }))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid email verification type',
    })

    const noType = await fetch(`${testApp.baseUrl}/auth/v1/verify?token=abc`, {
      redirect: 'manual',
    })
    expect(noType.status).toBe(400)
    expect(await noType.json()).toMatchObject({ error_code: 'validation_failed' })
    const noToken = await fetch(`${testApp.baseUrl}/auth/v1/verify?type=signup`, {
      redirect: 'manual',
    })
    expect(noToken.status).toBe(400)

    const unknownType = await openLink(`${testApp.baseUrl}/auth/v1/verify?token=abc&type=telegram`)
    expect(unknownType.status).toBe(303)
    expect(unknownType.fragment.get('error')).toBe('invalid_request')
    expect(unknownType.fragment.get('error_code')).toBe('validation_failed')
  })

  it('refuses a banned user’s link', async () => {
    await client().auth.signUp({ email: 'sophie@example.com', password: PASSWORD })
    const { code } = await lastEmail(testApp, 'sophie@example.com')
    await testApp.database.pool.query(
      `update auth.users set banned_until = now() + interval '1 day' where email = $1`,
      ['sophie@example.com'],
    )
    const { error } = await client().auth.verifyOtp({
      email: 'sophie@example.com',
      token: code,
      type: 'email',
    })
    expect(error).toMatchObject({ status: 403, code: 'user_banned' })
  })

  // Last: the clock stays a day ahead for this app.
  it('expires codes and links after 24 hours', async () => {
    await client().auth.signUp({ email: 'lise@example.com', password: PASSWORD })
    const { code, link } = await lastEmail(testApp, 'lise@example.com')
    testApp.advanceClock(DAY_MS + 1000)

    const byCode = await client().auth.verifyOtp({
      email: 'lise@example.com',
      token: code,
      type: 'email',
    })
    expect(byCode.error).toMatchObject({ status: 403, code: 'otp_expired' })
    const byLink = await openLink(link)
    expect(byLink.fragment.get('error_code')).toBe('otp_expired')
  })
})

describe('email codes and links (automatic confirmation, the local default)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('signs up an unknown address by OTP at once and sends it a magic link', async () => {
    const { error } = await testApp.client().auth.signInWithOtp({ email: 'tess@example.com' })
    expect(error).toBeNull()
    const email = await lastEmail(testApp, 'tess@example.com')
    expect(email.template).toBe('magic_link')

    const { data } = await testApp.client().auth.verifyOtp({
      email: 'tess@example.com',
      token: email.code,
      type: 'magiclink',
    })
    expect(data.user).toMatchObject({ email: 'tess@example.com', is_anonymous: false })
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it('sends one email a minute to an address, whichever request asks', async () => {
    await testApp.client().auth.signInWithOtp({ email: 'ursula@example.com' })
    for (const request of [
      () => testApp.client().auth.signInWithOtp({ email: 'ursula@example.com' }),
      () => testApp.client().auth.resetPasswordForEmail('ursula@example.com'),
    ]) {
      const { error } = await request()
      expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
      expect(error?.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      )
    }
    expect(await testApp.emailsTo('ursula@example.com')).toHaveLength(1)

    testApp.advanceClock(61_000)
    const { error } = await testApp.client().auth.resetPasswordForEmail('ursula@example.com')
    expect(error).toBeNull()
    expect((await lastEmail(testApp, 'ursula@example.com')).template).toBe('recovery')
  })
})
