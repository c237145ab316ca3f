import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import {
  authClient,
  clickAuthLinkInEmail,
  expectNoTokensInAddress,
  landingAddress,
  type MailboxMessage,
  recordAddresses,
  storedSessionUserId,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { fetchAppConfig, setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The resume upload from end to end, as a person does it: the app asks for the link
 * (POST /api/emails/resume-upload), the email arrives in the mailbox, its link opens
 * /upload/<user id>, a real PDF goes to the `resumes` bucket and a professional profile is
 * recorded, all against the real server. Also the ways in that must fail: another user's
 * page, a link without its tokens, a file that is not a PDF.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct-horse-battery'
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A small, valid PDF 1.4 document of one page (offsets in its cross-reference table included). */
function minimalPdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let document = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(document.length)
    document += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = document.length
  document += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  document += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  document += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(document, 'latin1')
}

type Account = { email: string; userId: string; session: Session; client: SupabaseClient }

const db = setUpStackDatabase(app)

/** A confirmed account signed in through supabase-js, as the mobile app would be. */
async function signUp(label: string): Promise<Account> {
  const email = uniqueEmail(label)
  const client = await authClient(app.stack.appUrl)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error || !data.session || !data.user) {
    throw new Error(`Could not sign up ${email}: ${error?.message ?? 'no session'}`)
  }
  return { email, userId: data.user.id, session: data.session, client }
}

/** What the mobile app does: POST emails/resume-upload with its session; then the email. */
async function requestUploadLink(account: Account): Promise<MailboxMessage> {
  const config = await fetchAppConfig(app.stack.appUrl)
  const response = await fetch(`${config.PUBLIC_API_BASE_URL}/emails/resume-upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.session.access_token}`,
      'x-refresh-token': account.session.refresh_token,
    },
  })
  expect(response.status).toBe(202)
  return waitForEmail(app.stack.appUrl, { to: account.email, template: 'resume_upload_link' })
}

async function openUploadPage(account: Account) {
  const message = await requestUploadLink(account)
  await clickAuthLinkInEmail(app.page, message)
  await app.page.waitForURL((url) => url.pathname === `/upload/${account.userId}`)
  await expectHeading('Upload your resume')
  return message
}

async function expectHeading(text: string) {
  await app.page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
}

function chooseFile(file: { name: string; mimeType: string; buffer: Buffer }) {
  return app.page.getByLabel('Resume (PDF)').setInputFiles(file)
}

async function storedResumes(userId: string) {
  const result = await db.query<{ name: string; metadata: { mimetype: string; size: number } }>(
    `select name, metadata from storage.objects where bucket_id = 'resumes' and name like $1`,
    [`${userId}/%`],
  )
  return result.rows
}

async function profilesOf(userId: string) {
  const result = await db.query<{
    file_name: string
    original_file_name: string | null
    resume_path: string
  }>(
    'select file_name, original_file_name, resume_path from public.professional_profiles where user_id = $1',
    [userId],
  )
  return result.rows
}

async function expectUploadErrorView() {
  await expectHeading('Upload Error')
  await app.page
    .getByText("We couldn't authenticate your upload session.", { exact: true })
    .waitFor()
  await app.page.getByRole('link', { name: 'Back to Home', exact: true }).waitFor()
}

async function expectConsoleError(predicate: (line: string) => boolean) {
  await expect.poll(() => app.consoleErrors.some(predicate), { timeout: 5_000 }).toBe(true)
}

describe('the resume upload page', () => {
  it('email → mailbox → link → page → upload a PDF → stored, with a professional profile', async () => {
    const account = await signUp('upload')
    const addresses = recordAddresses(app.page)
    await openUploadPage(account)
    // The link's tokens arrive in the hash, as the spec's page requires, and the page takes
    // them out of the address bar once read (issue 12).
    expect(landingAddress(addresses, `/upload/${account.userId}`).hash).toContain('access_token=')
    await app.page.getByText(`For ${account.email}.`, { exact: false }).waitFor()
    await expectNoTokensInAddress(app.page)

    const pdf = minimalPdf('Jane Doe - Resume')
    await chooseFile({ name: 'jane-doe-resume.pdf', mimeType: 'application/pdf', buffer: pdf })
    await app.page.getByText('jane-doe-resume.pdf', { exact: true }).waitFor()
    await app.page.getByRole('button', { name: 'Upload resume', exact: true }).click()

    await expectHeading('Resume uploaded')
    await app.page
      .getByText('Your resume is uploaded. Return to the app to see your analysis.', {
        exact: true,
      })
      .waitFor()
    expect(app.consoleErrors).toEqual([])
    // The link's session existed only for the upload.
    expect(await storedSessionUserId(app.page)).toBeNull()

    // One object, a PDF under a random name in the user's folder, with the bytes sent.
    const [object, ...others] = await storedResumes(account.userId)
    expect(others).toEqual([])
    expect(object?.name).toMatch(new RegExp(`^${account.userId}/[0-9a-f-]{36}\\.pdf$`))
    expect(object?.metadata).toMatchObject({ mimetype: 'application/pdf', size: pdf.length })
    // Read back through the storage service with the owner's other session (the app's).
    const download = await account.client.storage.from('resumes').download(object?.name ?? '')
    expect(download.error).toBeNull()
    expect(Buffer.from((await download.data?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(pdf)

    // Its professional profile.
    const fileName = object?.name.split('/')[1]
    // Stored under the random name; the name on the user's computer is kept for display.
    expect(await profilesOf(account.userId)).toEqual([
      {
        file_name: fileName,
        original_file_name: 'jane-doe-resume.pdf',
        resume_path: object?.name,
      },
    ])
    // Its analysis, recorded with the profile and taken on by the worker: this one-line PDF has
    // too little text to be a resume, so it ends FAILED with that reason, once.
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string; failure: string | null }>(
              'select status, failure from public.resume_analyses where user_id = $1',
              [account.userId],
            )
          ).rows,
        { timeout: 20_000 },
      )
      .toEqual([{ status: 'FAILED', failure: 'no_text' }])

    // The way back into the app: the profile, which asks this browser to sign in first and
    // then shows the file under the name it had on the user's computer.
    await app.page.getByRole('link', { name: 'Open your profile', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    await app.page.getByLabel('Email', { exact: true }).fill(account.email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname.startsWith('/account'))
    await app.page.goto('/account/profile')
    await app.page.getByText('jane-doe-resume.pdf', { exact: true }).waitFor()
  })

  it('shows the upload under way, and Cancel keeps the chosen file', async () => {
    const account = await signUp('cancel')
    await openUploadPage(account)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // Holds the bytes' PUT (not the POST asking for the signed URL) until released.
    await app.page.route('**/storage/v1/object/upload/sign/**', async (route) => {
      if (route.request().method() === 'PUT') {
        await held
      }
      await route.continue().catch(() => undefined)
    })

    await chooseFile({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf('CV') })
    await app.page.getByRole('button', { name: 'Upload resume', exact: true }).click()
    await app.page.getByRole('progressbar', { name: 'Upload progress' }).waitFor()
    await app.page.getByText(/^Uploading… \d+%$/).waitFor()
    await app.page.getByRole('button', { name: 'Cancel', exact: true }).click()

    await app.page.getByRole('button', { name: 'Upload resume', exact: true }).waitFor()
    await app.page.getByText('cv.pdf', { exact: true }).waitFor()
    release()
    await app.page.unroute('**/storage/v1/object/upload/sign/**')

    await app.page.getByRole('button', { name: 'Upload resume', exact: true }).click()
    await expectHeading('Resume uploaded')
    expect(await profilesOf(account.userId)).toHaveLength(1)
  })

  it('refuses a file that is not a PDF (a PNG renamed .pdf) and stores nothing', async () => {
    const account = await signUp('wrong-file')
    await openUploadPage(account)

    const png = Buffer.from([...PNG_SIGNATURE, ...Buffer.from('not a resume')])
    await chooseFile({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: png })
    const alert = app.page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      "This file isn't a PDF. Choose your resume as a PDF file.",
    )
    expect(await app.page.getByRole('button', { name: 'Upload resume' }).count()).toBe(0)

    // Too large: refused before a byte is sent.
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)
    big.write('%PDF-1.4\n', 'latin1')
    await chooseFile({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: big })
    await app.page
      .getByRole('alert')
      .filter({ hasText: 'This file is over 10 MB. Choose a PDF of 10 MB or less.' })
      .waitFor()

    expect(await storedResumes(account.userId)).toEqual([])
    expect(await profilesOf(account.userId)).toEqual([])
  })

  it("shows Upload Error when one user's link is opened on another user's page", async () => {
    const [owner, other] = await Promise.all([signUp('owner'), signUp('other')])
    const message = await requestUploadLink(owner)
    // Followed outside the browser, to read the session the link lands with.
    const link = message.links.find((candidate) => candidate.includes('/auth/v1/verify')) ?? ''
    const response = await fetch(link, { redirect: 'manual' })
    const landing = new URL(response.headers.get('location') ?? '')
    expect(landing.pathname).toBe(`/upload/${owner.userId}`)

    // The page logs why it refuses the link (spec §8), as checked below.
    app.expectConsoleError(/^Authentication failed Error: Invalid user session\b/)
    await app.page.goto(`/upload/${other.userId}${landing.hash}`)
    await expectUploadErrorView()
    await expectConsoleError(
      (line) => line.startsWith('Authentication failed') && line.includes('Invalid user session'),
    )
    expect(await app.page.getByLabel('Resume (PDF)').count()).toBe(0)
    expect(await storedResumes(other.userId)).toEqual([])
  })

  it('shows Upload Error when the link lands without its tokens (used once already)', async () => {
    const account = await signUp('used-link')
    const message = await openUploadPage(account)

    // The page logs the missing tokens (spec §8), as checked below.
    app.expectConsoleError(/^Missing authentication token\b/)
    await clickAuthLinkInEmail(app.page, message)
    await app.page.waitForURL((url) => url.pathname === `/upload/${account.userId}`)
    expect(new URL(app.page.url()).hash).not.toContain('access_token=')
    await expectUploadErrorView()
    await expectConsoleError((line) => line === 'Missing authentication token')
  })
})
