import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { storedSessionUserId } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * What a right swipe produces, in Chromium on a phone-sized screen against the real server (its
 * real background jobs): after "Save" the deck says the cover letter is being prepared, then
 * that it is ready with a link to the application, whose letter, PDF and report are stored.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

describe('the cover letter a save prepares', () => {
  it('shows it being prepared under the deck, then ready with a link to the application', async () => {
    const company = `Letterworks ${randomUUID().slice(0, 8)}`
    const { rows } = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name, skills, description,
         apply_url, posted_at)
       values ('manual', $1, 'Backend Engineer', $2, '{TypeScript,PostgreSQL}',
         'Requirements:\n- Experience with PostgreSQL', 'https://careers.example.com/apply', now())
       returning id`,
      [randomUUID(), company],
    )
    const jobId = rows[0]!.id

    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    await app.page.waitForURL((url) => url.pathname !== '/sign-in')
    const userId = await storedSessionUserId(app.page)
    await db.query(
      `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
      [
        userId,
        {
          basics: { name: 'Ines Carvalho' },
          work: [{ name: 'Tidewater Labs', position: 'Software Engineer' }],
          skills: ['TypeScript', 'PostgreSQL'],
        },
      ],
    )
    await app.page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`)
    await app.page.getByRole('heading', { name: 'Backend Engineer' }).first().waitFor()

    await app.page.getByRole('button', { name: 'Save', exact: true }).click()
    const progress = app.page.getByTestId('cover-letter-progress')
    await progress.waitFor()
    expect(await progress.textContent()).toMatch(
      /Saved — preparing your cover letter for Backend Engineer at Letterworks|are ready/,
    )
    await progress.filter({ hasText: 'are ready' }).waitFor({ timeout: 20_000 })

    const { rows: applications } = await db.query<{
      id: string
      cover_letter: string
      cover_letter_path: string
      match_report: { matched: { label: string }[] }
    }>(
      `select id, cover_letter, cover_letter_path, match_report from public.job_applications
       where user_id = $1 and job_id = $2`,
      [userId, jobId],
    )
    const application = applications[0]!
    expect(application.cover_letter).toContain(`Backend Engineer position at ${company}`)
    expect(application.cover_letter).toContain('Tidewater Labs')
    expect(application.cover_letter_path).toBe(`${userId}/${application.id}.pdf`)
    expect(application.match_report.matched.map((item) => item.label)).toContain('PostgreSQL')
    const { rows: objects } = await db.query(
      `select 1 from storage.objects where bucket_id = 'cover-letters' and name = $1`,
      [application.cover_letter_path],
    )
    expect(objects).toHaveLength(1)

    await progress.getByRole('link', { name: 'Open the application' }).click()
    await app.page.waitForURL((url) => url.pathname === `/applications/${application.id}`)
  })
})
