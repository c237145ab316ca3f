import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  GOOGLE_CLIENT_ID,
  type SocialTestApp,
  startSocialTestApp,
} from '../../../../../../test/social-test-app.ts'

/**
 * Follows redirects one at a time, as a browser would, through our Auth service and the fake
 * Google, and stops at the first URL outside them: where the app would be loaded.
 */
async function browse(start: string, through: string[]): Promise<{ url: URL; hops: URL[] }> {
  const hops: URL[] = []
  let url = new URL(start)
  while (through.some((prefix) => url.href.startsWith(prefix))) {
    expect(hops.length).toBeLessThan(5)
    const response = await fetch(url, { redirect: 'manual' })
    expect([302, 303]).toContain(response.status)
    hops.push(url)
    url = new URL(response.headers.get('location') ?? '', url)
  }
  return { url, hops }
}

describe('OAuth redirect sign-in with Google (signInWithOAuth, linkIdentity)', () => {
  let social: SocialTestApp
  let appUrl: string
  let through: string[]

  beforeAll(async () => {
    social = await startSocialTestApp()
    appUrl = `${social.testApp.baseUrl}/welcome`
    through = [`${social.testApp.baseUrl}/auth/v1/`, new URL(social.google.authorizationUrl).origin]
  })

  afterAll(async () => {
    await social.close()
  })

  /** A PKCE client: it keeps its code verifier in its (in-memory) storage. */
  function pkceClient() {
    return createClient(social.testApp.baseUrl, social.testApp.anonKey, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false },
    })
  }

  it('signs in with PKCE: consent, callback, ?code=, exchangeCodeForSession', async () => {
    const account = social.newGoogleAccount()
    social.google.consentAs(account)
    const supabase = pkceClient()
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: appUrl,
        scopes: 'https://www.googleapis.com/auth/calendar.readonly',
        queryParams: { login_hint: account.email, prompt: 'consent' },
        skipBrowserRedirect: true,
      },
    })
    expect(data.url).toMatch(`${social.testApp.baseUrl}/auth/v1/authorize?provider=google`)

    const { url } = await browse(data.url ?? '', through)
    const consent = social.google.lastAuthorizationRequest()
    expect(Object.fromEntries(consent ?? [])).toMatchObject({
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: `${social.testApp.baseUrl}/auth/v1/callback`,
      response_type: 'code',
      scope: 'openid email profile https://www.googleapis.com/auth/calendar.readonly',
      login_hint: account.email,
      prompt: 'consent',
    })
    expect(consent?.get('state')).toMatch(/^[0-9a-f-]{36}$/)
    expect(consent?.has('code_challenge')).toBe(false)

    expect(url.origin + url.pathname).toBe(appUrl)
    const code = url.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const { data: exchanged, error } = await supabase.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(exchanged.user).toMatchObject({
      email: account.email,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: { full_name: 'Grace Hopper' },
    })
    expect(exchanged.session?.provider_token).toMatch(/^ya29\./)
    expect(exchanged.session?.provider_refresh_token).toMatch(/^1\/\//)

    // The code is single use.
    const again = await pkceClient().auth.exchangeCodeForSession(code)
    expect(again.error).not.toBeNull()
  })

  it('signs in with the implicit flow: the session in the fragment', async () => {
    const account = social.newGoogleAccount()
    social.google.consentAs(account)
    const supabase = social.testApp.client()
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: appUrl, skipBrowserRedirect: true },
    })
    const { url } = await browse(data.url ?? '', through)
    expect(url.search).toBe('')
    const fragment = new URLSearchParams(url.hash.slice(1))
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_refresh_token',
      'provider_token',
      'refresh_token',
      'sb',
      'token_type',
    ])
    const session = await supabase.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    })
    expect(session.error).toBeNull()
    expect(session.data.user?.email).toBe(account.email)

    // The state was used up: the same callback again is refused, back at the site URL.
    const { hops } = await browse(data.url ?? '', through)
    const callback = hops.find((hop) => hop.pathname === '/auth/v1/callback')
    const replay = await fetch(callback ?? '', { redirect: 'manual' })
    expect(replay.status).toBe(303)
    const refused = new URL(replay.headers.get('location') ?? '')
    expect(refused.origin).toBe(social.testApp.baseUrl)
    expect(Object.fromEntries(refused.searchParams)).toEqual({
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth callback with invalid state',
    })
  })

  it("passes the provider's error on when the person declines", async () => {
    social.google.consentAs('deny')
    const { data } = await pkceClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: appUrl, skipBrowserRedirect: true },
    })
    const { url } = await browse(data.url ?? '', through)
    expect(url.searchParams.get('error')).toBe('access_denied')
    expect(url.searchParams.get('error_description')).toBe('The user denied access')
    expect(new URLSearchParams(url.hash.slice(1)).get('error')).toBe('access_denied')
  })

  it('sends a callback without state, or with an unknown one, to the site URL', async () => {
    for (const [query, code] of [
      ['code=abc', 'bad_oauth_callback'],
      ['code=abc&state=not-a-uuid', 'bad_oauth_state'],
      [`code=abc&state=${crypto.randomUUID()}`, 'bad_oauth_state'],
    ] as const) {
      const response = await fetch(`${social.testApp.baseUrl}/auth/v1/callback?${query}`, {
        redirect: 'manual',
      })
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get('location') ?? '')
      expect(location.origin + location.pathname).toBe(`${social.testApp.baseUrl}/`)
      expect(location.searchParams.get('error_code')).toBe(code)
    }
  })

  it('keeps the browser on our site when redirect_to is not allowed', async () => {
    social.google.consentAs(social.newGoogleAccount())
    const { data } = await social.testApp.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'https://evil.example/steal', skipBrowserRedirect: true },
    })
    const { url } = await browse(data.url ?? '', through)
    expect(url.origin).toBe(social.testApp.baseUrl)
    expect(new URLSearchParams(url.hash.slice(1)).get('access_token')).toBeTruthy()
  })

  it('answers 400 for an unknown provider and for one without a redirect flow', async () => {
    for (const [provider, message] of [
      ['github', 'Unsupported provider: Provider github could not be found'],
      ['apple', 'Unsupported provider: provider is not enabled'],
    ]) {
      const response = await fetch(
        `${social.testApp.baseUrl}/auth/v1/authorize?provider=${provider}`,
        { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } },
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ code: 'validation_failed', message })
    }
  })

  it('links Google to the signed-in user through /user/identities/authorize', async () => {
    const supabase = pkceClient()
    const signedUp = await supabase.auth.signUp({
      email: `oauth-linker-${Date.now()}@example.com`,
      password: 'correct-horse-battery',
    })
    expect(signedUp.error).toBeNull()
    const account = social.newGoogleAccount()
    social.google.consentAs(account)
    const { data, error } = await supabase.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: appUrl, skipBrowserRedirect: true },
    })
    expect(error).toBeNull()
    expect(data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/)

    const { url } = await browse(data.url ?? '', through)
    const exchanged = await supabase.auth.exchangeCodeForSession(url.searchParams.get('code') ?? '')
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.id).toBe(signedUp.data.user?.id)
    expect(exchanged.data.user?.identities?.map((identity) => identity.provider)).toEqual([
      'email',
      'google',
    ])

    // Linking it a second time fails at the callback, which says so in the redirect.
    social.google.consentAs(account)
    const second = await supabase.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: appUrl, skipBrowserRedirect: true },
    })
    const { url: refused } = await browse(second.data.url ?? '', through)
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({
      error: 'server_error',
      error_code: 'identity_already_exists',
      error_description: 'Identity is already linked',
    })

    const anonymous = await fetch(
      `${social.testApp.baseUrl}/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true`,
      { headers: { 'x-supabase-api-version': '2024-01-01' } },
    )
    expect(anonymous.status).toBe(401)
  })
})
