import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoTokensInAddress } from './accounts.ts'
import { sameUrl, sessionHash, setUpAppInBrowser, signInAsGuest } from './support.ts'

const app = setUpAppInBrowser()

const FORGOT_PASSWORD_ERROR = {
  heading: 'Forgot Password Error',
  texts: [
    "We couldn't authenticate your forgot password session.",
    'This might be due to:',
    'The link has expired',
    'The link is incorrect',
    'Please request a new forgot password link from the mobile app.',
  ],
}

const UPLOAD_ERROR = {
  heading: 'Upload Error',
  texts: [
    "We couldn't authenticate your upload session.",
    'This might be due to:',
    'The upload link has expired',
    'The upload link is incorrect',
    'Please request a new upload link from the mobile app.',
  ],
}

async function expectErrorView(view: { heading: string; texts: string[] }) {
  const heading = app.page.getByRole('heading', { level: 1 })
  await heading.waitFor()
  expect(await heading.textContent()).toBe(view.heading)
  for (const text of view.texts) {
    await app.page.getByText(text, { exact: true }).waitFor()
  }
  const listItems = await app.page.getByRole('listitem').allTextContents()
  expect(listItems).toEqual(view.texts.slice(2, 4))

  const backToHome = app.page.getByRole('link', { name: 'Back to Home', exact: true })
  expect(sameUrl(await backToHome.getAttribute('href'), app.stack.marketingUrl)).toBe(true)
  // Full width: as wide as its card's content box.
  const [buttonBox, cardBox] = await Promise.all([
    backToHome.boundingBox(),
    backToHome.locator('xpath=..').boundingBox(),
  ])
  expect(buttonBox?.width).toBeGreaterThan((cardBox?.width ?? Infinity) - 64)
}

/** The input's message, as assistive technology reads it: aria-invalid plus its description. */
async function fieldError(input: Locator): Promise<string | null> {
  if ((await input.getAttribute('aria-invalid')) !== 'true') {
    return null
  }
  const describedBy = await input.getAttribute('aria-describedby')
  return app.page.locator(`[id="${describedBy}"]`).textContent()
}

async function waitForConsoleError(predicate: (line: string) => boolean) {
  for (let attempt = 0; attempt < 50 && !app.consoleErrors.some(predicate); attempt++) {
    await app.page.waitForTimeout(100)
  }
  expect(
    app.consoleErrors.some(predicate),
    `console errors: ${app.consoleErrors.join(' | ')}`,
  ).toBe(true)
}

describe('/forgot-password', () => {
  it('without tokens logs "Missing authentication token" and shows the error view', async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/forgot-password')
    await expectErrorView(FORGOT_PASSWORD_ERROR)
    await waitForConsoleError((line) => line === 'Missing authentication token')
  })

  it('with only one token is also missing its token', async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/forgot-password#access_token=abc')
    await expectErrorView(FORGOT_PASSWORD_ERROR)
    await waitForConsoleError((line) => line === 'Missing authentication token')
  })

  it('with tokens the server rejects logs "Authentication failed" and shows the error view', async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Authentication failed AuthInvalidJwtError/)
    await app.page.goto('/forgot-password#access_token=not-a-jwt&refresh_token=nope')
    await expectErrorView(FORGOT_PASSWORD_ERROR)
    await waitForConsoleError((line) => line.startsWith('Authentication failed'))
  })

  it('with a valid session shows the new password form', async () => {
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/forgot-password${sessionHash(session)}&type=recovery`)
    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toBe('Choose a new password')
    await app.page.getByLabel('New password', { exact: true }).waitFor()
    await app.page.getByLabel('Confirm new password', { exact: true }).waitFor()
    expect(app.consoleErrors).toEqual([])
  })

  it('shows the pending view while the link is being checked', async () => {
    const session = await signInAsGuest(app.stack.appUrl)
    let releaseUserCheck = () => {}
    const userCheckHeld = new Promise<void>((resolve) => (releaseUserCheck = resolve))
    await app.page.route('**/auth/v1/user', async (route) => {
      await userCheckHeld
      await route.continue()
    })
    await app.page.goto(`/forgot-password${sessionHash(session)}`)
    const status = app.page.getByRole('status')
    await status.waitFor()
    expect(await status.textContent()).toBe('Checking your link…')
    releaseUserCheck()
    await app.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor()
  })

  it('checks the new password on the page (spec §5)', async () => {
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/forgot-password${sessionHash(session)}`)
    const password = app.page.getByLabel('New password', { exact: true })
    const confirmPassword = app.page.getByLabel('Confirm new password', { exact: true })
    const submit = app.page.getByRole('button', { name: 'Change password' })

    await password.fill('1234567')
    await confirmPassword.fill('1234567')
    await submit.click()
    await expect
      .poll(() => fieldError(password))
      .toBe('Password must be at least 8 characters long')
    expect(await fieldError(confirmPassword)).toBeNull()

    await password.fill('12345678')
    await confirmPassword.fill('12345679')
    await submit.click()
    await expect.poll(() => fieldError(confirmPassword)).toBe('Passwords do not match')
    expect(await fieldError(password)).toBeNull()
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Choose a new password',
    )
  })

  it("shows the server's refusal in an alert", async () => {
    // A guest has no email: the server will not give them a password alone (a 422, which the
    // browser logs).
    app.expectConsoleError(/status of 422 .*\/auth\/v1\/user\)$/)
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/forgot-password${sessionHash(session)}`)
    await app.page.getByLabel('New password', { exact: true }).fill('long enough')
    await app.page.getByLabel('Confirm new password', { exact: true }).fill('long enough')
    await app.page.getByRole('button', { name: 'Change password' }).click()
    const alert = app.page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'Updating password of an anonymous user without an email or phone is not allowed',
    )
  })

  it('"Back to Home" leads to the marketing site', async () => {
    // Opened without tokens on purpose, to get the error view: the spec's log line (§8).
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/forgot-password')
    await app.page.getByRole('link', { name: 'Back to Home', exact: true }).click()
    await app.page.waitForURL((url) => url.origin === new URL(app.stack.marketingUrl).origin)
  })
})

describe('/upload/$userId', () => {
  it('without tokens logs "Missing authentication token" and shows the error view', async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/upload/00000000-0000-4000-8000-000000000000')
    await expectErrorView(UPLOAD_ERROR)
    await waitForConsoleError((line) => line === 'Missing authentication token')
  })

  it('with tokens the server rejects logs "Authentication failed" and shows the error view', async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Authentication failed AuthInvalidJwtError/)
    await app.page.goto(
      '/upload/00000000-0000-4000-8000-000000000000#access_token=x&refresh_token=y',
    )
    await expectErrorView(UPLOAD_ERROR)
    await waitForConsoleError((line) => line.startsWith('Authentication failed'))
  })

  it(`with another user's session logs "Invalid user session" and shows the error view`, async () => {
    // The log line is the spec's (§8), asserted below.
    app.expectConsoleError(/^Authentication failed Error: Invalid user session\b/)
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/upload/00000000-0000-4000-8000-000000000000${sessionHash(session)}`)
    await expectErrorView(UPLOAD_ERROR)
    await waitForConsoleError(
      (line) => line.startsWith('Authentication failed') && line.includes('Invalid user session'),
    )
  })

  it("with the path user's session shows the upload view", async () => {
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/upload/${session.userId}${sessionHash(session)}`)
    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toBe('Upload your resume')
    expect(app.consoleErrors).toEqual([])
  })

  it('"Back to Home" leads to the marketing site', async () => {
    // Opened without tokens on purpose, to get the error view: the spec's log line (§8).
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.goto('/upload/someone')
    await app.page.getByRole('link', { name: 'Back to Home', exact: true }).click()
    await app.page.waitForURL((url) => url.origin === new URL(app.stack.marketingUrl).origin)
  })
})

describe('tokens in the address (issue 12)', () => {
  it('leave the address of /forgot-password once read: a reload does not carry them', async () => {
    const session = await signInAsGuest(app.stack.appUrl)
    await app.page.goto(`/forgot-password${sessionHash(session)}&type=recovery`)
    await app.page.getByLabel('New password', { exact: true }).waitFor()
    await expectNoTokensInAddress(app.page)

    // Reloaded, the page has no tokens to read: the error view, and the spec's log line (§8).
    app.expectConsoleError(/^Missing authentication token\b/)
    await app.page.reload()
    await expectErrorView(FORGOT_PASSWORD_ERROR)
  })

  it('leave the address of /upload/$userId and /auth/callback even when refused', async () => {
    // The tokens are fake: each page logs the refusal (spec §8).
    app.expectConsoleError(/^Authentication failed AuthInvalidJwtError/)
    await app.page.goto(
      '/upload/00000000-0000-4000-8000-000000000000#access_token=x&refresh_token=y',
    )
    await expectErrorView(UPLOAD_ERROR)
    await expectNoTokensInAddress(app.page)

    await app.page.goto('/auth/callback#access_token=x&refresh_token=y&type=magiclink')
    await app.page.getByRole('heading', { level: 1, name: "We couldn't sign you in" }).waitFor()
    await expectNoTokensInAddress(app.page)
  })
})
