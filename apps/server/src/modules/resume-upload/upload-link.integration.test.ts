import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * POST /api/emails/resume-upload against the real app: the emailed link, followed as a browser
 * would, signs in a new session and lands on /upload/<user id> with its tokens in the hash.
 */
const PASSWORD = 'correct-horse-battery'
const DAY_MS = 24 * 60 * 60 * 1000

type Account = { id: string; email: string; accessToken: string }

describe('POST /api/emails/resume-upload', () => {
  let testApp: TestApp
  let accountCount = 0

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  async function signUp(): Promise<Account> {
    accountCount += 1
    const email = `upload-${accountCount}@example.com`
    const { data, error } = await testApp.client().auth.signUp({ email, password: PASSWORD })
    expect(error).toBeNull()
    return { id: data.user?.id ?? '', email, accessToken: data.session?.access_token ?? '' }
  }

  function requestLink(accessToken?: string) {
    return fetch(`${testApp.baseUrl}/api/emails/resume-upload`, {
      method: 'POST',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    })
  }

  async function uploadLinkEmails(address: string) {
    const emails = await testApp.emailsTo(address)
    return emails.filter((email) => email.template === 'resume_upload_link')
  }

  /** The link of the newest upload email, followed without following its redirect. */
  async function openLatestLink(address: string) {
    const [email] = await uploadLinkEmails(address)
    const response = await fetch(email?.template_data.link ?? 'about:blank', {
      redirect: 'manual',
    })
    const location = new URL(response.headers.get('location') ?? 'about:blank')
    return { status: response.status, location, hash: new URLSearchParams(location.hash.slice(1)) }
  }

  it('refuses a request without a bearer token with 401 not_authenticated', async () => {
    const response = await requestLink()
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'not_authenticated' })
  })

  it('emails a link that signs in a new session and lands on the upload page', async () => {
    const account = await signUp()
    const response = await requestLink(account.accessToken)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ sent: true })

    const [email] = await uploadLinkEmails(account.email)
    expect(email?.subject).toBe('Upload your resume to Job Search Assistant')
    expect(email?.text_body).toContain('The link expires in 24 hours.')
    const link = new URL(email?.template_data.link ?? '')
    expect(`${link.origin}${link.pathname}`).toBe(`${testApp.baseUrl}/auth/v1/verify`)
    expect(email?.text_body).toContain(email?.template_data.link)

    const opened = await openLatestLink(account.email)
    expect(opened.status).toBe(303)
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(
      `${testApp.baseUrl}/upload/${account.id}`,
    )
    expect(opened.hash.get('token_type')).toBe('bearer')

    // The tokens work as the page uses them: set the session, then ask the Auth service.
    const browser = testApp.client()
    const { error: setError } = await browser.auth.setSession({
      access_token: opened.hash.get('access_token') ?? '',
      refresh_token: opened.hash.get('refresh_token') ?? '',
    })
    expect(setError).toBeNull()
    const { data, error } = await browser.auth.getUser()
    expect(error).toBeNull()
    expect(data.user?.id).toBe(account.id)

    // A session of its own, beside the one that asked for the link.
    const sessions = await testApp.database.pool.query(
      'select id from auth.sessions where user_id = $1',
      [account.id],
    )
    expect(sessions.rowCount).toBe(2)
  })

  it('works once: the link opened again lands without tokens', async () => {
    const account = await signUp()
    expect((await requestLink(account.accessToken)).status).toBe(202)
    expect((await openLatestLink(account.email)).hash.get('access_token')).toBeTruthy()

    const again = await openLatestLink(account.email)
    expect(again.location.pathname).toBe(`/upload/${account.id}`)
    expect(again.hash.get('access_token')).toBeNull()
    expect(again.hash.get('error_code')).toBe('otp_expired')
  })

  it('starts a session that signing out ends', async () => {
    const account = await signUp()
    expect((await requestLink(account.accessToken)).status).toBe(202)
    const { hash } = await openLatestLink(account.email)
    const browser = testApp.client()
    await browser.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    })
    expect((await browser.auth.signOut()).error).toBeNull()

    const refreshed = await testApp.client().auth.refreshSession({
      refresh_token: hash.get('refresh_token') ?? '',
    })
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
  })

  it('sends one link a minute per user, with Retry-After', async () => {
    const account = await signUp()
    expect((await requestLink(account.accessToken)).status).toBe(202)

    const refused = await requestLink(account.accessToken)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(59)
    const body = (await refused.json()) as { code: string; message: string }
    expect(body.code).toBe('over_request_rate_limit')
    expect(body.message).toMatch(/^You can ask for another upload link in (59|60) seconds$/)
    expect(await uploadLinkEmails(account.email)).toHaveLength(1)

    testApp.advanceClock(61_000)
    expect((await requestLink(account.accessToken)).status).toBe(202)
    expect(await uploadLinkEmails(account.email)).toHaveLength(2)
  })

  it('does not hold back the Auth service’s own emails', async () => {
    const account = await signUp()
    expect((await requestLink(account.accessToken)).status).toBe(202)
    const { error } = await testApp.client().auth.resetPasswordForEmail(account.email)
    expect(error).toBeNull()
  })

  it('refuses a guest, who has no email address, with 403 forbidden', async () => {
    const { data } = await testApp.client().auth.signInAnonymously()
    const response = await requestLink(data.session?.access_token)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      code: 'forbidden',
      message: 'The upload link is sent by email: sign up with an email address first',
    })
  })

  it('refuses an address not confirmed yet with 403 forbidden', async () => {
    const account = await signUp()
    await testApp.database.pool.query(
      'update auth.users set email_confirmed_at = null where id = $1',
      [account.id],
    )
    const response = await requestLink(account.accessToken)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      code: 'forbidden',
      message: 'Confirm your email address first, then ask for an upload link again',
    })
    expect(await uploadLinkEmails(account.email)).toHaveLength(0)
  })

  it('refuses a deleted user’s token that has not expired yet with 401', async () => {
    const account = await signUp()
    await testApp.database.pool.query('delete from auth.users where id = $1', [account.id])
    const response = await requestLink(account.accessToken)
    expect(response.status).toBe(401)
    // Its session went with the account: the session check refuses it (issue 12, F7).
    expect(await response.json()).toMatchObject({ code: 'session_not_found' })
  })

  // Last: it moves the app's clock a day forward for the tests after it.
  it('stops working after 24 hours', async () => {
    const account = await signUp()
    expect((await requestLink(account.accessToken)).status).toBe(202)
    testApp.advanceClock(DAY_MS + 60_000)
    const late = await openLatestLink(account.email)
    expect(late.hash.get('access_token')).toBeNull()
    expect(late.hash.get('error_code')).toBe('otp_expired')
  })
})
