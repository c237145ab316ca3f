import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * PUT /user and GET /reauthenticate through supabase-js: metadata, password and email changes,
 * and a guest becoming a permanent user in place.
 */
const PASSWORD = 'correct-horse-battery'

async function lastEmail(testApp: TestApp, address: string) {
  const [email] = await testApp.emailsTo(address)
  return {
    template: email?.template ?? '',
    data: email?.template_data ?? {},
    code: email?.template_data.code ?? '',
    link: email?.template_data.link ?? '',
  }
}

/** Everything the new-user hook created for the user, to show that an upgrade keeps it. */
async function ownedRows(testApp: TestApp, userId: string | undefined) {
  const result = await testApp.database.pool.query(
    `select
       (select count(*)::int from public.profiles where user_id = $1) as profiles,
       (select count(*)::int from public.wizard where user_id = $1) as wizard,
       (select balance from public.credit_balances where user_id = $1) as balance,
       (select array_agg(id order by id) from public.credit_ledger where user_id = $1) as ledger,
       (select email from public.profiles where user_id = $1) as profile_email,
       (select first_name from public.profiles where user_id = $1) as first_name`,
    [userId],
  )
  return result.rows[0] as Record<string, unknown>
}

describe('PUT /user and GET /reauthenticate (automatic confirmation)', () => {
  let testApp: TestApp
  let client: TestApp['client']

  beforeAll(async () => {
    testApp = await startTestApp()
    ;({ client } = testApp)
  })

  afterAll(async () => {
    await testApp.close()
  })

  const waitOutEmailLimit = () => testApp.advanceClock(61_000)

  async function signedUp(email: string, data: Record<string, unknown> = {}) {
    const supabase = client()
    const { error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { data } })
    expect(error).toBeNull()
    return supabase
  }

  it('merges metadata key by key, a null removing its key', async () => {
    const supabase = await signedUp('ada@example.com', { first_name: 'Ada', theme: 'dark' })
    const { data, error } = await supabase.auth.updateUser({
      data: { last_name: 'Lovelace', theme: null },
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toEqual({ first_name: 'Ada', last_name: 'Lovelace' })
  })

  it('changes the password, refusing the same one and a weak one, and ends other sessions', async () => {
    const supabase = await signedUp('barbara@example.com')
    const other = client()
    await other.auth.signInWithPassword({ email: 'barbara@example.com', password: PASSWORD })

    const same = await supabase.auth.updateUser({ password: PASSWORD })
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    })
    const weak = await supabase.auth.updateUser({ password: 'short' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })

    const changed = await supabase.auth.updateUser({ password: 'a-new-long-password' })
    expect(changed.error).toBeNull()
    expect((await supabase.auth.getUser()).error).toBeNull()
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError')

    const old = await client().auth.signInWithPassword({
      email: 'barbara@example.com',
      password: PASSWORD,
    })
    expect(old.error).toMatchObject({ code: 'invalid_credentials' })
    const fresh = await client().auth.signInWithPassword({
      email: 'barbara@example.com',
      password: 'a-new-long-password',
    })
    expect(fresh.error).toBeNull()
  })

  it('changes the email once the new address confirms it', async () => {
    const supabase = await signedUp('carol@example.com')
    const { data, error } = await supabase.auth.updateUser({ email: 'Carol.New@Example.com' })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'carol@example.com',
      new_email: 'carol.new@example.com',
    })
    expect(data.user?.email_change_sent_at).toBeTruthy()
    expect(await testApp.emailsTo('carol@example.com')).toHaveLength(0)
    const first = await lastEmail(testApp, 'carol.new@example.com')
    expect(first.template).toBe('email_change')
    expect(first.data.newEmail).toBe('carol.new@example.com')

    waitOutEmailLimit()
    const resent = await client().auth.resend({ type: 'email_change', email: 'carol@example.com' })
    expect(resent.error).toBeNull()
    expect(await testApp.emailsTo('carol.new@example.com')).toHaveLength(2)
    const { code } = await lastEmail(testApp, 'carol.new@example.com')

    const stale = await client().auth.verifyOtp({
      email: 'carol.new@example.com',
      token: first.code,
      type: 'email_change',
    })
    if (first.code !== code) {
      expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired' })
    }
    const verified = await client().auth.verifyOtp({
      email: 'carol.new@example.com',
      token: code,
      type: 'email_change',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user).toMatchObject({ email: 'carol.new@example.com' })
    expect(verified.data.user?.new_email).toBeUndefined()
    expect(verified.data.user?.identities?.[0]?.identity_data).toMatchObject({
      email: 'carol.new@example.com',
      email_verified: true,
    })

    const byOld = await client().auth.signInWithPassword({
      email: 'carol@example.com',
      password: PASSWORD,
    })
    expect(byOld.error).toMatchObject({ code: 'invalid_credentials' })
    const byNew = await client().auth.signInWithPassword({
      email: 'carol.new@example.com',
      password: PASSWORD,
    })
    expect(byNew.error).toBeNull()
    expect((await ownedRows(testApp, byNew.data.user?.id)).profile_email).toBe(
      'carol.new@example.com',
    )
  })

  it('refuses an address another account holds, app_metadata, a phone, and MFA users at aal1', async () => {
    await signedUp('dora@example.com')
    const supabase = await signedUp('edna@example.com')
    const taken = await supabase.auth.updateUser({ email: 'dora@example.com' })
    expect(taken.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    })

    const { data: session } = await supabase.auth.getSession()
    const put = (body: unknown) =>
      fetch(`${testApp.baseUrl}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: testApp.anonKey,
          authorization: `Bearer ${session.session?.access_token ?? ''}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify(body),
      })
    const admin = await put({ app_metadata: { role: 'admin' } })
    expect(admin.status).toBe(403)
    expect(await admin.json()).toMatchObject({ code: 'not_admin' })
    const phone = await put({ phone: '+15550100' })
    expect(phone.status).toBe(400)
    expect(await phone.json()).toMatchObject({ code: 'phone_provider_disabled' })

    const userId = (await supabase.auth.getUser()).data.user?.id
    await testApp.database.pool.query(
      `insert into auth.mfa_factors (user_id, factor_type, status, secret)
       values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [userId],
    )
    const aal1 = await supabase.auth.updateUser({ password: 'another-long-password' })
    expect(aal1.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
    // Stricter than GoTrue: an aal1 session of an MFA user changes none of the user's data.
    const metadataOnly = await supabase.auth.updateUser({ data: { first_name: 'Edna' } })
    expect(metadataOnly.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
  })

  it('upgrades a guest in place at once: same id, same rows, email identity and password', async () => {
    const supabase = client()
    const { data: guest } = await supabase.auth.signInAnonymously()
    const guestId = guest.user?.id
    const before = await ownedRows(testApp, guestId)

    const passwordOnly = await supabase.auth.updateUser({ password: PASSWORD })
    expect(passwordOnly.error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    })

    const { data, error } = await supabase.auth.updateUser({
      email: 'fay@example.com',
      password: PASSWORD,
      data: { first_name: 'Fay', last_name: 'Kellogg' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: guestId,
      email: 'fay@example.com',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Fay', last_name: 'Kellogg' },
      identities: [{ provider: 'email', identity_data: { email: 'fay@example.com' } }],
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(await testApp.emailsTo('fay@example.com')).toHaveLength(0)

    expect(await ownedRows(testApp, guestId)).toEqual({
      ...before,
      profile_email: 'fay@example.com',
      first_name: 'Fay',
    })
    const signedIn = await client().auth.signInWithPassword({
      email: 'fay@example.com',
      password: PASSWORD,
    })
    expect(signedIn.data.user?.id).toBe(guestId)
    expect(signedIn.data.user?.is_anonymous).toBe(false)
  })

  it('sends a reauthentication nonce that a password change then accepts once', async () => {
    const supabase = await signedUp('gerty@example.com')
    const sent = await supabase.auth.reauthenticate()
    expect(sent.error).toBeNull()
    const email = await lastEmail(testApp, 'gerty@example.com')
    expect(email.template).toBe('reauthentication')
    expect(email.code).toMatch(/^\d{6}$/)
    const { data } = await supabase.auth.getUser()
    expect(data.user).toHaveProperty('reauthentication_sent_at', expect.any(String))

    const wrongNonce = email.code === '000000' ? '000001' : '000000'
    const wrong = await supabase.auth.updateUser({
      password: 'gerty-new-password',
      nonce: wrongNonce,
    })
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    })
    const accepted = await supabase.auth.updateUser({
      password: 'gerty-new-password',
      nonce: email.code,
    })
    expect(accepted.error).toBeNull()
    const reused = await supabase.auth.updateUser({
      password: 'gerty-third-password',
      nonce: email.code,
    })
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' })
  })

  it('refuses reauthentication without a confirmed address', async () => {
    const guest = client()
    await guest.auth.signInAnonymously()
    const noEmail = await guest.auth.reauthenticate()
    expect(noEmail.error).toMatchObject({ status: 400, code: 'validation_failed' })

    const supabase = await signedUp('hilda@example.com')
    await testApp.database.pool.query(
      'update auth.users set email_confirmed_at = null where email = $1',
      ['hilda@example.com'],
    )
    const unconfirmed = await supabase.auth.reauthenticate()
    expect(unconfirmed.error).toMatchObject({
      status: 422,
      code: 'email_not_confirmed',
      message: 'Please verify your email first.',
    })
  })
})

describe('a guest upgrade while email confirmation is on', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'false' } })
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('keeps the guest anonymous until the emailed link confirms the address', async () => {
    const supabase: SupabaseClient = testApp.client()
    const { data: guest } = await supabase.auth.signInAnonymously()
    const guestId = guest.user?.id
    const before = await ownedRows(testApp, guestId)

    const { data, error } = await supabase.auth.updateUser({
      email: 'ida@example.com',
      password: PASSWORD,
      data: { first_name: 'Ida' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: guestId,
      email: '',
      new_email: 'ida@example.com',
      is_anonymous: true,
      identities: [],
    })
    const email = await lastEmail(testApp, 'ida@example.com')
    expect(email.template).toBe('email_change')

    const response = await fetch(email.link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const fragment = new URLSearchParams(
      new URL(response.headers.get('location') ?? '').hash.slice(1),
    )
    expect(fragment.get('type')).toBe('email_change')
    const { data: upgraded } = await testApp
      .client()
      .auth.getUser(fragment.get('access_token') ?? '')
    expect(upgraded.user).toMatchObject({
      id: guestId,
      email: 'ida@example.com',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [{ provider: 'email', identity_data: { email_verified: true } }],
    })
    expect(await ownedRows(testApp, guestId)).toEqual({
      ...before,
      profile_email: 'ida@example.com',
      first_name: 'Ida',
    })
    const signedIn = await testApp.client().auth.signInWithPassword({
      email: 'ida@example.com',
      password: PASSWORD,
    })
    expect(signedIn.data.user?.id).toBe(guestId)
  })
})
