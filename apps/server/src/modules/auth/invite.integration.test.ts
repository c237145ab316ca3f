import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * POST /invite through supabase-js `auth.admin.inviteUserByEmail`: the service role creates an
 * unconfirmed account and the invitee is emailed a link that confirms it and signs them in.
 */
const PASSWORD = 'correct-horse-battery'

describe('POST /invite', () => {
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

  it('creates the invitee’s account with invited_at and emails a link that signs them in', async () => {
    const { data, error } = await testApp
      .adminClient()
      .auth.admin.inviteUserByEmail('Grace@Example.com', {
        data: { first_name: 'Grace' },
        redirectTo: 'https://app.example.com/welcome',
      })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: 'grace@example.com',
      user_metadata: { first_name: 'Grace' },
      identities: [{ provider: 'email' }],
    })
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const [email] = await testApp.emailsTo('grace@example.com')
    expect(email?.template).toBe('confirmation')
    const link = new URL(email?.template_data.link ?? '')
    expect(link.searchParams.get('type')).toBe('invite')
    expect(link.searchParams.get('redirect_to')).toBe('https://app.example.com/welcome')

    const opened = await fetch(link, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    const location = new URL(opened.headers.get('location') ?? '')
    expect(location.origin).toBe('https://app.example.com')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('invite')
    const { data: user } = await testApp.client().auth.getUser(fragment.get('access_token') ?? '')
    expect(user.user?.email_confirmed_at).toBeTruthy()
  })

  it('invites an unconfirmed account again; a confirmed one is 422 email_exists', async () => {
    await testApp.client().auth.signUp({ email: 'pending@example.com', password: PASSWORD })
    // The address was emailed a confirmation a moment ago: one email a minute per address.
    const tooSoon = await testApp.adminClient().auth.admin.inviteUserByEmail('pending@example.com')
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    testApp.advanceClock(61_000)
    const again = await testApp.adminClient().auth.admin.inviteUserByEmail('pending@example.com')
    expect(again.error).toBeNull()
    expect(again.data.user?.invited_at).toBeTruthy()

    const created = await testApp.adminClient().auth.admin.createUser({
      email: 'member@example.com',
      password: PASSWORD,
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const member = await testApp.adminClient().auth.admin.inviteUserByEmail('member@example.com')
    expect(member.data.user).toBeNull()
    expect(member.error).toMatchObject({ status: 422, code: 'email_exists' })
    expect(await testApp.emailsTo('member@example.com')).toHaveLength(0)
  })

  it('refuses an invalid address with GoTrue’s message, and anyone but the service role', async () => {
    const invalid = await testApp.adminClient().auth.admin.inviteUserByEmail('xx:;x@x.x')
    expect(invalid.data.user).toBeNull()
    expect(invalid.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })

    const asAnon = await testApp.client().auth.admin.inviteUserByEmail('eve@example.com')
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' })
    const noBearer = await fetch(`${testApp.baseUrl}/auth/v1/invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'eve@example.com' }),
    })
    expect(noBearer.status).toBe(401)
    expect(await testApp.emailsTo('eve@example.com')).toHaveLength(0)
  })
})
