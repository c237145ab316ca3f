import { describe, expect, it } from 'vitest'
import {
  clickAuthLinkInEmail,
  createAccount,
  expectNoTokensInAddress,
  landingAddress,
  recordAddresses,
  storedSessionUserId,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

const app = setUpAppInBrowser()

const OLD_PASSWORD = 'the old password'
const NEW_PASSWORD = 'a brand new password'

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

/** From the sign-in page, as a person who forgot their password: ends on "Check your inbox". */
async function requestResetLink(email: string) {
  await app.page.goto('/sign-in')
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expectHeading('Forgot your password?')
  expect(await app.page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
  await app.page.getByRole('button', { name: 'Email me a reset link' }).click()
  await expectHeading('Check your inbox')
  await app.page
    .getByText(`If an account exists for ${email}, we sent it a link to choose a new password.`)
    .waitFor()
}

async function openResetLink(email: string) {
  const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'recovery' })
  await clickAuthLinkInEmail(app.page, message)
  await app.page.waitForURL((url) => url.pathname === '/forgot-password')
  await expectHeading('Choose a new password')
}

async function chooseNewPassword(password: string) {
  await app.page.getByLabel('New password', { exact: true }).fill(password)
  await app.page.getByLabel('Confirm new password', { exact: true }).fill(password)
  await app.page.getByRole('button', { name: 'Change password' }).click()
}

async function signIn(email: string, password: string) {
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(password)
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

describe('password reset by email', () => {
  it('recover → mailbox → link → page → new password → sign in with it', async () => {
    const email = uniqueEmail('reset')
    await createAccount(app.stack.appUrl, email, OLD_PASSWORD)

    await requestResetLink(email)
    const addresses = recordAddresses(app.page)
    await openResetLink(email)
    // The link's tokens arrive in the hash, as the spec's page requires...
    const landing = landingAddress(addresses, '/forgot-password')
    expect(landing.hash).toContain('access_token=')
    expect(landing.hash).toContain('refresh_token=')
    await app.page.getByText(`For ${email}. You'll use it to sign in from now on.`).waitFor()
    // ... and the page takes them out of the address bar once read: a reload, a screenshot or
    // a shared link never carries them (issue 12).
    await expectNoTokensInAddress(app.page)

    await chooseNewPassword(NEW_PASSWORD)
    await expectHeading('Password changed')
    await app.page
      .getByText('Your password has been changed. You can now sign in with it, in the app or here.')
      .waitFor()
    // The link's session existed only for the change.
    expect(await storedSessionUserId(app.page)).toBeNull()
    expect(app.consoleErrors).toEqual([])

    await app.page.getByRole('link', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    // The old password is refused (400, logged by the browser).
    app.expectConsoleError(/status of 400 .*\/auth\/v1\/token\?grant_type=password/)
    await signIn(email, OLD_PASSWORD)
    await app.page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor()
    await signIn(email, NEW_PASSWORD)
    await app.page.waitForURL((url) => url.pathname === '/account')
    await app.page.getByText(email, { exact: true }).waitFor()

    // Opened again, the link's session is gone: the page shows its error view. The server
    // refuses the session (403, logged by the browser) and the page logs why (spec §8).
    app.expectConsoleError(/status of 403 .*\/auth\/v1\/user\)$/)
    app.expectConsoleError(/^Authentication failed AuthSessionMissingError/)
    await app.page.goto(landing.href)
    await expectHeading('Forgot Password Error')
  })

  it('shows the server refusing the current password as the new one', async () => {
    const email = uniqueEmail('same-password')
    await createAccount(app.stack.appUrl, email, OLD_PASSWORD)
    await requestResetLink(email)
    await openResetLink(email)

    // The server refuses the current password as the new one (422, logged by the browser).
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/user\)$/)
    await chooseNewPassword(OLD_PASSWORD)
    const alert = app.page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'Your new password must be different from your current one.',
    )
    // Still on the form, still signed in with the link: another password can be tried.
    await chooseNewPassword(NEW_PASSWORD)
    await expectHeading('Password changed')
  })

  it('answers an unknown address as it answers a known one, and sends nothing', async () => {
    const email = uniqueEmail('nobody')
    await requestResetLink(email)
    const response = await fetch(
      new URL(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`, app.stack.appUrl),
    )
    expect(await response.json()).toEqual([])
  })
})
