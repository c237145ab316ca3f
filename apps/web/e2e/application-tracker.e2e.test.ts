import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The tracker (issue 14) in Chromium on a phone (360×740) against the real server: a right swipe
 * → the application's page → additional context saved and still there after a reload →
 * feedback sent → an interview scheduled (status INTERVIEW, on the timeline) → moved on the
 * board to OFFER with the keyboard ("Move to…"); and a job added by hand, free.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }

async function insertJob(title: string) {
  const company = `Trackworks ${randomUUID().slice(0, 8)}`
  await db.query(
    `insert into public.jobs (source, source_id, title, company_name, location, locations,
       country_codes, location_names, work_location, job_type, description, apply_url, posted_at)
     values ('manual', $1, $2, $3, 'Lisbon, Portugal', '[{"name": "Lisbon", "countryCode": "PT"}]',
       '{PT}', '{lisbon}', 'HYBRID', 'FULL_TIME', 'We build payment rails in Go.',
       'https://careers.example.com/apply', now() - interval '1 hour')`,
    [randomUUID(), title, company],
  )
  return { title, company }
}

async function startAsGuest(): Promise<string> {
  const userId = await continueAsGuest(app.page)
  await db.query(
    'update public.credit_balances set balance = 10, used_in_period = 0 where user_id = $1',
    [userId],
  )
  return userId
}

async function statusOf(userId: string) {
  const { rows } = await db.query<{ status: string }>(
    'select status from public.job_applications where user_id = $1',
    [userId],
  )
  return rows.map((row) => row.status)
}

async function expectNoHorizontalOverflow(where: string) {
  const { scrollWidth, innerWidth } = await app.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth, where).toBeLessThanOrEqual(innerWidth)
}

describe('the application tracker', () => {
  it('swipe right → the application page: context, feedback, an interview; then the board by keyboard', async () => {
    await app.page.setViewportSize(PHONE)
    const job = await insertJob('Payments Engineer')
    const name = `${job.title} at ${job.company}`
    const userId = await startAsGuest()

    await app.page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([job.company]))}`)
    await app.page.locator('[data-top-card]').getByRole('heading', { level: 2 }).waitFor()
    const swiped = app.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/swipes') && response.request().method() === 'POST',
    )
    await app.page.getByRole('button', { name: 'Save', exact: true }).click()
    expect((await swiped).status()).toBe(201)

    await app.page.goto('/applications')
    await app.page.getByRole('link', { name: `Details: ${name}` }).click()
    await app.page.waitForURL((url) => url.pathname.startsWith('/applications/'))
    await app.page.getByRole('heading', { level: 1, name: job.title }).waitFor()
    await app.page.getByText('We build payment rails in Go.').waitFor()
    await expectNoHorizontalOverflow('the application page')
    await expectAccessible(app.page, 'the application page at 360px')

    // Additional context: saved, and still there after a reload.
    const context = app.page.getByLabel(/What you know about this role/)
    await context.fill('Referred by Inês Costa; the team moves to Kotlin next year.')
    await app.page.getByRole('button', { name: 'Save context' }).click()
    await app.page.getByRole('status').getByText('Saved.').waitFor()
    await app.page.reload()
    await expect
      .poll(() => app.page.getByLabel(/What you know about this role/).inputValue())
      .toBe('Referred by Inês Costa; the team moves to Kotlin next year.')

    // Feedback on the letter.
    // The rating's radios are visually hidden inside their tiles: tap the tile, as a person would.
    const fourStars = app.page.getByLabel('4 out of 5')
    await app.page.locator('label', { has: fourStars }).click()
    expect(await fourStars.isChecked()).toBe(true)
    await app.page.getByLabel('Too generic').check()
    await app.page.getByLabel('Comment (optional)').fill('Mention the Go migration.')
    await app.page.getByRole('button', { name: 'Send feedback' }).click()
    await app.page.getByText('Thank you: your feedback was sent.').waitFor()
    const feedback = await db.query(
      'select subject, rating, reasons, comment from public.job_application_feedback where user_id = $1',
      [userId],
    )
    expect(feedback.rows).toEqual([
      {
        subject: 'cover_letter',
        rating: 4,
        reasons: ['too_generic'],
        comment: 'Mention the Go migration.',
      },
    ])

    // An interview: the status moves to INTERVIEW and the timeline shows its details.
    await app.page.getByRole('button', { name: 'Schedule an interview' }).click()
    const form = app.page.getByRole('form', { name: 'Schedule an interview' })
    await form.getByLabel('Date').fill('2026-12-08')
    await form.getByLabel('Time', { exact: true }).fill('14:30')
    await form.getByLabel('Time zone').fill('Europe/Lisbon')
    await form.getByLabel('Video link').fill('https://meet.example.com/pay-42')
    await form.getByLabel('People (comma-separated)').fill('Inês Costa, Rui Alves')
    await form.getByRole('button', { name: 'Save interview' }).click()
    const timeline = app.page.getByRole('list', { name: 'Timeline' })
    await timeline.getByText('Interview scheduled').waitFor()
    await timeline.getByText('Tue, 8 Dec 2026, 14:30 (Europe/Lisbon)').waitFor()
    await timeline.getByText('With Inês Costa, Rui Alves').waitFor()
    await app.page.locator('main header').getByText('Interview', { exact: true }).waitFor()
    await expect.poll(() => statusOf(userId)).toEqual(['INTERVIEW'])

    // A follow-up reminder: on the timeline, the status stays.
    await app.page.getByRole('button', { name: 'Remind me to follow up' }).click()
    await app.page.getByLabel('Follow up on').fill('2026-12-10')
    await app.page.getByRole('button', { name: 'Save reminder' }).click()
    await timeline.getByText('Follow up on Thu, 10 Dec 2026').waitFor()
    expect(await statusOf(userId)).toEqual(['INTERVIEW'])

    // The board, by keyboard: the card's "Move to…" menu.
    await app.page.goto('/applications?view=board')
    // The board may paint first from the offline cache's last sync, then from the
    // server: wait for the card to settle in the interview column.
    const card = app.page.locator('[data-column="INTERVIEW"]').getByRole('article', { name })
    await card.waitFor()
    expect(await app.page.getByRole('article', { name }).count()).toBe(1)
    await expectAccessible(app.page, 'the board at 360px')
    // Tab to the card's "Move to…", Enter, Tab to "Offer", Enter: the keyboard only.
    const menu = card.getByRole('button', { name: `Move to… ${name}` })
    await card.getByRole('link', { name: job.title }).focus()
    await app.page.keyboard.press('Tab')
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true)
    await app.page.keyboard.press('Enter')
    const stages = card.getByRole('list', { name: `Stages for ${name}` })
    expect(await stages.getByRole('button').allTextContents()).toEqual([
      'Applied',
      'Offer',
      'Rejected',
      'Withdrawn',
    ])
    await app.page.keyboard.press('Tab')
    await app.page.keyboard.press('Tab')
    await app.page.keyboard.press('Enter')
    await app.page.locator('[data-column="OFFER"]').getByRole('article', { name }).waitFor()
    await expect.poll(() => statusOf(userId)).toEqual(['OFFER'])
    const events = await db.query<{ type: string }>(
      `select type from public.job_application_events where user_id = $1 order by created_at`,
      [userId],
    )
    expect(events.rows.map((row) => row.type)).toEqual([
      'interview_scheduled',
      'follow_up',
      'offer_received',
    ])
    await app.page.reload()
    await app.page.locator('[data-column="OFFER"]').getByRole('article', { name }).waitFor()
  })

  it('adds a job found elsewhere by hand, free, and opens its page', async () => {
    await app.page.setViewportSize(PHONE)
    const userId = await startAsGuest()
    await app.page.goto('/applications')
    await app.page.getByRole('button', { name: 'Add a job by hand' }).click()
    await app.page.getByLabel('Job title').fill('Research Librarian')
    await app.page.getByRole('textbox', { name: 'Company', exact: true }).fill('Aldgate Institute')
    await app.page.getByLabel('Link (optional)').fill('https://aldgate.example/jobs/3')
    await app.page.getByRole('button', { name: 'Add', exact: true }).click()
    await app.page.getByRole('heading', { level: 1, name: 'Research Librarian' }).waitFor()
    await app.page.getByText('No cover letter yet.').waitFor()

    // What a preparation writes shows as it is: the letter's text and the typed match report.
    await db.query(
      `update public.job_applications
       set cover_letter = $2, match_report = $3
       where user_id = $1`,
      [
        userId,
        'Dear Aldgate Institute team,\n\nI would like to apply for the Research Librarian role.',
        {
          score: 67,
          matched: [
            { label: 'Cataloguing', kind: 'skill', evidence: 'Archivist at Fenwick Library' },
          ],
          missing: [{ label: 'Latin', kind: 'requirement', evidence: null }],
          suggestions: ['Mention the digitisation project you led.'],
          generatedAt: '2026-11-25T10:00:00.000Z',
        },
      ],
    )
    await app.page.reload()
    await app.page.getByText('I would like to apply for the Research Librarian role.').waitFor()
    const report = app.page.getByRole('region', { name: 'Match report' })
    await report.getByText('67%').waitFor()
    await report.getByText('Archivist at Fenwick Library', { exact: false }).waitFor()
    await report.getByText('Latin').waitFor()
    await report.getByText('Mention the digitisation project you led.').waitFor()
    const { rows } = await db.query<{ balance: number }>(
      'select balance from public.credit_balances where user_id = $1',
      [userId],
    )
    expect(rows[0]?.balance).toBe(10)
  })

  it('on a wide screen: dragging a card to a column records the event; a refused move goes back', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    const job = await insertJob('Ledger Engineer')
    const name = `${job.title} at ${job.company}`
    const userId = await startAsGuest()
    await app.page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([job.company]))}`)
    await app.page.locator('[data-top-card]').getByRole('heading', { level: 2 }).waitFor()
    await app.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => statusOf(userId)).toEqual(['SAVED'])

    await app.page.goto('/applications?view=board')
    const inColumn = (status: string) =>
      app.page.locator(`[data-column="${status}"]`).getByRole('article', { name })
    await inColumn('SAVED').waitFor()

    // Drag by the card's grip to the Applied column.
    const grip = (await inColumn('SAVED').locator('button[aria-hidden="true"]').boundingBox())!
    const target = (await app.page.locator('[data-column="APPLIED"]').boundingBox())!
    await app.page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2)
    await app.page.mouse.down()
    for (let step = 1; step <= 10; step++) {
      await app.page.mouse.move(
        grip.x + ((target.x + target.width / 2 - grip.x) * step) / 10,
        grip.y + ((target.y + 60 - grip.y) * step) / 10,
      )
    }
    await app.page.mouse.up()
    await inColumn('APPLIED').waitFor()
    await expect.poll(() => statusOf(userId)).toEqual(['APPLIED'])

    // The server refuses the next move: the card comes back, and the reason is said.
    app.expectConsoleError(/Failed to load resource: the server responded with a status of 503/)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await app.page.route('**/rest/v1/job_application_events*', async (route) => {
      await held
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PGRST000', message: 'The database is not available' }),
      })
    })
    await inColumn('APPLIED')
      .getByRole('button', { name: `Move to… ${name}` })
      .click()
    await inColumn('APPLIED').getByRole('button', { name: 'Rejected' }).click()
    // Optimistic: in Rejected before the server answers.
    await inColumn('REJECTED').waitFor()
    release()
    await app.page
      .getByRole('alert')
      .getByText(/We couldn't move .*The database is not available/)
      .waitFor()
    await inColumn('APPLIED').waitFor()
    expect(await statusOf(userId)).toEqual(['APPLIED'])
  })
})
