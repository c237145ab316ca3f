import { describe, it } from 'vitest'
import { createAccount, uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The profile says where a resume's analysis stands (issues 13 and 15) instead of "PENDING"
 * forever: requested while the queue has not recorded it, then, as the page asks again on its
 * own, queued, running and done with its score and a link to the review.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

describe('the resume analysis on the profile', () => {
  it('shows the request, then (without a reload) queued, running and done', async () => {
    const email = uniqueEmail('analysis')
    const user = await createAccount(app.stack.appUrl, email, PASSWORD)
    const id = user?.id ?? ''
    const profile = await db.query<{ id: string }>(
      `insert into public.professional_profiles (user_id, file_name, original_file_name, resume_path)
       values ($1, 'a1b2.pdf', 'Ada Lovelace CV.pdf', $2) returning id`,
      [id, `${id}/a1b2.pdf`],
    )
    await app.page.goto('/sign-in?redirect=/account/profile')
    await app.page.getByLabel('Email', { exact: true }).fill(email)
    await app.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/account/profile')
    await app.page.getByText('Ada Lovelace CV.pdf', { exact: true }).waitFor()

    const status = app.page.locator('[data-analysis-state]')
    await status.getByText('Analysis requested', { exact: true }).waitFor()
    await status.getByText('picked up within about a minute', { exact: false }).waitFor()

    // The analysis as the worker moves it on (written here, so no real worker races the test).
    const analysis = await db.query<{ id: string }>(
      `insert into public.resume_analyses (user_id, professional_profile_id, source, document_path)
       values ($1, $2, 'resume', $3) returning id`,
      [id, profile.rows[0]?.id, `${id}/a1b2.pdf`],
    )
    await status.getByText('Queued for analysis', { exact: true }).waitFor({ timeout: 15_000 })
    await db.query(
      `update public.resume_analyses set status = 'PROCESSING', progress_step = 'parsing' where id = $1`,
      [analysis.rows[0]?.id],
    )
    await status.getByText('Analysing your resume…', { exact: true }).waitFor({ timeout: 15_000 })
    await db.query(
      `update public.resume_analyses
       set status = 'COMPLETED', progress_step = 'done', progress = 100, score = 82,
           completed_at = now()
       where id = $1`,
      [analysis.rows[0]?.id],
    )
    await status
      .getByText('Analysis ready: 82 out of 100', { exact: true })
      .waitFor({ timeout: 15_000 })
    await status.getByRole('link', { name: 'See your review' }).click()
    await app.page.waitForURL((url) => url.pathname === '/resume')
  })
})
