import { describe, expect, it } from 'vitest'
import { createAccount, storedSessionUserId, uniqueEmail, waitForEmail } from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * The password reset by the email's code (issue 13): the email carries a link and a code; the
 * code is typed on /forgot-password/code, reached from "Check your inbox", for a person reading
 * the email on another device. A wrong code is refused with a clear message; the right one
 * leads to a new password, which then signs in.
 */
const app = setUpAppInBrowser()

const OLD_PASSWORD = 'the old password'
const NEW_PASSWORD = 'a brand new password'

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

/** The code as the email shows it, read from the plain-text part on the development mailbox's page. */
async function resetCodeIn(messageId: string): Promise<string> {
  const page = await (await fetch(new URL(`/dev/mailbox/${messageId}`, app.stack.appUrl))).text()
  const code = /Or enter this code in the app: (\d{6})\b/.exec(page)?.[1]
  if (!code) {
    throw new Error('the reset email carries no code')
  }
  return code
}

describe('password reset by code', () => {
  it('check your inbox → enter the code → new password → sign in with it', async () => {
    // The wrong code is the auth server's 403, which the browser logs.
    app.expectConsoleError(/status of 403 .*\/auth\/v1\/verify/)
    const email = uniqueEmail('reset-code')
    await createAccount(app.stack.appUrl, email, OLD_PASSWORD)

    await app.page.goto('/sign-in?view=forgot-password')
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByRole('button', { name: 'Email me a reset link' }).click()
    await expectHeading('Check your inbox')
    await app.page.getByRole('link', { name: 'Enter the code from the email' }).click()
    await app.page.waitForURL((url) => url.pathname === '/forgot-password/code')
    await expectHeading('Enter your reset code')
    expect(await app.page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)

    const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'recovery' })
    const code = await resetCodeIn(message.id)
    const codeField = app.page.getByLabel('Code from the email', { exact: true })

    await codeField.fill('12')
    await app.page.getByRole('button', { name: 'Continue' }).click()
    await app.page.getByText('Enter the 6-digit code from the email').waitFor()

    const wrong = code === '000000' ? '111111' : '000000'
    await codeField.fill(wrong)
    await app.page.getByRole('button', { name: 'Continue' }).click()
    await app.page
      .getByRole('alert')
      .filter({ hasText: "That code isn't right, or it has expired or been used." })
      .waitFor()
    expect(await storedSessionUserId(app.page)).toBeNull()

    // Typed as people do, with a space in the middle.
    await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`)
    await app.page.getByRole('button', { name: 'Continue' }).click()
    await expectHeading('Choose a new password')
    await app.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await app.page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD)
    await app.page.getByRole('button', { name: 'Change password' }).click()
    await expectHeading('Password changed')
    expect(await storedSessionUserId(app.page)).toBeNull()

    await app.page.getByRole('link', { name: 'Sign in' }).click()
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname !== '/sign-in')
    expect(await storedSessionUserId(app.page)).not.toBeNull()
  })
})
