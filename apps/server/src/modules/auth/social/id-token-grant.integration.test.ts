import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  APPLE_CLIENT_ID,
  type SocialTestApp,
  startSocialTestApp,
} from '../../../../../../test/social-test-app.ts'

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
}

function sha256Hex(text: string) {
  return createHash('sha256').update(text).digest('hex')
}

describe('the id_token grant (signInWithIdToken) with Google and Apple', () => {
  let social: SocialTestApp

  beforeAll(async () => {
    social = await startSocialTestApp()
  })

  afterAll(async () => {
    await social.close()
  })

  const client = () => social.testApp.client()
  const googleToken = (claims: Record<string, unknown>) => social.google.signIdToken(claims)

  async function signInWithGoogle(supabase: SupabaseClient, claims: Record<string, unknown>) {
    return supabase.auth.signInWithIdToken({ provider: 'google', token: await googleToken(claims) })
  }

  it('creates the user, their Google identity and their profile on first sight', async () => {
    const account = social.newGoogleAccount()
    const { data, error } = await signInWithGoogle(client(), account)
    expect(error).toBeNull()
    const user = data.user
    expect(user).toMatchObject({
      email: account.email,
      is_anonymous: false,
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: {
        iss: 'https://accounts.google.com',
        sub: account.sub,
        name: 'Grace Hopper',
        full_name: 'Grace Hopper',
        picture: 'https://lh3.example/photo.jpg',
        avatar_url: 'https://lh3.example/photo.jpg',
        email: account.email,
        email_verified: true,
        provider_id: account.sub,
      },
    })
    expect(user?.email_confirmed_at).toBeTruthy()
    expect(user?.identities).toHaveLength(1)
    expect(user?.identities?.[0]).toMatchObject({
      id: account.sub,
      provider: 'google',
      user_id: user?.id,
      email: account.email,
      identity_data: { sub: account.sub, email: account.email, full_name: 'Grace Hopper' },
    })
    expect(payloadOf(data.session?.access_token ?? '')).toMatchObject({
      sub: user?.id,
      email: account.email,
      amr: [{ method: 'oauth' }],
      app_metadata: { provider: 'google' },
    })

    const rows = await social.testApp.database.pool.query(
      `select p.first_name, p.last_name, p.email,
         (select count(*)::int from public.wizard w where w.user_id = p.user_id) as wizard
       from public.profiles p where p.user_id = $1`,
      [user?.id],
    )
    expect(rows.rows).toEqual([
      { first_name: 'Grace', last_name: 'Hopper', email: account.email, wizard: 1 },
    ])
  })

  it('signs the same user in again and keeps the latest claims', async () => {
    const account = social.newGoogleAccount()
    const first = await signInWithGoogle(client(), account)
    const second = await signInWithGoogle(client(), { ...account, name: 'Grace B. Hopper' })
    expect(second.error).toBeNull()
    expect(second.data.user?.id).toBe(first.data.user?.id)
    expect(second.data.user?.identities).toHaveLength(1)
    expect(second.data.user?.identities?.[0]?.identity_data).toMatchObject({
      name: 'Grace B. Hopper',
    })
    expect(second.data.user?.user_metadata).toMatchObject({ full_name: 'Grace B. Hopper' })
    const users = await social.testApp.database.pool.query(
      'select count(*)::int as count from auth.users where email = $1',
      [account.email],
    )
    expect(users.rows[0]).toEqual({ count: 1 })
  })

  it('refuses tokens that are not for us, not from Google, expired or forged', async () => {
    const account = social.newGoogleAccount()
    const now = Math.floor(Date.now() / 1000)
    const forger = await social.google.unpublishedKey()
    const cases: [string, Promise<string>, string][] = [
      [
        'another audience',
        googleToken({ ...account, aud: 'someone-else.apps.googleusercontent.com' }),
        'Unacceptable audience in id_token: [someone-else.apps.googleusercontent.com]',
      ],
      ['another issuer', googleToken({ ...account, iss: 'https://evil.example' }), 'Bad ID token'],
      ['expired', social.google.signIdToken(account, { expiresAt: now - 60 }), 'Bad ID token'],
      ['an unknown kid', social.google.signIdToken(account, { key: forger }), 'Bad ID token'],
      ['no subject', googleToken({ ...account, sub: '' }), 'Missing sub claim in id_token'],
    ]
    for (const [label, token, message] of cases) {
      const { data, error } = await client().auth.signInWithIdToken({
        provider: 'google',
        token: await token,
      })
      expect({ label, status: error?.status, message: error?.message }).toEqual({
        label,
        status: 400,
        message,
      })
      expect(data.session).toBeNull()
    }

    // The current kid, but the signature of another key.
    const genuine = await googleToken(account)
    const [header, payload] = genuine.split('.')
    const other = await social.google.signIdToken(account, { key: forger })
    const forged = `${header}.${payload}.${other.split('.')[2]}`
    const { error } = await client().auth.signInWithIdToken({ provider: 'google', token: forged })
    expect(error).toMatchObject({ status: 400, message: 'Bad ID token' })

    const created = await social.testApp.database.pool.query(
      'select count(*)::int as count from auth.users where email = $1',
      [account.email],
    )
    expect(created.rows[0]).toEqual({ count: 0 })
  })

  it('checks the nonce: its SHA-256 must match, and neither side may have one alone', async () => {
    const account = social.newGoogleAccount()
    const withNonce = await googleToken({ ...account, nonce: sha256Hex('raw-nonce') })
    const withoutNonce = await googleToken(account)
    const refused: [string, string | undefined, string][] = [
      [withNonce, 'another-nonce', 'Nonces mismatch'],
      [withNonce, undefined, 'Passed nonce and nonce in id_token should either both exist or not.'],
      [
        withoutNonce,
        'raw-nonce',
        'Passed nonce and nonce in id_token should either both exist or not.',
      ],
    ]
    for (const [token, nonce, message] of refused) {
      const { error } = await client().auth.signInWithIdToken({ provider: 'google', token, nonce })
      expect(error).toMatchObject({ status: 400, message })
    }
    const { data, error } = await client().auth.signInWithIdToken({
      provider: 'google',
      token: withNonce,
      nonce: 'raw-nonce',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(account.email)
  })

  it("answers GoTrue's OAuth-style errors for a missing token or provider", async () => {
    const post = (body: unknown) =>
      fetch(`${social.testApp.baseUrl}/auth/v1/token?grant_type=id_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      })
    const missingToken = await post({ provider: 'google' })
    expect(missingToken.status).toBe(400)
    expect(await missingToken.json()).toEqual({
      error: 'invalid request',
      error_description: 'id_token required',
    })
    const missingProvider = await post({ id_token: 'x' })
    expect(await missingProvider.json()).toEqual({
      error: 'invalid request',
      error_description: 'provider or client_id and issuer required',
    })
    const github = await post({ id_token: 'x', provider: 'github' })
    expect(github.status).toBe(400)
    expect(await github.json()).toEqual({
      code: 'validation_failed',
      message: 'Custom OIDC provider "github" not allowed',
    })
  })

  it('accepts the deprecated client_id + issuer form', async () => {
    const account = social.newGoogleAccount()
    const response = await fetch(`${social.testApp.baseUrl}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id_token: await googleToken(account),
        client_id: 'ignored',
        issuer: 'https://accounts.google.com',
      }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(account.email)
  })

  it('fetches the keys again when a token names a new kid (key rotation)', async () => {
    const account = social.newGoogleAccount()
    expect((await signInWithGoogle(client(), account)).error).toBeNull()
    const fetchesBefore = social.google.jwksRequests()
    await social.google.rotateKey()
    // jose refetches for an unknown kid once 30 s have passed since its last fetch.
    vi.setSystemTime(Date.now() + 31_000)
    try {
      const { data, error } = await signInWithGoogle(client(), account)
      expect(error).toBeNull()
      expect(data.user?.email).toBe(account.email)
    } finally {
      vi.useRealTimers()
    }
    expect(social.google.jwksRequests()).toBe(fetchesBefore + 1)
  })

  it('signs in with Apple, whose email_verified may be the string "true"', async () => {
    const sub = `001234.${social.newGoogleAccount().sub}.0123`
    const email = `${sub.slice(7, 15)}@privaterelay.appleid.example`
    const token = await social.apple.signIdToken({
      sub,
      aud: APPLE_CLIENT_ID,
      email,
      email_verified: 'true',
      is_private_email: 'true',
    })
    const { data, error } = await client().auth.signInWithIdToken({ provider: 'apple', token })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: 'apple', providers: ['apple'] },
      user_metadata: { sub, email, email_verified: true, provider_id: sub },
    })
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      custom_claims: { is_private_email: 'true' },
    })
    // A Google token is no Apple token.
    const google = await client().auth.signInWithIdToken({
      provider: 'apple',
      token: await googleToken(social.newGoogleAccount()),
    })
    expect(google.error).toMatchObject({ status: 400, message: 'Bad ID token' })
  })

  it('links Google to the account that already has its verified email', async () => {
    const account = social.newGoogleAccount()
    const signedUp = await client().auth.signUp({
      email: account.email,
      password: 'correct-horse-battery',
    })
    expect(signedUp.error).toBeNull()
    const { data, error } = await signInWithGoogle(client(), account)
    expect(error).toBeNull()
    expect(data.user?.id).toBe(signedUp.data.user?.id)
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'google'])
    expect(data.user?.app_metadata).toMatchObject({
      provider: 'email',
      providers: ['email', 'google'],
    })
    // The password still works: the account was confirmed, so nothing was taken from it.
    const password = await client().auth.signInWithPassword({
      email: account.email,
      password: 'correct-horse-battery',
    })
    expect(password.data.user?.id).toBe(signedUp.data.user?.id)
  })

  it('refuses a banned user with 403 user_banned', async () => {
    const account = social.newGoogleAccount()
    const first = await signInWithGoogle(client(), account)
    await social.testApp.database.pool.query(
      "update auth.users set banned_until = now() + interval '1 day' where id = $1",
      [first.data.user?.id],
    )
    const { error } = await signInWithGoogle(client(), account)
    expect(error).toMatchObject({ status: 403, code: 'user_banned', message: 'User is banned' })
  })

  it('links an identity to the signed-in user with link_identity', async () => {
    const supabase = client()
    const signedUp = await supabase.auth.signUp({
      email: `linker-${Date.now()}@example.com`,
      password: 'correct-horse-battery',
    })
    expect(signedUp.error).toBeNull()
    const account = social.newGoogleAccount()
    const { data, error } = await supabase.auth.linkIdentity({
      provider: 'google',
      token: await googleToken(account),
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(signedUp.data.user?.id)
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'google'])
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google'])
    // The user keeps their own address; the Google one only describes the identity.
    expect(data.user?.email).toBe(signedUp.data.user?.email)
    expect(payloadOf(data.session?.access_token ?? '').amr).toEqual([
      expect.objectContaining({ method: 'oauth' }),
    ])

    const again = await supabase.auth.linkIdentity({
      provider: 'google',
      token: await googleToken(account),
    })
    expect(again.error).toMatchObject({
      status: 422,
      code: 'identity_already_exists',
      message: 'Identity is already linked',
    })

    const someoneElse = client()
    await someoneElse.auth.signInAnonymously()
    const taken = await someoneElse.auth.linkIdentity({
      provider: 'google',
      token: await googleToken(account),
    })
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'identity_already_exists',
      message: 'Identity is already linked to another user',
    })
  })

  it('makes a guest permanent when they link an identity with a verified email', async () => {
    const supabase = client()
    const guest = await supabase.auth.signInAnonymously()
    expect(guest.data.user?.is_anonymous).toBe(true)
    const account = social.newGoogleAccount()
    const { data, error } = await supabase.auth.linkIdentity({
      provider: 'google',
      token: await googleToken(account),
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: guest.data.user?.id,
      email: account.email,
      is_anonymous: false,
      app_metadata: { provider: 'google', providers: ['google'] },
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(payloadOf(data.session?.access_token ?? '')).toMatchObject({ is_anonymous: false })

    // A guest linking an unverified address stays a guest.
    const other = client()
    await other.auth.signInAnonymously()
    const unverified = await other.auth.linkIdentity({
      provider: 'google',
      token: await googleToken(social.newGoogleAccount({ email_verified: false })),
    })
    expect(unverified.error).toMatchObject({ status: 422, code: 'email_not_confirmed' })
    const { data: still } = await other.auth.getUser()
    expect(still.user).toMatchObject({ is_anonymous: true, identities: [] })
  })

  it('requires a user access token to link', async () => {
    const { error } = await client().auth.signInWithIdToken({
      provider: 'google',
      token: await googleToken(social.newGoogleAccount()),
    })
    expect(error).toBeNull()
    const response = await fetch(`${social.testApp.baseUrl}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        authorization: `Bearer ${social.testApp.anonKey}`,
      },
      body: JSON.stringify({
        provider: 'google',
        id_token: await googleToken(social.newGoogleAccount()),
        link_identity: true,
      }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' })
  })
})

describe('the id_token grant when a provider is off and emails need confirming', () => {
  let social: SocialTestApp

  beforeAll(async () => {
    social = await startSocialTestApp({ apple: false, env: { AUTH_EMAIL_AUTOCONFIRM: 'false' } })
  })

  afterAll(async () => {
    await social.close()
  })

  it('answers 400 provider_disabled for a provider that is not configured', async () => {
    const token = await social.apple.signIdToken({ sub: '001.abc.002', aud: APPLE_CLIENT_ID })
    const { error } = await social.testApp.client().auth.signInWithIdToken({
      provider: 'apple',
      token,
    })
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://appleid.apple.com") is not enabled',
    })
  })

  it('creates no account for an email Google has not verified', async () => {
    const account = social.newGoogleAccount({ email_verified: false })
    const { error } = await social.testApp.client().auth.signInWithIdToken({
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(error).toMatchObject({
      status: 422,
      code: 'provider_email_needs_verification',
      message: 'Unverified email with google. Verify the email with google in order to sign in',
    })
    const users = await social.testApp.database.pool.query(
      'select count(*)::int as count from auth.users where email = $1',
      [account.email],
    )
    expect(users.rows[0]).toEqual({ count: 0 })
  })

  it('takes over an unconfirmed sign-up only by proving the address: its password goes', async () => {
    const account = social.newGoogleAccount()
    const squatter = await social.testApp.client().auth.signUp({
      email: account.email,
      password: 'squatters-password',
    })
    expect(squatter.data.session).toBeNull()
    const { data, error } = await social.testApp.client().auth.signInWithIdToken({
      provider: 'google',
      token: await social.google.signIdToken(account),
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(squatter.data.user?.id)
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['google'])
    expect(data.user?.app_metadata.providers).toEqual(['google'])
    const password = await social.testApp.client().auth.signInWithPassword({
      email: account.email,
      password: 'squatters-password',
    })
    expect(password.error).toMatchObject({ code: 'invalid_credentials' })
  })
})
