import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { findFreePort } from '../../../test/free-port.ts'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * Issue 14's path end to end, in Chromium on a phone-sized screen against the real server with
 * its SMTP receiver on: a right swipe prepares the cover letter, the application page shows it,
 * a rejection the seeker forwards to their private address (sent over SMTP, as a mail provider
 * would) moves that application to REJECTED and shows on its timeline, and a message the
 * classifier cannot place waits in the review inbox instead of moving anything.
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

describe('an application, from the swipe to the employer’s answer', () => {
  it('prepares the letter, then a forwarded rejection moves it and a doubtful mail waits', async () => {
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

    // The right swipe, and the letter it prepares.
    await page.goto(`/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`)
    await page.getByRole('heading', { name: 'Data Analyst' }).first().waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const progress = page.getByTestId('cover-letter-progress')
    await progress.filter({ hasText: 'are ready' }).waitFor({ timeout: 20_000 })
    await progress.getByRole('link', { name: 'Open the application' }).click()
    await page.waitForURL((url) => /^\/applications\/[0-9a-f-]{36}$/.test(url.pathname))
    const applicationId = new URL(page.url()).pathname.split('/')[2]!
    await page.getByText(`Data Analyst position at ${company}`, { exact: false }).waitFor()

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
    await page.getByText('Rejected', { exact: true }).first().waitFor()

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
    expect(events.map((event) => event.type)).toEqual(['rejection_received'])
  })
})
