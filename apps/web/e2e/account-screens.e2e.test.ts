import { describe, expect, it } from 'vitest'
import {
  authClient,
  clickAuthLinkInEmail,
  createAccount,
  storedSessionUserId,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

// The stack's defaults: development, sign-ups confirmed at once, the mailbox on, no Google.
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

/** The field's message, as assistive technology reads it: aria-invalid plus its description. */
async function fieldError(label: string): Promise<string | null> {
  const input = app.page.getByLabel(label, { exact: true })
  if ((await input.getAttribute('aria-invalid')) !== 'true') {
    return null
  }
  const describedBy = await input.getAttribute('aria-describedby')
  return app.page.locator(`[id="${describedBy}"]`).textContent()
}

async function alertText(): Promise<string | null> {
  const alert = app.page.getByRole('alert')
  await alert.waitFor()
  return alert.textContent()
}

async function signUpInBrowser(email: string, password = PASSWORD) {
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(password)
  await app.page.getByLabel('Confirm password', { exact: true }).fill(password)
  await app.page.getByRole('button', { name: 'Create account' }).click()
}

async function signInInBrowser(email: string, password: string) {
  await app.page.getByLabel('Email', { exact: true }).fill(email)
  await app.page.getByLabel('Password', { exact: true }).fill(password)
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function expectAccountOf(email: string) {
  await app.page.waitForURL((url) => url.pathname === '/account')
  await expectHeading('Your account')
  await app.page.getByText(email, { exact: true }).waitFor()
}

describe('sign-up, sign-out and sign-in', () => {
  it('signs up, lands on the account page, signs out, and signs back in', async () => {
    const email = uniqueEmail('journey')
    await app.page.goto('/sign-up')
    await expectHeading('Create your account')
    await signUpInBrowser(email)
    await expectAccountOf(email)
    await app.page.getByText('Signed in as', { exact: true }).waitFor()

    await app.page.getByRole('button', { name: 'Sign out' }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    expect(await storedSessionUserId(app.page)).toBeNull()

    await signInInBrowser(email, PASSWORD)
    await expectAccountOf(email)
    expect(app.consoleErrors).toEqual([])
  })

  it('shows each sign-up rule next to its field', async () => {
    await app.page.goto('/sign-up')
    await app.page.getByRole('button', { name: 'Create account' }).click()
    expect(await fieldError('Email')).toBe('Enter your email address')
    expect(await fieldError('Password')).toBe('Password must be at least 8 characters long')

    await app.page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await app.page.getByLabel('Password', { exact: true }).fill('long enough')
    await app.page.getByLabel('Confirm password', { exact: true }).fill('long enougH')
    await app.page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => fieldError('Confirm password')).toBe('Passwords do not match')
    expect(await fieldError('Email')).toBe('Enter a valid email address, like name@example.com')
    expect(await fieldError('Password')).toBeNull()
    expect(new URL(app.page.url()).pathname).toBe('/sign-up')
  })

  it('shows the server’s refusal of a common password next to the password field', async () => {
    const email = uniqueEmail('common-password')
    // The sign-up endpoint refuses the password (422 weak_password), and the browser logs that.
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/signup\?/)
    await app.page.goto('/sign-up')
    await signUpInBrowser(email, 'Password123')
    await expect
      .poll(() => fieldError('Password'))
      .toBe(
        'This password is too common or has appeared in a data breach, so it is easy to guess. Choose a different one.',
      )
    expect(new URL(app.page.url()).pathname).toBe('/sign-up')

    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Create account' }).click()
    await expectAccountOf(email)
  })

  it('says when the email already has an account', async () => {
    const email = uniqueEmail('taken')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    // The sign-up endpoint refuses the taken address (422), and the browser logs that refusal.
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/signup\?/)
    await app.page.goto('/sign-up')
    await signUpInBrowser(email)
    expect(await alertText()).toBe('An account with this email already exists. Sign in instead.')
    expect(new URL(app.page.url()).pathname).toBe('/sign-up')
  })

  it('shows a wrong password in an alert and stays on the page', async () => {
    const email = uniqueEmail('wrong-password')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    // The token endpoint refuses the wrong password (400), and the browser logs that refusal.
    app.expectConsoleError(/status of 400 .*\/auth\/v1\/token\?grant_type=password/)
    await app.page.goto('/sign-in')
    await signInInBrowser(email, 'not the password')
    expect(await alertText()).toBe('Incorrect email or password.')
    expect(new URL(app.page.url()).pathname).toBe('/sign-in')
    expect(await app.page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    expect(await storedSessionUserId(app.page)).toBeNull()
  })

  it('asks for an email or phone number and a password before calling the server', async () => {
    const tokenRequests: string[] = []
    app.page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) {
        tokenRequests.push(request.url())
      }
    })
    await app.page.goto('/sign-in')
    const message = 'You must provide either an email or phone number and a password'

    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => fieldError('Email')).toBe(message)

    await app.page.getByLabel('Password', { exact: true }).fill('something')
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => fieldError('Email')).toBe(message)

    await app.page.getByLabel('Email', { exact: true }).fill('ada@example.com')
    await app.page.getByLabel('Password', { exact: true }).fill('')
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => fieldError('Password')).toBe(message)
    expect(await fieldError('Email')).toBeNull()
    expect(tokenRequests).toEqual([])
  })

  it('signs out even when the server no longer knows the session (spec §8)', async () => {
    const email = uniqueEmail('revoked')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await app.page.goto('/sign-in')
    await signInInBrowser(email, PASSWORD)
    await expectAccountOf(email)

    // Another device signs out everywhere: the browser's session is gone on the server, which
    // answers this browser's sign-out 403 (logged by the browser); auth-js then signs out here.
    app.expectConsoleError(/status of 403 .*\/auth\/v1\/logout\?scope=local/)
    const elsewhere = await authClient(app.stack.appUrl)
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD })
    expect((await elsewhere.auth.signOut({ scope: 'global' })).error).toBeNull()

    const logout = app.page.waitForResponse((response) => response.url().includes('/logout'))
    await app.page.getByRole('button', { name: 'Sign out' }).click()
    expect([401, 403, 404]).toContain((await logout).status())
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    expect(await storedSessionUserId(app.page)).toBeNull()
  })

  it('sends the signed-out from /account to /sign-in, and account holders the other way', async () => {
    await app.page.goto('/account')
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    await expectHeading('Sign in')

    const email = uniqueEmail('holder')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await signInInBrowser(email, PASSWORD)
    await expectAccountOf(email)
    for (const path of ['/sign-in', '/sign-up']) {
      await app.page.goto(path)
      await expectAccountOf(email)
    }
  })
})

describe('guests', () => {
  it('continue as guest, then sign up as the same user', async () => {
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    await app.page.waitForURL((url) => url.pathname === '/account')
    await app.page.getByText('Guest', { exact: true }).waitFor()
    const guestId = await storedSessionUserId(app.page)
    expect(guestId).toMatch(/^[0-9a-f-]{36}$/)

    // A guest may still open the sign-up page, which upgrades them in place (spec §4).
    await app.page.getByRole('link', { name: 'Create an account' }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-up')
    await app.page
      .getByText('Everything you did as a guest stays with your new account.', { exact: true })
      .waitFor()
    const email = uniqueEmail('upgraded')
    await signUpInBrowser(email)
    await expectAccountOf(email)
    expect(await app.page.getByText('Guest', { exact: true }).count()).toBe(0)
    expect(await storedSessionUserId(app.page)).toBe(guestId)
    expect(app.consoleErrors).toEqual([])
  })
})

describe('sign-in link', () => {
  it('emails a link that signs in through /auth/callback', async () => {
    const email = uniqueEmail('magic')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await app.page.goto('/sign-in')
    // The address typed on the password form carries over.
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByRole('link', { name: 'Email me a sign-in link' }).click()
    await expectHeading('Sign in with a link')
    expect(await app.page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    await app.page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await expectHeading('Check your inbox')
    await app.page.getByText(`We sent a sign-in link to ${email}. Open it to sign in.`).waitFor()

    const message = await waitForEmail(app.stack.appUrl, { to: email, template: 'magic_link' })
    await clickAuthLinkInEmail(app.page, message)
    await expectAccountOf(email)
    expect(app.consoleErrors).toEqual([])

    // The link works once: opened again, the callback page says why it cannot sign in.
    const link = message.links.find((candidate) => candidate.includes('/auth/v1/verify'))
    await app.page.goto(link ?? '')
    await app.page.waitForURL((url) => url.pathname === '/auth/callback')
    await expectHeading("We couldn't sign you in")
    expect(await alertText()).toBe(
      'This link has expired or has already been used. Ask for a new one.',
    )
    // Still signed in from the link's first use: the way back leads to the account.
    await app.page.getByRole('link', { name: 'Back to sign in' }).click()
    await expectAccountOf(email)
  })

  it('asks for a valid address before sending', async () => {
    await app.page.goto('/sign-in?view=magic-link')
    await app.page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await expect.poll(() => fieldError('Email')).toBe('Enter your email address')
    await app.page.getByLabel('Email', { exact: true }).fill('ada@')
    await app.page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await expect
      .poll(() => fieldError('Email'))
      .toBe('Enter a valid email address, like name@example.com')
  })

  it('shows a callback without a session as an error with a way back', async () => {
    // The link pages' shared check logs a link without tokens (spec §8), this one included.
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/auth/callback')
    await expectHeading("We couldn't sign you in")
    expect(await alertText()).toBe(
      'This sign-in link is incomplete, has expired or was already used.',
    )
    await app.page.getByRole('link', { name: 'Back to sign in' }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
  })
})

describe('Google', () => {
  it('is not offered when the server has it turned off', async () => {
    const settings = app.page.waitForResponse((response) =>
      response.url().endsWith('/auth/v1/settings'),
    )
    await app.page.goto('/sign-in')
    const body = (await (await settings).json()) as { external: { google: boolean } }
    expect(body.external.google).toBe(false)
    await app.page.getByRole('button', { name: 'Continue as guest' }).waitFor()
    expect(await app.page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0)
  })
})
