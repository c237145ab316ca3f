import type { ImportRequest } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'
import { sendFollowUpReminders } from './reminders.service.ts'

/**
 * Follow-up reminders (issue 14): the per-user setting (GET/PUT
 * /api/job-applications/reminder-settings) and the hourly run that emails, through the outbox,
 * one reminder per quiet period for each APPLIED application without an event for N days.
 * Time moves by running the job at later instants, as the app's clock would.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']
const APP_URL = 'https://app.example.test'
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
})

afterAll(async () => {
  await testApp.close()
})

let accounts = 0
const newUser = () => signUp(testApp.baseUrl, `reminders-${(accounts += 1)}@example.com`)

const run = (at: Date) => sendFollowUpReminders(pool, { appUrl: APP_URL, now: at })

const remindersTo = async (user: SignedIn) =>
  (await testApp.emailsTo(user.email!)).filter((email) => email.template === 'follow_up_reminder')

async function importRows(user: SignedIn, rows: ImportRequest['rows']): Promise<string[]> {
  const answer = await api(testApp.baseUrl, user, 'job-applications/import', {
    method: 'POST',
    body: { rows },
  })
  expect(answer.status).toBe(200)
  const { rows: ids } = await pool.query<{ id: string; title: string }>(
    `select id, job_title as title from public.job_applications_with_job
     where user_id = $1 order by job_title`,
    [user.id],
  )
  return ids.map((row) => row.id)
}

describe('reminder settings', () => {
  it('default to 7 days, take 1-60 or null (off), and refuse anything else', async () => {
    const user = await newUser()
    const path = 'job-applications/reminder-settings'
    expect(await api(testApp.baseUrl, user, path)).toEqual({
      status: 200,
      body: { followUpAfterDays: 7 },
    })
    for (const bad of [0, 61, 2.5, '7', -1, undefined]) {
      const answer = await api(testApp.baseUrl, user, path, {
        method: 'PUT',
        body: { followUpAfterDays: bad },
      })
      expect(answer.status, String(bad)).toBe(400)
      expect(answer.body.code).toBe('validation_failed')
    }
    for (const good of [1, 60, null, 14]) {
      const answer = await api(testApp.baseUrl, user, path, {
        method: 'PUT',
        body: { followUpAfterDays: good },
      })
      expect(answer).toEqual({ status: 200, body: { followUpAfterDays: good } })
      expect((await api(testApp.baseUrl, user, path)).body).toEqual({ followUpAfterDays: good })
    }
    expect((await api(testApp.baseUrl, null, path)).status).toBe(401)
    // Another user keeps the default.
    const other = await newUser()
    expect((await api(testApp.baseUrl, other, path)).body).toEqual({ followUpAfterDays: 7 })
  })
})

describe('the reminder run', () => {
  it('emails once per quiet period for APPLIED applications only, and none when off', async () => {
    const start = new Date()
    const user = await newUser()
    await importRows(user, [
      { company: 'Quietwater Labs', title: 'A Data Engineer', status: 'APPLIED' },
      { company: 'Nordlicht GmbH', title: 'B Backend Developer', status: 'INTERVIEW' },
      { company: 'Saved Co', title: 'C Saved Only', status: 'SAVED' },
      { company: 'Rejecto', title: 'D Rejected', status: 'REJECTED' },
    ])
    const [applied] = await pool
      .query<{ id: string }>(
        `select id from public.job_applications where user_id = $1 and status = 'APPLIED'`,
        [user.id],
      )
      .then((result) => result.rows.map((row) => row.id))
    const offUser = await newUser()
    await importRows(offUser, [{ company: 'Off Corp', title: 'Muted Role', status: 'APPLIED' }])
    await api(testApp.baseUrl, offUser, 'job-applications/reminder-settings', {
      method: 'PUT',
      body: { followUpAfterDays: null },
    })

    // Not yet quiet for 7 days.
    await run(new Date(start.getTime() + 6 * DAY))
    expect(await remindersTo(user)).toHaveLength(0)

    // Day 7: one reminder, for the APPLIED application only.
    await run(new Date(start.getTime() + 7 * DAY + HOUR))
    await run(new Date(start.getTime() + 7 * DAY + 2 * HOUR))
    await run(new Date(start.getTime() + 13 * DAY))
    const reminders = await remindersTo(user)
    expect(reminders).toHaveLength(1)
    expect(reminders[0]!.subject).toBe('Time to follow up: A Data Engineer at Quietwater Labs')
    expect(reminders[0]!.text_body).toContain(`${APP_URL}/applications/${applied}`)
    expect(reminders[0]!.text_body).toContain('heard nothing for 7 days')
    expect(await remindersTo(offUser)).toHaveLength(0)

    // The next quiet period: a second one.
    await run(new Date(start.getTime() + 14 * DAY + HOUR))
    expect(await remindersTo(user)).toHaveLength(2)

    // Any event starts a new quiet time: a note today, nothing until 7 days after it.
    const noteAt = new Date(start.getTime() + 15 * DAY)
    await pool.query(
      `insert into public.job_application_events (job_application_id, user_id, type, payload, created_at)
       values ($1, $2, 'note', '{"text":"called"}', $3)`,
      [applied, user.id, noteAt],
    )
    await run(new Date(noteAt.getTime() + 6 * DAY))
    expect(await remindersTo(user)).toHaveLength(2)
    await run(new Date(noteAt.getTime() + 7 * DAY + HOUR))
    expect(await remindersTo(user)).toHaveLength(3)

    // Once the employer answers, no more reminders.
    await pool.query(
      `insert into public.job_application_events (job_application_id, user_id, type, payload, created_at)
       values ($1, $2, 'rejection_received', '{}', $3)`,
      [applied, user.id, new Date(noteAt.getTime() + 8 * DAY)],
    )
    await run(new Date(noteAt.getTime() + 30 * DAY))
    expect(await remindersTo(user)).toHaveLength(3)
  })

  it('takes the reminders not yet sent first, so a full run never starves the rest', async () => {
    const start = new Date()
    const user = await newUser()
    await importRows(user, [
      { company: 'One', title: 'First', status: 'APPLIED' },
      { company: 'Two', title: 'Second', status: 'APPLIED' },
      { company: 'Three', title: 'Third', status: 'APPLIED' },
    ])
    const at = new Date(start.getTime() + 7 * DAY + HOUR)
    // Other users' due reminders are sent first, so that the runs below see only this user's.
    await run(at)
    const before = (await remindersTo(user)).length
    expect(before).toBe(3)
    const later = await newUser()
    await importRows(later, [
      { company: 'Four', title: 'Fourth', status: 'APPLIED' },
      { company: 'Five', title: 'Fifth', status: 'APPLIED' },
    ])
    const laterAt = new Date(at.getTime() + 7 * DAY + HOUR)
    for (let count = 0; count < 12; count += 1) {
      await sendFollowUpReminders(pool, { appUrl: APP_URL, now: laterAt, limit: 1 })
    }
    expect(await remindersTo(later)).toHaveLength(2)
  })

  it("follows the user's number of days", async () => {
    const start = new Date()
    const user = await newUser()
    await importRows(user, [{ company: 'Swift Ltd', title: 'Analyst', status: 'APPLIED' }])
    await api(testApp.baseUrl, user, 'job-applications/reminder-settings', {
      method: 'PUT',
      body: { followUpAfterDays: 3 },
    })
    await run(new Date(start.getTime() + 2 * DAY))
    expect(await remindersTo(user)).toHaveLength(0)
    await run(new Date(start.getTime() + 3 * DAY + HOUR))
    expect(await remindersTo(user)).toHaveLength(1)
  })
})
