import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { inventedLinkedinExport } from './resume-support.ts'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import {
  authClient,
  clickAuthLinkInEmail,
  createAccount,
  uniqueEmail,
  waitForEmail,
} from './accounts.ts'
import { fetchAppConfig, setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 15's "Done when", in Chromium at a phone's size against the real server and worker:
 * a resume uploaded by the link flow is analysed and appears on /resume with every field filled
 * and editable; a correction is saved and survives a reload; the review shows its suggestions;
 * and the resume is matched against an application the test creates. The page's empty and
 * analysed states pass the accessibility audit.
 *
 * The resume is RenderCV's "classic" John Doe (MIT), whose content is known from its YAML.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

const PASSWORD = 'correct-horse-battery'
const RESUME_PDF = resolve(
  import.meta.dirname,
  // RenderCV's sample resume (MIT), in the parser's labelled set.
  '../../server/src/modules/resume-parser/fixtures/rendercv-classic/john-doe.pdf',
)
const PHONE = { width: 360, height: 740 }

async function signUp() {
  const email = uniqueEmail('resume-analysis')
  const client = await authClient(app.stack.appUrl)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error || !data.session || !data.user) {
    throw new Error(`Could not sign up ${email}: ${error?.message ?? 'no session'}`)
  }
  return { email, userId: data.user.id, session: data.session }
}

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in?redirect=/resume')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/resume')
  await page.getByRole('heading', { level: 1, name: 'Resume', exact: true }).waitFor()
}

/** The upload link flow of resume-upload.e2e: the email's link opens /upload/<id>, with a PDF. */
async function uploadByLink(account: Awaited<ReturnType<typeof signUp>>) {
  const config = await fetchAppConfig(app.stack.appUrl)
  const response = await fetch(`${config.PUBLIC_API_BASE_URL}/emails/resume-upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.session.access_token}`,
      'x-refresh-token': account.session.refresh_token,
    },
  })
  expect(response.status).toBe(202)
  const message = await waitForEmail(app.stack.appUrl, {
    to: account.email,
    template: 'resume_upload_link',
  })
  await clickAuthLinkInEmail(app.page, message)
  await app.page.waitForURL((url) => url.pathname === `/upload/${account.userId}`)
  await app.page.getByLabel('Resume (PDF)').setInputFiles({
    name: 'John_Doe_CV.pdf',
    mimeType: 'application/pdf',
    buffer: await readFile(RESUME_PDF),
  })
  await app.page.getByRole('button', { name: 'Upload resume', exact: true }).click()
  await app.page.getByRole('heading', { level: 1, name: 'Resume uploaded' }).waitFor()
}

/** A saved job the seeker tracks, whose skills the resume partly shows. */
async function createApplication(userId: string) {
  const company = `Matchworks ${randomUUID().slice(0, 8)}`
  const job = await db.query<{ id: string }>(
    `insert into public.jobs (source, source_id, title, company_name, skills, description, posted_at)
     values ('manual', $1, 'Machine Learning Engineer', $2, '{Python,PyTorch,Go}',
       'Requirements:\n- Experience with PyTorch\n- Experience with Kafka streaming', now())
     returning id`,
    [randomUUID(), company],
  )
  await db.query(`insert into public.job_applications (user_id, job_id) values ($1, $2)`, [
    userId,
    job.rows[0]!.id,
  ])
  return company
}

describe('the Resume area', () => {
  it('upload by link → analysed profile, every field editable → correction kept → review → job match', async () => {
    await app.page.setViewportSize(PHONE)
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const account = await signUp()
    const company = await createApplication(account.userId)

    // No resume yet: the upload, and LinkedIn explained.
    await signIn(app.page, account.email)
    await app.page.locator('[data-resume-state="empty"]').waitFor()
    await app.page.getByRole('heading', { name: 'Upload your resume (PDF)' }).waitFor()
    const linkedin = app.page.getByLabel('LinkedIn profile address')
    await linkedin.fill('https://www.linkedin.com/company/acme')
    await app.page.getByRole('button', { name: 'Continue with LinkedIn' }).click()
    await app.page.getByText('That is not a LinkedIn profile address.', { exact: false }).waitFor()
    await linkedin.fill('linkedin.com/in/john-doe')
    await app.page.getByRole('button', { name: 'Continue with LinkedIn' }).click()
    await app.page.getByText('Save to PDF:', { exact: false }).waitFor()
    await app.page.getByText('Get a copy of your data', { exact: false }).waitFor()
    await expectAccessible(app.page, '/resume with no resume')

    // The link flow uploads the PDF; the analysis runs; the app shows it.
    await uploadByLink(account)
    await signIn(app.page, account.email)
    const state = app.page.locator('[data-resume-state]')
    await expect
      .poll(() => state.getAttribute('data-resume-state'), { timeout: 30_000 })
      .toBe('completed')

    // Every field filled and editable, with the PDF's content.
    const profile = app.page.getByRole('form', { name: 'Your profile' })
    const basics = profile.getByRole('region', { name: 'Contact', exact: true })
    await expect.poll(() => basics.getByLabel('Full name').inputValue()).toBe('John Doe')
    expect(await basics.getByLabel('Email').inputValue()).toBe('john.doe@email.com')
    const firstPosition = app.page.getByTestId('work-entry').first()
    expect(await firstPosition.getByLabel('Company').inputValue()).toBe('Nexus AI')
    expect(await firstPosition.getByLabel('Start').inputValue()).toBe('2023-06')
    expect(await firstPosition.getByLabel('I work here now').isChecked()).toBe(true)
    expect(await app.page.getByTestId('work-entry').count()).toBeGreaterThanOrEqual(4)
    const firstSchool = app.page.getByTestId('education-entry').first()
    expect(await firstSchool.getByLabel('School').inputValue()).toBe('Princeton University')
    expect(await firstSchool.getByLabel('End').inputValue()).toBe('2023-05')
    const skills = profile.getByRole('region', { name: 'Skills', exact: true })
    await skills
      .getByRole('listitem')
      .filter({ hasText: /^Python$/ })
      .waitFor()
    await skills.getByRole('button', { name: 'Remove PyTorch' }).waitFor()

    // A wrong date is refused in the browser, with how to write it.
    const secondPosition = app.page.getByTestId('work-entry').nth(1)
    await secondPosition.getByLabel('End').fill('Aug 2022')
    await app.page.getByRole('button', { name: 'Save profile' }).click()
    await secondPosition
      .getByText('Write the date as YYYY-MM (or just YYYY), e.g. 2024-03', { exact: true })
      .waitFor()
    await secondPosition.getByLabel('End').fill('2022-08')

    // Correct the name, add a skill, save; after a reload both are still there.
    await basics.getByLabel('Full name').fill('Johnathan Doe')
    await skills.getByLabel('Add a skill outside the groups').fill('Terraform')
    await skills.getByRole('button', { name: 'Add', exact: true }).last().click()
    await app.page.getByRole('button', { name: 'Save profile' }).click()
    await app.page.getByText('Your corrections are saved.', { exact: true }).waitFor()
    await app.page.reload()
    await state.and(app.page.locator('[data-resume-state="completed"]')).waitFor()
    await expect.poll(() => basics.getByLabel('Full name').inputValue()).toBe('Johnathan Doe')
    await skills.getByRole('button', { name: 'Remove Terraform' }).waitFor()
    await app.page.getByTestId('corrected-fields').getByText(/name/).waitFor()
    const stored = await db.query<{ corrected: { basics?: { name?: string } } }>(
      'select corrected_data as corrected from public.professional_profiles where user_id = $1',
      [account.userId],
    )
    expect(stored.rows[0]?.corrected.basics?.name).toBe('Johnathan Doe')

    // The review: a grade, five sub-scores, findings with their quoted lines and suggestions.
    const review = app.page.getByRole('region', { name: 'Review', exact: true })
    await review.getByTestId('review-grade').waitFor()
    expect(await review.getByRole('progressbar').count()).toBe(5)
    const findings = review.getByTestId('finding')
    expect(await findings.count()).toBeGreaterThan(0)
    const finding = findings.first()
    await finding.getByText('Suggestion', { exact: true }).waitFor()
    await finding.getByRole('button', { name: 'Copy suggestion' }).click()
    await finding.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = await app.page.evaluate(() => navigator.clipboard.readText())
    expect(copied.length).toBeGreaterThan(0)

    // The job match against the application made above.
    const match = app.page.getByRole('region', { name: 'Match against a job' })
    await match
      .getByLabel('Saved job')
      .selectOption({ label: `Machine Learning Engineer · ${company}` })
    await match.getByRole('button', { name: 'Match my resume' }).click()
    const result = match.getByTestId('job-match-result')
    await result.waitFor()
    await result.getByText(/^\d+%/).waitFor()
    await result.getByRole('heading', { name: /^Found in your resume/ }).waitFor()
    await result.getByRole('heading', { name: /^Missing \([1-9]/ }).waitFor()
    await result
      .getByText(/^Python · skill$/)
      .first()
      .waitFor()
    await result.getByRole('heading', { name: 'What to do' }).waitFor()

    // Nothing wider than the phone's screen: long quoted lines and job titles wrap.
    expect(
      await app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await expectAccessible(app.page, '/resume with its analysis')
  })

  it('shows a running analysis step by step, then (without a reload) why it failed', async () => {
    await app.page.setViewportSize(PHONE)
    const email = uniqueEmail('resume-progress')
    const user = await createAccount(app.stack.appUrl, email, PASSWORD)
    const userId = user?.id ?? ''
    const profile = await db.query<{ id: string }>(
      `insert into public.professional_profiles (user_id, file_name, resume_path)
       values ($1, 'scan.pdf', $2) returning id`,
      [userId, `${userId}/scan.pdf`],
    )
    // What the worker writes while it parses (no job is queued: the row stays where it is put).
    const analysis = await db.query<{ id: string }>(
      `insert into public.resume_analyses (user_id, professional_profile_id, source, document_path,
         status, progress_step, progress)
       values ($1, $2, 'resume', $3, 'PROCESSING', 'parsing', 30) returning id`,
      [userId, profile.rows[0]!.id, `${userId}/scan.pdf`],
    )
    await signIn(app.page, email)
    await app.page.locator('[data-resume-state="running"]').waitFor()
    const bar = app.page.getByRole('progressbar', { name: 'Analysis progress' })
    expect(await bar.getAttribute('aria-valuenow')).toBe('30')
    await app.page.getByText('Reading the text and layout… 30%', { exact: true }).waitFor()
    await app.page.getByText(/An analysis usually takes about \d+ seconds\./).waitFor()
    await expectAccessible(app.page, '/resume while an analysis runs')

    await db.query(
      `update public.resume_analyses set progress_step = 'reviewing', progress = 70 where id = $1`,
      [analysis.rows[0]!.id],
    )
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 10_000 }).toBe('70')

    await db.query(
      `update public.resume_analyses set status = 'FAILED', progress_step = 'failed',
         progress = 100, failure = 'no_text',
         error = 'This looks like a scanned image: the PDF has no text to read.'
       where id = $1`,
      [analysis.rows[0]!.id],
    )
    await app.page.locator('[data-resume-state="failed"]').waitFor({ timeout: 10_000 })
    await app.page
      .getByText('This looks like a scanned image: the PDF has no text to read.', { exact: true })
      .waitFor()
    await app.page.getByText('rather than scanning a printout', { exact: false }).waitFor()
    await app.page.getByRole('button', { name: 'Try again' }).waitFor()
    await app.page.getByRole('heading', { name: 'Upload your resume (PDF)' }).waitFor()
    await expectAccessible(app.page, '/resume after a failed analysis')
  })

  it('starts from LinkedIn: the address is checked, the data-export ZIP is read and reviewed', async () => {
    await app.page.setViewportSize(PHONE)
    const email = uniqueEmail('resume-linkedin')
    await createAccount(app.stack.appUrl, email, PASSWORD)
    await signIn(app.page, email)
    await app.page.locator('[data-resume-state="empty"]').waitFor()
    await app.page
      .getByLabel('LinkedIn profile address')
      .fill('https://www.linkedin.com/in/marta-or')
    await app.page.getByRole('button', { name: 'Continue with LinkedIn' }).click()
    await app.page.getByLabel('LinkedIn data export (ZIP)').setInputFiles({
      name: 'Basic_LinkedInDataExport_11-26-2026.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(inventedLinkedinExport()),
    })
    const state = app.page.locator('[data-resume-state]')
    await expect
      .poll(() => state.getAttribute('data-resume-state'), { timeout: 30_000 })
      .toBe('completed')
    const profile = app.page.getByRole('form', { name: 'Your profile' })
    const basics = profile.getByRole('region', { name: 'Contact', exact: true })
    await expect.poll(() => basics.getByLabel('Full name').inputValue()).toBe('Marta Okonkwo-Reyes')
    const position = app.page.getByTestId('work-entry').first()
    expect(await position.getByLabel('Company').inputValue()).toBe('Tidewater Analytics')
    expect(await position.getByLabel('I work here now').isChecked()).toBe(true)
    await app.page
      .getByText('This review comes from LinkedIn’s data export', { exact: false })
      .waitFor()
    await expectAccessible(app.page, '/resume from a LinkedIn export')
  })
})
