import { describe, expect, it } from 'vitest'
import { clickAuthLinkInEmail, storedSessionUserId, uniqueEmail, waitForEmail } from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

// Production's way of signing up (addresses confirmed by email), and Google configured.
const GOOGLE_CLIENT_ID = 'e2e-web-client.apps.googleusercontent.com'
const app = setUpAppInBrowser({
  env: {
    AUTH_EMAIL_AUTOCONFIRM: 'false',
    GOOGLE_CLIENT_IDS: GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'e2e-web-client-secret',
  },
})

const PASSWORD = 'correct horse battery'

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

async function signUp(email: string) {
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await app.page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await app.page.getByRole('button', { name: 'Create account' }).click()
  await expectHeading('Confirm your email')
  await app.page.getByText('Check your email to confirm your address.', { exact: false }).waitFor()
}

describe('sign-up with email confirmation', () => {
  it('asks to check the email, whose link signs in through /auth/callback', async () => {
    const email = uniqueEmail('confirm')
    await app.page.goto('/sign-up')
    await signUp(email)
    expect(await storedSessionUserId(app.page)).toBeNull()

    // Not confirmed yet: password sign-in says what is missing. The token endpoint refuses it
    // (400), and the browser logs that refusal.
    app.expectConsoleError(/status of 400 .*\/auth\/v1\/token\?grant_type=password/)
    await app.page.goto('/sign-in')
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const alert = app.page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'Confirm your email address first: open the link we sent you, then sign in.',
    )

    const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'confirmation' })
    await clickAuthLinkInEmail(app.page, message)
    await app.page.waitForURL((url) => url.pathname === '/account')
    await app.page.getByText(email, { exact: true }).waitFor()
  })

  it('upgrades a guest once they confirm the address, keeping their user', async () => {
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    // The URL changes before the account page replaces the sign-in page, which has a
    // "Create an account" link of its own: clicking that one races the two navigations.
    await app.page.waitForURL((url) => url.pathname === '/account')
    await expectHeading('Your account')
    const guestId = await storedSessionUserId(app.page)
    expect(guestId).not.toBeNull()

    const email = uniqueEmail('guest-confirm')
    await app.page.getByRole('link', { name: 'Create an account' }).click()
    await signUp(email)

    const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'email_change' })
    await clickAuthLinkInEmail(app.page, message)
    await app.page.waitForURL((url) => url.pathname === '/account')
    await app.page.getByText(email, { exact: true }).waitFor()
    expect(await app.page.getByText('Guest', { exact: true }).count()).toBe(0)
    expect(await storedSessionUserId(app.page)).toBe(guestId)
  })
})

describe('Google', () => {
  it('is offered when the server has it, and leads to its consent screen', async () => {
    // Google itself is a third party: its consent page is answered locally.
    const consentRequests: URL[] = []
    await app.page.route('https://accounts.google.com/**', async (route) => {
      consentRequests.push(new URL(route.request().url()))
      await route.fulfill({ contentType: 'text/html', body: '<h1>Google consent</h1>' })
    })
    const authorize = app.page.waitForRequest((request) =>
      request.url().includes('/auth/v1/authorize'),
    )

    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue with Google' }).click()

    const authorizeUrl = new URL((await authorize).url())
    expect(authorizeUrl.searchParams.get('provider')).toBe('google')
    expect(authorizeUrl.searchParams.get('redirect_to')).toBe(
      new URL('/auth/callback', app.stack.appUrl).href,
    )
    await app.page.getByRole('heading', { name: 'Google consent' }).waitFor()
    const consent = consentRequests[0]
    expect(consent?.searchParams.get('client_id')).toBe(GOOGLE_CLIENT_ID)
    expect(consent?.searchParams.get('redirect_uri')).toBe(
      new URL('/auth/v1/callback', app.stack.appUrl).href,
    )
  })
})
