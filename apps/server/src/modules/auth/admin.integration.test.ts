import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

describe('the admin API (/auth/v1/admin) through supabase-js', () => {
  let testApp: TestApp
  let baseUrl: string
  let database: TestApp['database']
  let client: TestApp['client']
  let admin: ReturnType<TestApp['adminClient']>['auth']['admin']

  beforeAll(async () => {
    testApp = await startTestApp()
    ;({ baseUrl, database, client } = testApp)
    admin = testApp.adminClient().auth.admin
  })

  afterAll(async () => {
    await testApp.close()
  })

  const PASSWORD = 'correct-horse-battery'

  /** A raw request with the 2024 error shape; the service-role key unless told otherwise. */
  function request(path: string, init: RequestInit & { bearer?: string | null } = {}) {
    const { bearer = testApp.serviceRoleKey, headers, ...rest } = init
    return fetch(`${baseUrl}/auth/v1${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
    })
  }

  async function createConfirmedUser(email: string, extra: Record<string, unknown> = {}) {
    const { data, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      ...extra,
    })
    expect(error).toBeNull()
    return data.user!
  }

  describe('who may call it', () => {
    it('answers 401 no_authorization without a bearer token', async () => {
      const response = await request('/admin/users', { bearer: null })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ code: 'no_authorization' })
    })

    it('answers 403 not_admin to the anon key and to a signed-in user', async () => {
      const withAnonKey = await client().auth.admin.listUsers()
      expect(withAnonKey.error).toMatchObject({
        status: 403,
        code: 'not_admin',
        message: 'User not allowed',
      })

      const { data } = await client().auth.signInAnonymously()
      const withUserToken = await request('/admin/users', {
        bearer: data.session?.access_token ?? '',
      })
      expect(withUserToken.status).toBe(403)
      expect(await withUserToken.json()).toMatchObject({ code: 'not_admin' })
    })

    it('answers 403 bad_jwt to a service-role token signed with another key', async () => {
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-also-32-characters-long'))
      const response = await request('/admin/users', { bearer: forged })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'bad_jwt' })
    })
  })

  describe('POST /admin/users', () => {
    it('creates a confirmed email user, with identity and profile, who signs in', async () => {
      const user = await createConfirmedUser('Admin.Made@Example.com', {
        user_metadata: { first_name: 'Ada' },
        app_metadata: { plan: 'pro' },
      })
      expect(user).toMatchObject({
        email: 'admin.made@example.com',
        is_anonymous: false,
        user_metadata: { first_name: 'Ada' },
        app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
        identities: [
          {
            provider: 'email',
            id: user.id,
            identity_data: { email: 'admin.made@example.com', email_verified: true },
          },
        ],
      })
      expect(user.email_confirmed_at).toBeTruthy()
      const profile = await database.pool.query(
        'select 1 from public.profiles where user_id = $1',
        [user.id],
      )
      expect(profile.rowCount).toBe(1)

      const { data, error } = await client().auth.signInWithPassword({
        email: 'admin.made@example.com',
        password: PASSWORD,
      })
      expect(error).toBeNull()
      expect(data.user?.id).toBe(user.id)
    })

    it('leaves the email unconfirmed without email_confirm, and no password without one', async () => {
      const unconfirmed = await admin.createUser({ email: 'later@example.com', password: PASSWORD })
      expect(unconfirmed.data.user?.email_confirmed_at).toBeUndefined()
      const signIn = await client().auth.signInWithPassword({
        email: 'later@example.com',
        password: PASSWORD,
      })
      expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

      const passwordless = await admin.createUser({
        email: 'linkonly@example.com',
        email_confirm: true,
      })
      expect(passwordless.error).toBeNull()
      const stored = await database.pool.query(
        'select encrypted_password from auth.users where id = $1',
        [passwordless.data.user?.id],
      )
      expect(stored.rows[0]).toEqual({ encrypted_password: null })
    })

    it('bans for ban_duration: the banned user cannot sign in', async () => {
      const user = await createConfirmedUser('banned@example.com', { ban_duration: '24h' })
      const bannedFor = new Date(user.banned_until ?? 0).getTime() - Date.now()
      expect(bannedFor).toBeGreaterThan(23.9 * 3600_000)
      expect(bannedFor).toBeLessThanOrEqual(24 * 3600_000)
      const signIn = await client().auth.signInWithPassword({
        email: 'banned@example.com',
        password: PASSWORD,
      })
      expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' })
    })

    it('refuses an address already registered, whatever its case: 422 email_exists', async () => {
      await createConfirmedUser('taken@example.com')
      const { error } = await admin.createUser({ email: 'TAKEN@example.com', password: PASSWORD })
      expect(error).toMatchObject({
        status: 422,
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      })
    })

    it('refuses a weak password, a malformed or missing email, a phone, a bad ban_duration', async () => {
      const weak = await admin.createUser({ email: 'weak@example.com', password: 'short' })
      expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] })

      const malformed = await admin.createUser({ email: 'not-an-email', password: PASSWORD })
      expect(malformed.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      })

      const missing = await admin.createUser({ password: PASSWORD })
      expect(missing.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Cannot create a user without either an email or phone',
      })

      const phone = await admin.createUser({ phone: '+15551234567', password: PASSWORD })
      expect(phone.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' })

      const ban = await admin.createUser({
        email: 'ban@example.com',
        password: PASSWORD,
        ban_duration: 'forever',
      })
      expect(ban.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'invalid format for ban duration: time: invalid duration "forever"',
      })

      const notJson = await request('/admin/users', { method: 'POST', body: '{"email":' })
      expect(notJson.status).toBe(400)
      expect(await notJson.json()).toMatchObject({ code: 'bad_json' })

      const created = await database.pool.query(
        `select email from auth.users where email in ('weak@example.com', 'ban@example.com')`,
      )
      expect(created.rows).toEqual([])
    })
  })

  describe('GET /admin/users/:id and GET /admin/users', () => {
    it('returns one user by id', async () => {
      const user = await createConfirmedUser('lookup@example.com')
      const { data, error } = await admin.getUserById(user.id)
      expect(error).toBeNull()
      expect(data.user).toMatchObject({ id: user.id, email: 'lookup@example.com' })
    })

    it('answers 404 user_not_found for an unknown id, 404 validation_failed for a non-uuid', async () => {
      const unknown = await admin.getUserById('00000000-0000-4000-8000-000000000000')
      expect(unknown.error).toMatchObject({
        status: 404,
        code: 'user_not_found',
        message: 'User not found',
      })
      const notUuid = await request('/admin/users/not-a-uuid')
      expect(notUuid.status).toBe(404)
      expect(await notUuid.json()).toEqual({
        code: 'validation_failed',
        message: 'user_id must be an UUID',
      })
    })

    it('lists users newest first, a page at a time, with the count and page links', async () => {
      for (const name of ['page-a', 'page-b', 'page-c']) {
        await createConfirmedUser(`${name}@example.com`)
      }
      const total = (
        await database.pool.query<{ count: number }>(
          'select count(*)::int as count from auth.users where deleted_at is null',
        )
      ).rows[0]?.count
      const lastPage = Math.ceil((total ?? 0) / 2)

      const { data, error } = await admin.listUsers({ page: 1, perPage: 2 })
      expect(error).toBeNull()
      expect(data).toMatchObject({ aud: 'authenticated', total, nextPage: 2, lastPage })
      expect(data.users.map((user) => user.email)).toEqual([
        'page-c@example.com',
        'page-b@example.com',
      ])
      expect(data.users[0]?.identities?.[0]?.provider).toBe('email')

      const raw = await request('/admin/users?per_page=2&page=2')
      expect(raw.headers.get('x-total-count')).toBe(String(total))
      expect(raw.headers.get('link')).toBe(
        `</auth/v1/admin/users?page=3&per_page=2>; rel="next", ` +
          `</auth/v1/admin/users?page=${lastPage}&per_page=2>; rel="last"`,
      )
      const pageTwo = (await raw.json()) as { users: { email: string }[] }
      expect(pageTwo.users[0]?.email).toBe('page-a@example.com')
    })

    it('refuses bad pagination parameters with 400 validation_failed', async () => {
      for (const query of ['page=0', 'page=abc', 'per_page=1001', 'per_page=-1']) {
        const response = await request(`/admin/users?${query}`)
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject({ code: 'validation_failed' })
      }
    })
  })

  describe('PUT /admin/users/:id', () => {
    it('changes the email, password and metadata, merging metadata key by key', async () => {
      const user = await createConfirmedUser('before@example.com', {
        user_metadata: { first_name: 'Ada', last_name: 'Byron' },
        app_metadata: { plan: 'free' },
      })
      const { data, error } = await admin.updateUserById(user.id, {
        email: 'After@Example.com',
        password: 'a-brand-new-password',
        user_metadata: { last_name: 'Lovelace', first_name: null },
        app_metadata: { plan: 'pro' },
      })
      expect(error).toBeNull()
      expect(data.user).toMatchObject({
        email: 'after@example.com',
        user_metadata: { last_name: 'Lovelace' },
        app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
        identities: [{ provider: 'email', identity_data: { email: 'after@example.com' } }],
      })
      expect(data.user?.user_metadata).not.toHaveProperty('first_name')

      const withOld = await client().auth.signInWithPassword({
        email: 'after@example.com',
        password: PASSWORD,
      })
      expect(withOld.error).toMatchObject({ code: 'invalid_credentials' })
      const withNew = await client().auth.signInWithPassword({
        email: 'after@example.com',
        password: 'a-brand-new-password',
      })
      expect(withNew.error).toBeNull()
    })

    it('confirms the email, and bans and unbans', async () => {
      const created = await admin.createUser({
        email: 'confirm-me@example.com',
        password: PASSWORD,
      })
      const id = created.data.user?.id ?? ''
      const confirmed = await admin.updateUserById(id, { email_confirm: true, ban_duration: '1h' })
      expect(confirmed.data.user?.email_confirmed_at).toBeTruthy()
      const credentials = { email: 'confirm-me@example.com', password: PASSWORD }
      const banned = await client().auth.signInWithPassword(credentials)
      expect(banned.error).toMatchObject({ code: 'user_banned' })

      const unbanned = await admin.updateUserById(id, { ban_duration: 'none' })
      expect(unbanned.data.user?.banned_until).toBeUndefined()
      expect((await client().auth.signInWithPassword(credentials)).error).toBeNull()
    })

    it('makes a guest permanent with a confirmed email', async () => {
      const { data: guest } = await client().auth.signInAnonymously()
      const id = guest.user?.id ?? ''
      const { data, error } = await admin.updateUserById(id, {
        email: 'former-guest@example.com',
        email_confirm: true,
        password: PASSWORD,
      })
      expect(error).toBeNull()
      expect(data.user).toMatchObject({
        id,
        is_anonymous: false,
        email: 'former-guest@example.com',
        app_metadata: { provider: 'email', providers: ['email'] },
        identities: [{ provider: 'email', identity_data: { email_verified: true } }],
      })
      const signIn = await client().auth.signInWithPassword({
        email: 'former-guest@example.com',
        password: PASSWORD,
      })
      expect(signIn.data.user?.id).toBe(id)
    })

    it('refuses another user’s email, a weak password, a phone, a bad ban, an unknown user', async () => {
      await createConfirmedUser('holder@example.com')
      const user = await createConfirmedUser('wants-it@example.com')
      const taken = await admin.updateUserById(user.id, { email: 'Holder@example.com' })
      expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })

      const weak = await admin.updateUserById(user.id, { password: 'short' })
      expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })

      const phone = await admin.updateUserById(user.id, { phone: '+15551234567' })
      expect(phone.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' })
      const ban = await admin.updateUserById(user.id, { ban_duration: '1 day' })
      expect(ban.error).toMatchObject({ status: 400, code: 'validation_failed' })

      const unknown = await admin.updateUserById('00000000-0000-4000-8000-000000000001', {
        user_metadata: { a: 1 },
      })
      expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' })

      const unchanged = await admin.getUserById(user.id)
      expect(unchanged.data.user?.email).toBe('wants-it@example.com')
    })
  })

  describe('DELETE /admin/users/:id', () => {
    it('deletes the user and everything of theirs; their token no longer finds them', async () => {
      const user = await createConfirmedUser('goodbye@example.com')
      const { data: session } = await client().auth.signInWithPassword({
        email: 'goodbye@example.com',
        password: PASSWORD,
      })

      const { error } = await admin.deleteUser(user.id)
      expect(error).toBeNull()
      const left = await database.pool.query<{ users: number; profiles: number; sessions: number }>(
        `select
           (select count(*)::int from auth.users where id = $1) as users,
           (select count(*)::int from public.profiles where user_id = $1) as profiles,
           (select count(*)::int from auth.sessions where user_id = $1) as sessions`,
        [user.id],
      )
      expect(left.rows[0]).toEqual({ users: 0, profiles: 0, sessions: 0 })

      const me = await request('/user', { bearer: session.session?.access_token ?? '' })
      expect(me.status).toBe(403)
      expect(await me.json()).toMatchObject({ code: 'user_not_found' })

      const again = await admin.deleteUser(user.id)
      expect(again.error).toMatchObject({ status: 404, code: 'user_not_found' })
      const notUuid = await request('/admin/users/123', { method: 'DELETE' })
      expect(notUuid.status).toBe(404)
      expect(await notUuid.json()).toMatchObject({ code: 'validation_failed' })
    })

    it('soft-deletes: an anonymised row stays, sessions end, the address is free again', async () => {
      const user = await createConfirmedUser('soft@example.com', {
        user_metadata: { first_name: 'Soft' },
      })
      const { data: session } = await client().auth.signInWithPassword({
        email: 'soft@example.com',
        password: PASSWORD,
      })

      const { error } = await admin.deleteUser(user.id, true)
      expect(error).toBeNull()
      const row = await database.pool.query<{ email: string }>(
        `select email, encrypted_password, raw_user_meta_data, deleted_at is not null as deleted,
           (select count(*)::int from auth.sessions where user_id = u.id) as sessions,
           (select count(*)::int from public.profiles where user_id = u.id) as profiles
         from auth.users u where id = $1`,
        [user.id],
      )
      expect(row.rows[0]).toMatchObject({
        encrypted_password: null,
        raw_user_meta_data: {},
        deleted: true,
        sessions: 0,
        profiles: 1,
      })
      expect(row.rows[0]?.email).toMatch(/^[\w-]{43}$/)
      const identities = await database.pool.query<{ provider_id: string; identity_data: object }>(
        'select provider_id, identity_data from auth.identities where user_id = $1',
        [user.id],
      )
      expect(identities.rows).toHaveLength(1)
      expect(identities.rows[0]?.provider_id).not.toContain(user.id)
      expect(identities.rows[0]?.identity_data).toEqual({})

      expect((await admin.getUserById(user.id)).error).toMatchObject({ code: 'user_not_found' })
      const refresh = await client().auth.refreshSession({
        refresh_token: session.session?.refresh_token ?? '',
      })
      expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' })

      const reused = await client().auth.signUp({ email: 'soft@example.com', password: PASSWORD })
      expect(reused.error).toBeNull()
      expect(reused.data.user?.id).not.toBe(user.id)
    })
  })
})
