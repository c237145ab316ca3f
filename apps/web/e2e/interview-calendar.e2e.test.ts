import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The interview calendar (/applications/calendar, issue 14) in Chromium at phone size against
 * the real server: an interview scheduled on an application's page downloads as an `.ics` from
 * its timeline, shows on the calendar page, and is in the private feed created there, fetched
 * without signing in as a phone calendar does.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }

async function startAsGuest(): Promise<string> {
  return continueAsGuest(app.page)
}

async function arrange(userId: string, company: string) {
  const job = await db.query<{ id: string }>(
    `insert into public.jobs (source, source_id, title, company_name, description, posted_at)
     values ('manual', $1, 'Site Reliability Engineer', $2, 'Keep it up.', now()) returning id`,
    [randomUUID(), company],
  )
  const application = await db.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id) values ($1, $2) returning id`,
    [userId, job.rows[0]!.id],
  )
  return application.rows[0]!.id
}

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')

describe('the interview calendar', () => {
  it('downloads an interview, lists it, and serves it in the private feed', async () => {
    await app.page.setViewportSize(PHONE)
    const userId = await startAsGuest()
    const company = `Calendarworks ${randomUUID().slice(0, 8)}`
    const applicationId = await arrange(userId, company)
    const year = new Date().getUTCFullYear() + 1

    // Scheduled on the application's page, in Berlin's winter time (UTC+1).
    await app.page.goto(`/applications/${applicationId}`)
    await app.page.getByRole('button', { name: 'Schedule an interview' }).click()
    const form = app.page.getByRole('form', { name: 'Schedule an interview' })
    await form.getByLabel('Date').fill(`${year}-02-10`)
    await form.getByLabel('Time', { exact: true }).fill('09:00')
    await form.getByLabel('Time zone').fill('Europe/Berlin')
    await form.getByLabel('People (comma-separated)').fill('Greta Holm')
    await form.getByRole('button', { name: 'Save interview' }).click()
    const timeline = app.page.getByRole('list', { name: 'Timeline' })
    await timeline.getByText('Interview scheduled').waitFor()

    // Its calendar file, from the timeline.
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      timeline.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
    ])
    const file = unfold(await readFile(await download.path(), 'utf8'))
    expect(file).toContain(`SUMMARY:Interview: Site Reliability Engineer at ${company}`)
    expect(file).toContain(`DTSTART:${year}0210T080000Z`)

    // The calendar page, reached from the tracker's header.
    await app.page.goto('/applications')
    await app.page.getByRole('link', { name: 'Calendar', exact: true }).click()
    await app.page.waitForURL((url) => url.pathname === '/applications/calendar')
    const interviews = app.page.getByRole('list', { name: 'Interviews' })
    await interviews.getByText(`Site Reliability Engineer · ${company}`).waitFor()
    await interviews.getByText(`${year}-02-10 09:00 (Europe/Berlin)`).waitFor()

    await app.page.getByRole('button', { name: 'Create calendar feed' }).click()
    const feedUrl = app.page.getByTestId('calendar-feed-url')
    await expect.poll(() => feedUrl.textContent()).toMatch(/\/calendar\/[\w-]{43}\.ics$/)
    const url = (await feedUrl.textContent())!

    // Fetched as a phone calendar does: no sign-in, the token is the key.
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const feed = unfold(await response.text())
    expect(feed).toContain(`SUMMARY:Interview: Site Reliability Engineer at ${company}`)
    expect(feed).toContain(`DTSTART:${year}0210T080000Z`)

    // A new address: the old one stops at once.
    await app.page.getByRole('button', { name: 'New address' }).click()
    await expect.poll(() => feedUrl.textContent()).not.toBe(url)
    expect((await fetch(url)).status).toBe(404)
  })
})
