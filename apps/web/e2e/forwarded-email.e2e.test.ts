import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { findFreePort } from '../../../test/free-port.ts'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 14's "Done when", in one walk, in Chromium on a phone-sized screen against the real
 * server with its SMTP receiver on: a right swipe → the card shows the letter being prepared →
 * the application page shows the letter (its text, and its PDF in the `cover-letters` bucket),
 * the match report, additional context saved and reloaded, feedback sent; the application moved
 * on the board; an interview scheduled and found in the private `.ics` feed; a rejection the
 * seeker forwards to their private address (sent over SMTP, as a mail provider would) moves that
 * application to REJECTED and shows on its timeline; a message the classifier cannot place
 * waits in the review inbox instead of moving anything.
 */
const smtpPort = await findFreePort()
const app = setUpAppInBrowser({ env: { INBOUND_SMTP_PORT: String(smtpPort) } })
const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }

function forward(message: { from: string; to: string; subject: string; text: string }) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  })
  return transport.sendMail({ ...message, messageId: `<${randomUUID()}@fernhill-analytics.com>` })
}

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')

describe('an application, from the swipe to the employer’s answer', () => {
  it('prepares the letter, is tracked and scheduled, then a forwarded rejection moves it and a doubtful mail waits', async () => {
    const { page } = app
    await page.setViewportSize(PHONE)
    const company = 'Fernhill Analytics'
    await db.query(
      `insert into public.jobs (source, source_id, title, company_name, skills, description,
         apply_url, posted_at)
       values ('manual', $1, 'Data Analyst', $2, '{SQL,Tableau}',
         'Requirements:\n- Experience with SQL', 'https://careers.example.com/fernhill', now())`,
      [randomUUID(), company],
    )
    const userId = await continueAsGuest(page)
    await db.query(
      `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
      [
        userId,
        {
          basics: { name: 'Noor Haddad' },
          work: [{ name: 'Quayside Retail', position: 'Reporting Analyst' }],
          skills: ['SQL', 'Excel'],
        },
      ],
    )

    // The right swipe, and the letter it prepares: the card shows the work in progress.
    await page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`)
    await page.getByRole('heading', { name: 'Data Analyst' }).first().waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const progress = page.getByTestId('cover-letter-progress')
    await progress.waitFor()
    await progress.filter({ hasText: 'are ready' }).waitFor({ timeout: 20_000 })
    await progress.getByRole('link', { name: 'Open the application' }).click()
    await page.waitForURL((url) => /^\/applications\/[0-9a-f-]{36}$/.test(url.pathname))
    const applicationId = new URL(page.url()).pathname.split('/')[2]!

    // The letter (text and PDF) and the match report.
    const letter = page.getByTestId('cover-letter-text')
    await letter.getByText(`Data Analyst position at ${company}`, { exact: false }).waitFor()
    expect(await letter.textContent()).toContain('Quayside Retail')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the PDF' }).click(),
    ])
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-')
    const { rows: pdfs } = await db.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'cover-letters' and owner_id = $1`,
      [userId],
    )
    expect(pdfs.map((pdf) => pdf.name)).toEqual([`${userId}/${applicationId}.pdf`])
    const report = page.getByRole('region', { name: 'Match report' })
    await report.getByText('67%').waitFor()
    await report.getByRole('listitem').filter({ hasText: 'SQL — Listed in your skills' }).waitFor()
    await report
      .getByRole('listitem')
      .filter({ hasText: /^Tableau$/ })
      .waitFor()

    // Additional context, saved and still there after a reload; feedback on the letter.
    const context = 'Their team lead spoke at the Leeds data meetup about retail forecasting.'
    await page.getByLabel(/What you know about this role/).fill(context)
    await page.getByRole('button', { name: 'Save context' }).click()
    await page.getByRole('status').getByText('Saved.').waitFor()
    await page.reload()
    await expect
      .poll(() => page.getByLabel(/What you know about this role/).inputValue())
      .toBe(context)
    // The rating's radios are visually hidden inside their tiles: tap the tile, as a person would.
    const fourStars = page.getByLabel('4 out of 5')
    await page.locator('label', { has: fourStars }).click()
    expect(await fourStars.isChecked()).toBe(true)
    await page.getByLabel('Too generic').check()
    await page.getByRole('button', { name: 'Send feedback' }).click()
    await page.getByText('Thank you: your feedback was sent.').waitFor()

    // Moved on the board: "I applied".
    const name = `Data Analyst at ${company}`
    await page.goto('/applications?view=board')
    const card = page.getByRole('article', { name })
    await card.getByRole('button', { name: `Move to… ${name}` }).click()
    await card
      .getByRole('list', { name: `Stages for ${name}` })
      .getByRole('button', { name: 'Applied' })
      .click()
    await page.locator('[data-column="APPLIED"]').getByRole('article', { name }).waitFor()

    // An interview, scheduled on its page, in the private calendar feed a phone subscribes to.
    const year = new Date().getUTCFullYear() + 1
    await page.goto(`/applications/${applicationId}`)
    await page.getByRole('button', { name: 'Schedule an interview' }).click()
    const form = page.getByRole('form', { name: 'Schedule an interview' })
    await form.getByLabel('Date').fill(`${year}-03-04`)
    await form.getByLabel('Time', { exact: true }).fill('11:00')
    await form.getByLabel('Time zone').fill('Europe/London')
    await form.getByRole('button', { name: 'Save interview' }).click()
    await page.getByRole('list', { name: 'Timeline' }).getByText('Interview scheduled').waitFor()
    await page.goto('/applications/calendar')
    await page.getByRole('button', { name: 'Create calendar feed' }).click()
    const feedUrl = page.getByTestId('calendar-feed-url')
    await expect.poll(() => feedUrl.textContent()).toMatch(/\.ics$/)
    const feed = unfold(await (await fetch((await feedUrl.textContent())!)).text())
    expect(feed).toContain(`SUMMARY:Interview: Data Analyst at ${company}`)
    expect(feed).toContain(`DTSTART:${year}0304T110000Z`)

    // The seeker's private address, as the inbox page shows it.
    await page.goto('/applications/inbox')
    const addressText = page.getByTestId('inbound-address')
    await expect.poll(() => addressText.textContent()).toMatch(/@/)
    const address = (await addressText.textContent())!.trim()

    // The employer's rejection, forwarded: the application moves on its own.
    await forward({
      from: 'Talent Team <talent@fernhill-analytics.com>',
      to: address,
      subject: `Your application for Data Analyst at ${company}`,
      text: [
        'Dear Noor,',
        '',
        `Thank you for your interest in the Data Analyst position at ${company}.`,
        '',
        'After careful consideration, we regret to inform you that we have decided not to move forward with your application.',
        '',
        'Kind regards,',
        `The ${company} Talent Team`,
      ].join('\n'),
    })
    await expect
      .poll(async () => {
        const { rows } = await db.query<{ status: string }>(
          'select status from public.job_applications where id = $1',
          [applicationId],
        )
        return rows[0]?.status
      })
      .toBe('REJECTED')
    await page.goto(`/applications/${applicationId}`)
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByText('Rejected', { exact: true })
      .waitFor()

    // A message it cannot place waits for the seeker; nothing moves.
    await forward({
      from: 'Jo Baker <jo.baker@gmail.com>',
      to: address,
      subject: 'Catching up',
      text: 'Hi Noor, are you around for a coffee next week? Jo',
    })
    await page.goto('/applications/inbox')
    await page.getByRole('listitem', { name: 'Catching up' }).waitFor()
    const { rows: events } = await db.query<{ type: string }>(
      'select type from public.job_application_events where job_application_id = $1',
      [applicationId],
    )
    expect(events.map((event) => event.type).sort()).toEqual([
      'applied',
      'interview_scheduled',
      'rejection_received',
    ])
  })
})
