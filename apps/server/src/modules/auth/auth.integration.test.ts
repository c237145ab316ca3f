import { hash as bcryptHash } from '@node-rs/bcrypt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

describe('the Auth service (/auth/v1) through supabase-js', () => {
  let testApp: TestApp
  let baseUrl: string
  let database: TestApp['database']
  let client: TestApp['client']

  beforeAll(async () => {
    testApp = await startTestApp()
    ;({ baseUrl, database, client } = testApp)
  })

  afterAll(async () => {
    await testApp.close()
  })

  function payloadOf(jwt: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >
  }

  async function signUp(email: string, password = 'correct-horse-battery') {
    const { data, error } = await client().auth.signUp({ email, password })
    expect(error).toBeNull()
    return data
  }

  it('signs a guest in anonymously and creates their profile and wizard rows', async () => {
    const supabase = client()
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: {} } })
    expect(error).toBeNull()
    const user = data.user
    expect(user?.is_anonymous).toBe(true)
    expect(data.session?.refresh_token).toMatch(/^[0-9A-Za-z]{32}$/)

    const claims = payloadOf(data.session?.access_token ?? '')
    expect(claims).toMatchObject({
      sub: user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      iss: `${baseUrl}/auth/v1`,
      email: '',
      phone: '',
      aal: 'aal1',
      is_anonymous: true,
      amr: [{ method: 'anonymous' }],
    })
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600)

    const rows = await database.pool.query<{ users: number; profiles: number; wizard: number }>(
      `select
         (select count(*)::int from auth.users where id = $1 and is_anonymous) as users,
         (select count(*)::int from public.profiles where user_id = $1) as profiles,
         (select count(*)::int from public.wizard where user_id = $1) as wizard`,
      [user?.id],
    )
    expect(rows.rows[0]).toEqual({ users: 1, profiles: 1, wizard: 1 })
  })

  it('signs up with email and password, then signs in with them', async () => {
    const signedUp = await signUp('Ada@Example.com')
    expect(signedUp.session?.access_token).toBeTruthy()
    expect(signedUp.user).toMatchObject({
      email: 'ada@example.com',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(signedUp.user?.email_confirmed_at).toBeTruthy()

    const { data, error } = await client().auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(signedUp.user?.id)
    expect(payloadOf(data.session?.access_token ?? '')).toMatchObject({
      email: 'ada@example.com',
      amr: [{ method: 'password' }],
    })
    expect(data.session?.user.last_sign_in_at).toBeTruthy()

    const again = await client().auth.signUp({
      email: 'ada@example.com',
      password: 'another-long-password',
    })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' })
  })

  it('refuses a wrong password and an unknown user with the same error', async () => {
    await signUp('grace@example.com')
    const wrong = await client().auth.signInWithPassword({
      email: 'grace@example.com',
      password: 'not-the-password',
    })
    const unknown = await client().auth.signInWithPassword({
      email: 'nobody@example.com',
      password: 'not-the-password',
    })
    for (const result of [wrong, unknown]) {
      expect(result.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
    }
  })

  it('signs in an account imported with a bcrypt hash and upgrades it to argon2id', async () => {
    const imported = await bcryptHash('imported-password', { cost: 10 })
    await database.pool.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
       values ('imported@example.com', $1, now(), '{"provider":"email","providers":["email"]}')`,
      [imported],
    )
    const { data, error } = await client().auth.signInWithPassword({
      email: 'imported@example.com',
      password: 'imported-password',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe('imported@example.com')
    const stored = await database.pool.query<{ encrypted_password: string }>(
      `select encrypted_password from auth.users where email = 'imported@example.com'`,
    )
    expect(stored.rows[0]?.encrypted_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const again = await client().auth.signInWithPassword({
      email: 'imported@example.com',
      password: 'imported-password',
    })
    expect(again.error).toBeNull()
  })

  it('refuses a weak password and a malformed email', async () => {
    const weak = await client().auth.signUp({ email: 'short@example.com', password: 'short' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })

    const badEmail = await client().auth.signUp({ email: 'not-an-email', password: 'long-enough' })
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('returns the signed-in user from GET /user', async () => {
    const supabase = client()
    const { data: signIn } = await supabase.auth.signUp({
      email: 'linus@example.com',
      password: 'correct-horse-battery',
      options: { data: { first_name: 'Linus' } },
    })
    const { data, error } = await supabase.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: signIn.user?.id,
      email: 'linus@example.com',
      user_metadata: { first_name: 'Linus' },
    })
  })

  it('rotates refresh tokens and tolerates reuse only within the interval', async () => {
    const supabase = client()
    const { data: signedIn } = await supabase.auth.signInAnonymously()
    const first = signedIn.session?.refresh_token ?? ''

    const { data: refreshed, error } = await supabase.auth.refreshSession()
    expect(error).toBeNull()
    const second = refreshed.session?.refresh_token ?? ''
    expect(second).not.toBe(first)
    expect(payloadOf(refreshed.session?.access_token ?? '').session_id).toBe(
      payloadOf(signedIn.session?.access_token ?? '').session_id,
    )

    // The parent of the current token: the current token again (the client lost the answer).
    const lost = await client().auth.refreshSession({ refresh_token: first })
    expect(lost.data.session?.refresh_token).toBe(second)

    const { data: third } = await supabase.auth.refreshSession()
    const newest = third.session?.refresh_token ?? ''

    // An older token within the reuse interval: a new child (another tab refreshed first).
    const concurrent = await client().auth.refreshSession({ refresh_token: first })
    expect(concurrent.error).toBeNull()
    expect(concurrent.data.session?.refresh_token).toMatch(/^[0-9A-Za-z]{32}$/)
    expect([first, second, newest]).not.toContain(concurrent.data.session?.refresh_token)

    // Outside the interval: taken as stolen, and the whole session goes.
    testApp.advanceClock(11_000)
    try {
      const stolen = await client().auth.refreshSession({ refresh_token: second })
      expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
      const afterwards = await client().auth.refreshSession({ refresh_token: newest })
      expect(afterwards.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    } finally {
      testApp.advanceClock(-11_000)
    }
  })

  it('ends the session on local logout, so its access token no longer finds it', async () => {
    const supabase = client()
    const { data } = await supabase.auth.signInAnonymously()
    const accessToken = data.session?.access_token ?? ''
    const { error } = await supabase.auth.signOut({ scope: 'local' })
    expect(error).toBeNull()

    const viaClient = await client().auth.getUser(accessToken)
    expect(viaClient.error?.name).toBe('AuthSessionMissingError')
    const raw = await fetch(`${baseUrl}/auth/v1/user`, {
      headers: { authorization: `Bearer ${accessToken}`, 'x-supabase-api-version': '2024-01-01' },
    })
    expect(raw.status).toBe(403)
    expect(await raw.json()).toMatchObject({ code: 'session_not_found' })
  })

  it('answers both GoTrue error shapes, chosen by the API-version header', async () => {
    const request = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-it-is' }),
      })

    const current = await request({ 'x-supabase-api-version': '2024-01-01' })
    expect(current.status).toBe(400)
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(current.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await current.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })

    const legacy = await request({})
    expect(legacy.status).toBe(400)
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull()
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('refuses bad requests with GoTrue codes', async () => {
    const post = (url: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/auth/v1${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          ...headers,
        },
        body,
      })
    const codeOf = async (response: Response) =>
      [response.status, ((await response.json()) as { code: string }).code] as const

    expect(await codeOf(await post('/signup', '{"email":'))).toEqual([400, 'bad_json'])
    const grant = await post('/token?grant_type=magic', '{}')
    expect(await grant.json()).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
    expect(
      await codeOf(await post('/token?grant_type=refresh_token', '{"refresh_token":"x"}')),
    ).toEqual([400, 'validation_failed'])
    expect(
      await codeOf(
        await post('/token?grant_type=refresh_token', '{"refresh_token":"unknownunknownunknown"}'),
      ),
    ).toEqual([400, 'refresh_token_not_found'])

    const noBearer = await fetch(`${baseUrl}/auth/v1/user`)
    expect(noBearer.status).toBe(401)
    expect(await noBearer.json()).toMatchObject({ error_code: 'no_authorization' })
    const badJwt = await fetch(`${baseUrl}/auth/v1/user`, {
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(badJwt.status).toBe(403)
    expect(await badJwt.json()).toMatchObject({ error_code: 'bad_jwt' })

    const { data } = await client().auth.signInAnonymously()
    const scope = await post('/logout?scope=everything', '', {
      authorization: `Bearer ${data.session?.access_token ?? ''}`,
    })
    expect(await codeOf(scope)).toEqual([400, 'validation_failed'])
  })

  it('logs out every session of the user with the global scope', async () => {
    await signUp('margaret@example.com')
    const first = client()
    const second = client()
    const credentials = { email: 'margaret@example.com', password: 'correct-horse-battery' }
    const { data: one } = await first.auth.signInWithPassword(credentials)
    const { data: two } = await second.auth.signInWithPassword(credentials)
    expect((await first.auth.signOut()).error).toBeNull()
    for (const token of [one.session?.access_token, two.session?.access_token]) {
      const { error } = await client().auth.getUser(token)
      expect(error?.name).toBe('AuthSessionMissingError')
    }
  })
})
