import { describe, it } from 'vitest'
import { createAccount, uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The profile says where a resume's analysis stands (issue 13) instead of "PENDING" forever:
 * requested while the queue has not recorded it, then, as the page asks again on its own, that
 * this install does not analyse resumes yet.
 */
const app = setUpAppInBrowser()

const PASSWORD = 'correct horse battery'

const db = setUpStackDatabase(app)

describe('the resume analysis on the profile', () => {
  it('shows the request, then (without a reload) that analyses are not processed here', async () => {
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

    // What the queue's worker records, and all it does in this install.
    await db.query(
      `insert into public.resume_analyses (user_id, professional_profile_id, source, document_path)
       values ($1, $2, 'resume', $3)`,
      [id, profile.rows[0]?.id, `${id}/a1b2.pdf`],
    )
    await status
      .getByText('Analysis not available yet', { exact: true })
      .waitFor({ timeout: 15_000 })
    await status.getByText('does not analyse resumes yet', { exact: false }).waitFor()
    await app.page.getByText('PENDING', { exact: true }).waitFor({ state: 'detached' })
  })
})
