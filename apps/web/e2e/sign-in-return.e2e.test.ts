import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import {
  authClient,
  clickAuthLinkInEmail,
  createAccount,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * Issue 13: a signed-out visitor sent to /sign-in from a page comes back to that page once
 * signed in (`/sign-in?redirect=…`), by password, by an emailed link (through /auth/callback)
 * and through the second step; a `redirect` that would leave the app is ignored.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'
const JOBS_LIST = '/jobs/list?q=rust'

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

function isJobsList(url: URL): boolean {
  return url.pathname === '/jobs/list' && url.searchParams.get('q') === 'rust'
}

/** Opens the jobs list signed out: the guard sends the visitor to /sign-in, carrying it. */
async function openJobsListSignedOut() {
  await app.page.goto(JOBS_LIST)
  await app.page.waitForURL((url) => url.pathname === '/sign-in')
  await expectHeading('Sign in')
  const redirect = new URL(app.page.url()).searchParams.get('redirect') ?? ''
  expect(isJobsList(new URL(redirect, app.stack.appUrl))).toBe(true)
}

async function signInWithPassword(email: string) {
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

describe('signing in returns to where the visitor was going', () => {
  it('with a password: back on the jobs list, its search kept', async () => {
    const email = uniqueEmail('return')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await openJobsListSignedOut()
    await signInWithPassword(email)
    await app.page.waitForURL(isJobsList)
    expect(app.consoleErrors).toEqual([])
  })

  it('with an emailed sign-in link: /auth/callback goes on to the jobs list', async () => {
    const email = uniqueEmail('return-link')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await openJobsListSignedOut()
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByRole('link', { name: 'Email me a sign-in link' }).click()
    await expectHeading('Sign in with a link')
    await app.page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await expectHeading('Check your inbox')

    const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'magic_link' })
    await clickAuthLinkInEmail(app.page, message)
    await app.page.waitForURL(isJobsList)
    expect(app.consoleErrors).toEqual([])
  })

  it('through the second step: the code screen goes on to the jobs list', async () => {
    const email = uniqueEmail('return-totp')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    const client = await authClient(app.stack.appUrl)
    await client.auth.signInWithPassword({ email, password: PASSWORD })
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    if (enrolled.error || enrolled.data.type !== 'totp') {
      throw new Error(`TOTP enrolment failed: ${enrolled.error?.message ?? 'not totp'}`)
    }
    const secret = Secret.fromBase32(enrolled.data.totp.secret)
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: TOTP.generate({ secret }),
    })
    expect(verified.error).toBeNull()

    await openJobsListSignedOut()
    await signInWithPassword(email)
    await app.page.waitForURL((url) => url.pathname === '/sign-in/verify')
    await expectHeading('Two-step verification')
    // The step of the enrolment is used up: the next one.
    const code = TOTP.generate({ secret, timestamp: Date.now() + 30_000 })
    await app.page.getByLabel('Authentication code', { exact: true }).fill(code)
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    await app.page.waitForURL(isJobsList)
    expect(app.consoleErrors).toEqual([])
  })

  it.each(['//evil.example', 'https://evil.example/jobs', '/\\evil.example'])(
    'ignores a redirect that would leave the app (%s): on to the account',
    async (redirect) => {
      const email = uniqueEmail('crafted')
      await createAccount(app.stack.appUrl, email, PASSWORD)
      await app.page.goto(`/sign-in?${new URLSearchParams({ redirect }).toString()}`)
      await expectHeading('Sign in')
      await signInWithPassword(email)
      await app.page.waitForURL((url) => url.pathname === '/account')
      expect(new URL(app.page.url()).origin).toBe(new URL(app.stack.appUrl).origin)
      await expectHeading('Your account')
      expect(app.consoleErrors).toEqual([])
    },
  )
})
