import { type AuthChangeEvent, createClient, type Session } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * The PKCE flow of emailed links through supabase-js (`flowType: 'pkce'`): the link answers
 * `?code=`, which only the client holding the code verifier can exchange, once, within five
 * minutes, for a session whose amr is the link's method.
 */
const PASSWORD = 'correct-horse-battery'
const REDIRECT = 'https://app.example.com/auth/callback'

function amrMethodsOf(session: Session | null | undefined): string[] {
  const payload = session?.access_token.split('.')[1] ?? ''
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    amr: { method: string }[]
  }
  return claims.amr.map((entry) => entry.method)
}

describe('PKCE for emailed links (/verify → /token?grant_type=pkce)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { AUTH_EMAIL_AUTOCONFIRM: 'false' },
      settings: (settings) => ({ ...settings, redirectAllowList: ['https://app.example.com/**'] }),
    })
  })

  afterAll(async () => {
    await testApp.close()
  })

  /**
   * A PKCE client whose storage the test can read: auth-js keeps the code verifier there
   * between starting a flow and exchanging its code.
   */
  function pkceClient() {
    const storage = new Map<string, string>()
    const supabase = createClient(testApp.baseUrl, testApp.anonKey, {
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => {
            storage.set(key, value)
          },
          removeItem: (key) => {
            storage.delete(key)
          },
        },
      },
    })
    const verifier = () =>
      [...storage.entries()].find(([key]) => key.endsWith('-code-verifier'))?.[1] ?? ''
    return { supabase, verifier }
  }

  async function linkTo(address: string) {
    const [email] = await testApp.emailsTo(address)
    return email?.template_data.link ?? ''
  }

  /** Opens the emailed link; the auth code of its 303 answer. */
  async function codeFrom(link: string) {
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.hash).toBe('')
    return location.searchParams.get('code') ?? ''
  }

  function exchange(body: Record<string, unknown>) {
    return fetch(`${testApp.baseUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: testApp.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    })
  }

  async function confirmedUser(address: string) {
    const { data } = await testApp.adminClient().auth.admin.createUser({
      email: address,
      password: PASSWORD,
      email_confirm: true,
    })
    return data.user
  }

  it('confirms a sign-up: the link gives a code, exchanged once for an email/signup session', async () => {
    const { supabase, verifier } = pkceClient()
    const { data, error } = await supabase.auth.signUp({
      email: 'amelia@example.com',
      password: PASSWORD,
      options: { emailRedirectTo: REDIRECT },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    const link = await linkTo('amelia@example.com')
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/)

    const code = await codeFrom(link)
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const storedVerifier = verifier()
    const exchanged = await supabase.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.id).toBe(data.user?.id)
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy()
    expect(amrMethodsOf(exchanged.data.session)).toEqual(['email/signup'])

    const replayed = await exchange({ auth_code: code, code_verifier: storedVerifier })
    expect(replayed.status).toBe(404)
    expect(await replayed.json()).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    })
  })

  it('signs in by magic link with a magiclink session, refusing a wrong verifier', async () => {
    await confirmedUser('barbara@example.com')
    const { supabase, verifier } = pkceClient()
    const sent = await supabase.auth.signInWithOtp({
      email: 'barbara@example.com',
      options: { emailRedirectTo: REDIRECT },
    })
    expect(sent.error).toBeNull()
    const code = await codeFrom(await linkTo('barbara@example.com'))

    const wrong = await exchange({ auth_code: code, code_verifier: `${verifier()}x` })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' })

    const { data, error } = await supabase.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(amrMethodsOf(data.session)).toEqual(['magiclink'])
  })

  it('recovers a password: the exchange emits PASSWORD_RECOVERY with a recovery session', async () => {
    await confirmedUser('clara@example.com')
    const { supabase } = pkceClient()
    const events: AuthChangeEvent[] = []
    supabase.auth.onAuthStateChange((event) => {
      events.push(event)
    })
    const { error } = await supabase.auth.resetPasswordForEmail('clara@example.com', {
      redirectTo: REDIRECT,
    })
    expect(error).toBeNull()
    const code = await codeFrom(await linkTo('clara@example.com'))

    const { data } = await supabase.auth.exchangeCodeForSession(code)
    expect(data).toMatchObject({ redirectType: 'recovery' })
    expect(amrMethodsOf(data.session)).toEqual(['recovery'])
    expect(events).toContain('PASSWORD_RECOVERY')
  })

  it('expires an auth code five minutes after the link handed it out', async () => {
    await confirmedUser('dorothy@example.com')
    const { supabase, verifier } = pkceClient()
    await supabase.auth.signInWithOtp({
      email: 'dorothy@example.com',
      options: { emailRedirectTo: REDIRECT },
    })
    const code = await codeFrom(await linkTo('dorothy@example.com'))
    testApp.advanceClock(5 * 60 * 1000 + 1000)

    const expired = await exchange({ auth_code: code, code_verifier: verifier() })
    expect(expired.status).toBe(422)
    expect(await expired.json()).toEqual({
      code: 'flow_state_expired',
      message: 'invalid flow state, flow state has expired',
    })
    const again = await exchange({ auth_code: code, code_verifier: verifier() })
    expect(again.status).toBe(404)
  })

  it('refuses an exchange without both the code and the verifier', async () => {
    for (const body of [{ auth_code: 'abc' }, { code_verifier: 'abc' }, {}]) {
      const response = await exchange(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        code: 'validation_failed',
        message: 'invalid request: both auth code and code verifier should be non-empty',
      })
    }
  })

  it('reports a spent PKCE link in the query as well as the fragment', async () => {
    await confirmedUser('edith@example.com')
    const { supabase } = pkceClient()
    await supabase.auth.signInWithOtp({
      email: 'edith@example.com',
      options: { emailRedirectTo: REDIRECT },
    })
    const link = await linkTo('edith@example.com')
    await codeFrom(link)

    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location') ?? '')
    const fragment = new URLSearchParams(location.hash.slice(1))
    for (const params of [location.searchParams, fragment]) {
      expect(params.get('error')).toBe('access_denied')
      expect(params.get('error_code')).toBe('otp_expired')
    }
  })

  it('signs in with the 6-digit code of a PKCE email as well', async () => {
    await confirmedUser('frances@example.com')
    const { supabase } = pkceClient()
    await supabase.auth.signInWithOtp({ email: 'frances@example.com' })
    const [email] = await testApp.emailsTo('frances@example.com')
    const { data, error } = await supabase.auth.verifyOtp({
      email: 'frances@example.com',
      token: email?.template_data.code ?? '',
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
  })
})
