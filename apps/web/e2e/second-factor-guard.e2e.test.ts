import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import {
  authClient,
  clickAuthLinkInEmail,
  createAccount,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { fetchAppConfig, setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 12, S2: once an account has two-step verification, the server serves a session that
 * has not given the authenticator code (aal1) none of the user's data. In the browser, every
 * page that would show that data sends such a session to the code screen first, never to an
 * empty page or an error: the account pages, the job deck and list, the onboarding wizard, and
 * the resume upload page a one-time email link opens (the link signs in with the email alone).
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

/** The authenticator app's code, `offsetMs` from now (the enrolment used the current one). */
function totpCode(secret: string, offsetMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs })
}

/**
 * A confirmed account with TOTP turned on through supabase-js, as the app's Security page does
 * it; the client's session is aal2.
 */
async function accountWithTotp(label: string) {
  const email = uniqueEmail(label)
  const user = await createAccount(app.stack.appUrl, email, PASSWORD)
  const client = await authClient(app.stack.appUrl)
  await client.auth.signInWithPassword({ email, password: PASSWORD })
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error || enrolled.data.type !== 'totp') {
    throw new Error(`TOTP enrolment failed: ${enrolled.error?.message ?? 'not totp'}`)
  }
  const secret = enrolled.data.totp.secret
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(secret, 0),
  })
  if (verified.error) {
    throw new Error(`TOTP verification failed: ${verified.error.message}`)
  }
  return { email, userId: user?.id ?? '', secret, client }
}

async function expectCodeScreen(pathname: string) {
  await app.page.waitForURL((url) => url.pathname === pathname)
  await app.page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor()
  await app.page.getByLabel('Authentication code', { exact: true }).waitFor()
}

describe('a session that owes its authenticator code', () => {
  it('is sent to the code screen from every page that shows the user’s data', async () => {
    const { email, secret } = await accountWithTotp('guarded')
    await app.page.goto('/sign-in')
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expectCodeScreen('/sign-in/verify')

    for (const path of [
      '/account',
      '/account/profile',
      '/account/data',
      '/jobs',
      '/jobs/list',
      '/onboarding',
      '/onboarding/job-search-status',
    ]) {
      await app.page.goto(path)
      await expectCodeScreen('/sign-in/verify')
    }

    await app.page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret, 30_000))
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    // The code screen goes on to the page it was sent from (issue 13): the last one opened.
    await app.page.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
    await app.page.goto('/jobs/list')
    await app.page.waitForURL((url) => url.pathname === '/jobs/list')
    expect(app.consoleErrors).toEqual([])
  })

  it('gives the code on the resume upload page, then uploads', async () => {
    const account = await accountWithTotp('upload')
    const { data } = await account.client.auth.getSession()
    const config = await fetchAppConfig(app.stack.appUrl)
    const requested = await fetch(`${config.PUBLIC_API_BASE_URL}/emails/resume-upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${data.session?.access_token ?? ''}`,
        'x-refresh-token': data.session?.refresh_token ?? '',
      },
    })
    expect(requested.status).toBe(202)
    const message = await waitForEmail(app.stack.appUrl, {
      to: account.email,
      template: 'resume_upload_link',
    })

    await clickAuthLinkInEmail(app.page, message)
    await expectCodeScreen(`/upload/${account.userId}`)
    expect(await app.page.getByLabel('Resume (PDF)').count()).toBe(0)

    await app.page
      .getByLabel('Authentication code', { exact: true })
      .fill(totpCode(account.secret, 30_000))
    await app.page.getByRole('button', { name: 'Verify', exact: true }).click()
    await app.page.getByRole('heading', { level: 1, name: 'Upload your resume' }).waitFor()
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1')
    await app.page
      .getByLabel('Resume (PDF)')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: pdf })
    await app.page.getByRole('button', { name: 'Upload resume', exact: true }).click()
    await app.page.getByRole('heading', { level: 1, name: 'Resume uploaded' }).waitFor()
    const stored = await db.query(
      `select 1 from storage.objects where bucket_id = 'resumes' and name like $1`,
      [`${account.userId}/%`],
    )
    expect(stored.rowCount).toBe(1)
    expect(app.consoleErrors).toEqual([])
  })
})
