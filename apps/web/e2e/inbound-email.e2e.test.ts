import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The email inbox (/applications/inbox, issue 14) in Chromium at phone size against the real
 * server: the user's private forwarding address is shown, and a forwarded email waiting for
 * review is confirmed in one tap, which records the event and moves the application's status.
 */
const app = setUpAppInBrowser()
const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }

async function startAsGuest(): Promise<string> {
  return continueAsGuest(app.page)
}

/** An application the user tracks, and a forwarded rejection for it waiting in review. */
async function arrange(userId: string) {
  const company = `Inboxworks ${randomUUID().slice(0, 8)}`
  const job = await db.query<{ id: string }>(
    `insert into public.jobs (source, source_id, title, company_name, description, posted_at)
     values ('manual', $1, 'Support Engineer', $2, 'We help.', now()) returning id`,
    [randomUUID(), company],
  )
  const application = await db.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id) values ($1, $2) returning id`,
    [userId, job.rows[0]!.id],
  )
  const applicationId = application.rows[0]!.id
  await db.query(
    `insert into public.inbound_emails (user_id, message_id, from_address, from_name, to_address,
       subject, text_body, raw_size, received_via, classified_type, classified_company,
       confidence, candidates, review_status)
     values ($1, $2, 'people@inboxworks.example', 'Inboxworks People', 'me@inbound.localhost',
       'About your application', 'Unfortunately we will not continue with your application.',
       300, 'webhook', 'rejection_received', $3, 0.6, $4, 'pending')`,
    [
      userId,
      `<${randomUUID()}@inboxworks.example>`,
      company,
      JSON.stringify([{ id: applicationId, company, title: 'Support Engineer', score: 0.75 }]),
    ],
  )
  return applicationId
}

describe('the email inbox', () => {
  it('shows the forwarding address and confirms a review item, which moves the status', async () => {
    await app.page.setViewportSize(PHONE)
    const userId = await startAsGuest()
    const applicationId = await arrange(userId)

    await app.page.goto('/applications/inbox')
    await expect
      .poll(() => app.page.getByTestId('inbound-address').textContent())
      .toMatch(/^[a-z2-7]{24}@[a-z0-9.-]+$/)
    const item = app.page.getByRole('listitem', { name: 'About your application' })
    await item.waitFor()
    expect(await item.textContent()).toContain('Rejection')
    // The classifier's likeliest application is chosen already: one tap confirms.
    await expect.poll(() => item.getByLabel('Application').inputValue()).toBe(applicationId)

    await item.getByRole('button', { name: 'Confirm' }).click()
    await app.page.getByText('Nothing to review.').waitFor()
    const { rows } = await db.query<{ status: string }>(
      'select status from public.job_applications where id = $1',
      [applicationId],
    )
    expect(rows[0]!.status).toBe('REJECTED')
    const events = await db.query<{ type: string }>(
      'select type from public.job_application_events where job_application_id = $1',
      [applicationId],
    )
    expect(events.rows.map((event) => event.type)).toEqual(['rejection_received'])
  })
})
