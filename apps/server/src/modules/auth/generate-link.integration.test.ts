import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * POST /admin/generate_link through supabase-js `auth.admin.generateLink`: the link and code an
 * email would carry, for the service role only, with no email sent.
 */
const PASSWORD = 'correct-horse-battery'

describe('POST /admin/generate_link', () => {
  let testApp: TestApp
  let admin: TestApp['adminClient']

  beforeAll(async () => {
    testApp = await startTestApp({
      settings: (settings) => ({ ...settings, redirectAllowList: ['https://app.example.com/**'] }),
    })
    admin = testApp.adminClient
  })

  afterAll(async () => {
    await testApp.close()
  })

  async function openLink(link: string) {
    const response = await fetch(link, { redirect: 'manual' })
    const location = new URL(response.headers.get('location') ?? '')
    return {
      status: response.status,
      location,
      fragment: new URLSearchParams(location.hash.slice(1)),
    }
  }

  it('creates an unconfirmed account with a signup link that confirms it', async () => {
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'signup',
      email: 'Alice@Example.com',
      password: PASSWORD,
      options: { data: { first_name: 'Alice' }, redirectTo: 'https://app.example.com/welcome' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'alice@example.com',
      user_metadata: { first_name: 'Alice' },
      identities: [{ provider: 'email' }],
    })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: 'https://app.example.com/welcome',
    })
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(data.properties?.hashed_token).toMatch(/^[0-9a-f]{56}$/)
    expect(await testApp.emailsTo('alice@example.com')).toHaveLength(0)

    const opened = await openLink(data.properties?.action_link ?? '')
    expect(opened.status).toBe(303)
    expect(opened.location.origin).toBe('https://app.example.com')
    expect(opened.fragment.get('type')).toBe('signup')
    const { data: confirmed } = await testApp
      .client()
      .auth.getUser(opened.fragment.get('access_token') ?? '')
    expect(confirmed.user?.email_confirmed_at).toBeTruthy()

    const again = await admin().auth.admin.generateLink({
      type: 'signup',
      email: 'alice@example.com',
      password: PASSWORD,
    })
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('signs in by magic link, signing up an unknown address first', async () => {
    const created = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email: 'beatrice@example.com',
    })
    expect(created.error).toBeNull()
    expect(created.data.properties?.verification_type).toBe('signup')

    const existing = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email: 'beatrice@example.com',
    })
    expect(existing.data.properties?.verification_type).toBe('magiclink')
    expect(existing.data.user?.id).toBe(created.data.user?.id)

    const { data, error } = await testApp.client().auth.verifyOtp({
      token_hash: existing.data.properties?.hashed_token ?? '',
      type: 'magiclink',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(created.data.user?.id)
  })

  it('invites a new address, and recovers an existing one', async () => {
    const invited = await admin().auth.admin.generateLink({
      type: 'invite',
      email: 'cecilia@example.com',
    })
    expect(invited.error).toBeNull()
    expect(invited.data.user?.invited_at).toBeTruthy()
    const accepted = await testApp.client().auth.verifyOtp({
      email: 'cecilia@example.com',
      token: invited.data.properties?.email_otp ?? '',
      type: 'invite',
    })
    expect(accepted.error).toBeNull()
    expect(accepted.data.user?.email_confirmed_at).toBeTruthy()

    const recovery = await admin().auth.admin.generateLink({
      type: 'recovery',
      email: 'cecilia@example.com',
    })
    expect(recovery.data.properties?.verification_type).toBe('recovery')
    const opened = await openLink(recovery.data.properties?.action_link ?? '')
    expect(opened.location.origin).toBe(new URL(testApp.settings.siteUrl).origin)
    expect(opened.fragment.get('type')).toBe('recovery')

    const unknown = await admin().auth.admin.generateLink({
      type: 'recovery',
      email: 'nobody@example.com',
    })
    expect(unknown.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    })
  })

  it('changes an address with an email_change_new link', async () => {
    await testApp.client().auth.signUp({ email: 'dian@example.com', password: PASSWORD })
    await testApp.client().auth.signUp({ email: 'taken@example.com', password: PASSWORD })
    const taken = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email: 'dian@example.com',
      newEmail: 'taken@example.com',
    })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email: 'dian@example.com',
      newEmail: 'dian.fossey@example.com',
    })
    expect(error).toBeNull()
    expect(data.user?.new_email).toBe('dian.fossey@example.com')
    const verified = await testApp.client().auth.verifyOtp({
      email: 'dian.fossey@example.com',
      token: data.properties?.email_otp ?? '',
      type: 'email_change',
    })
    expect(verified.data.user?.email).toBe('dian.fossey@example.com')
  })

  it('changes an address with an email_change_current link, sent to the current address', async () => {
    await testApp.client().auth.signUp({ email: 'jane@example.com', password: PASSWORD })
    const taken = await admin().auth.admin.generateLink({
      type: 'email_change_current',
      email: 'jane@example.com',
      newEmail: 'taken@example.com',
    })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })

    const { data, error } = await admin().auth.admin.generateLink({
      type: 'email_change_current',
      email: 'jane@example.com',
      newEmail: 'jane.goodall@example.com',
      options: { redirectTo: 'https://app.example.com/settings' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'jane@example.com',
      new_email: 'jane.goodall@example.com',
    })
    expect(data.properties).toMatchObject({
      verification_type: 'email_change_current',
      redirect_to: 'https://app.example.com/settings',
    })
    const link = new URL(data.properties?.action_link ?? '')
    expect(link.searchParams.get('type')).toBe('email_change')
    expect(await testApp.emailsTo('jane@example.com')).toHaveLength(0)

    // The code is the current address's; verifying it completes the change.
    const verified = await testApp.client().auth.verifyOtp({
      email: 'jane@example.com',
      token: data.properties?.email_otp ?? '',
      type: 'email_change',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe('jane.goodall@example.com')
    expect(verified.data.user?.new_email).toBeUndefined()
  })

  it('opens an email_change_current link to the changed address and a session', async () => {
    await testApp.client().auth.signUp({ email: 'rachel@example.com', password: PASSWORD })
    const { data } = await admin().auth.admin.generateLink({
      type: 'email_change_current',
      email: 'rachel@example.com',
      newEmail: 'rachel.carson@example.com',
    })
    const opened = await openLink(data.properties?.action_link ?? '')
    expect(opened.status).toBe(303)
    expect(opened.fragment.get('type')).toBe('email_change')
    const { data: user } = await testApp
      .client()
      .auth.getUser(opened.fragment.get('access_token') ?? '')
    expect(user.user?.email).toBe('rachel.carson@example.com')
  })

  it('refuses addresses GoTrue refuses before looking at anything else', async () => {
    for (const email of [
      'xx:;x@x.x',
      'two@@example.com',
      'no-dot@localhost',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      const { data, error } = await admin().auth.admin.generateLink({
        type: 'signup',
        email,
        password: 'password123',
      })
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
      expect(error?.message).toMatch(
        /^(Unable to validate email address: invalid format|An email address is too long)$/,
      )
      expect(data).toMatchObject({ user: null, properties: null })
    }
    const created = await admin().auth.admin.createUser({
      email: 'xx:;x@x.x',
      password: 'password123',
    })
    expect(created.error).toMatchObject({
      status: 400,
      message: 'Unable to validate email address: invalid format',
    })
    const signedUp = await testApp.client().auth.signUp({ email: 'xx:;x@x.x', password: PASSWORD })
    expect(signedUp.error).toMatchObject({
      status: 400,
      message: 'Unable to validate email address: invalid format',
    })
  })

  it('refuses other callers, unknown types and missing fields', async () => {
    const asAnon = await testApp.client().auth.admin.generateLink({
      type: 'magiclink',
      email: 'eve@example.com',
    })
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' })
    const noBearer = await fetch(`${testApp.baseUrl}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'magiclink', email: 'eve@example.com' }),
    })
    expect(noBearer.status).toBe(401)

    const post = (body: unknown) =>
      fetch(`${testApp.baseUrl}/auth/v1/admin/generate_link`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${testApp.serviceRoleKey}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify(body),
      })
    const badType = await post({ type: 'telegram', email: 'eve@example.com' })
    expect(badType.status).toBe(400)
    expect(await badType.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid email action link type requested: telegram',
    })
    const noPassword = await post({ type: 'signup', email: 'eve@example.com' })
    expect(noPassword.status).toBe(422)
    expect(await noPassword.json()).toMatchObject({ code: 'validation_failed' })
    const noEmail = await post({ type: 'magiclink' })
    expect(noEmail.status).toBe(400)
    expect(await testApp.emailsTo('eve@example.com')).toHaveLength(0)
  })
})
