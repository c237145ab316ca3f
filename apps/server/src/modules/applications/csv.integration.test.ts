import { type ImportRequest, MAX_IMPORT_ROWS } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'

/**
 * CSV import (POST /api/job-applications/import: rows already mapped by the web app) and export
 * (GET /api/job-applications/export.csv), and the tracker's statistics
 * (GET /api/job-applications/stats) on a known set, through the real API and database.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
})

afterAll(async () => {
  await testApp.close()
})

let accounts = 0
const newUser = () => signUp(testApp.baseUrl, `csv-${(accounts += 1)}@example.com`)

const importRows = (user: SignedIn, rows: unknown) =>
  api(testApp.baseUrl, user, 'job-applications/import', { method: 'POST', body: { rows } })

async function exportCsv(user: SignedIn | null) {
  const response = await fetch(`${testApp.baseUrl}/api/job-applications/export.csv`, {
    headers: user ? { authorization: `Bearer ${user.accessToken}` } : {},
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const HUNTR_ROWS: ImportRequest['rows'] = [
  {
    company: 'Tidewater Robotics',
    title: 'Firmware Engineer',
    status: 'APPLIED',
    dateApplied: '2026-10-01',
    link: 'https://jobs.tidewater.example/firmware',
    notes: 'Referred by Mia, "ask about on-call"',
    location: 'Hamburg',
  },
  {
    company: 'Lumen & Co',
    title: 'Product Designer',
    status: 'REJECTED',
    dateApplied: '2026-09-15',
  },
  { company: 'Pinecrest', title: 'QA Lead', status: 'INTERVIEW', dateApplied: '2026-10-10' },
  { company: 'Orbital Foods', title: 'Data Analyst', status: 'OFFER', dateApplied: '2026-09-01' },
  { company: 'Wishful Inc', title: 'Dream Job', status: 'SAVED' },
  { company: 'Gone GmbH', title: 'Archived Role', status: 'WITHDRAWN' },
]

type Row = {
  title: string
  company: string
  status: string
  applied_at: Date | null
  notes: string | null
  job_apply_url: string | null
  job_location: string | null
}
const rowsOf = async (user: SignedIn) =>
  (
    await pool.query<Row>(
      `select job_title as title, job_company_name as company, status, applied_at, notes,
              job_apply_url, job_location
       from public.job_applications_with_job where user_id = $1 order by job_title`,
      [user.id],
    )
  ).rows

describe('CSV import', () => {
  it('creates applications with their statuses and dated events, once', async () => {
    const user = await newUser()
    const other = await newUser()
    await importRows(other, [{ company: 'Other Co', title: 'Their Role', status: 'APPLIED' }])

    const first = await importRows(user, HUNTR_ROWS)
    expect(first).toEqual({ status: 200, body: { imported: 6, skipped: [] } })
    const rows = await rowsOf(user)
    expect(rows.map((row) => [row.title, row.company, row.status])).toEqual([
      ['Archived Role', 'Gone GmbH', 'WITHDRAWN'],
      ['Data Analyst', 'Orbital Foods', 'OFFER'],
      ['Dream Job', 'Wishful Inc', 'SAVED'],
      ['Firmware Engineer', 'Tidewater Robotics', 'APPLIED'],
      ['Product Designer', 'Lumen & Co', 'REJECTED'],
      ['QA Lead', 'Pinecrest', 'INTERVIEW'],
    ])
    const firmware = rows.find((row) => row.title === 'Firmware Engineer')!
    expect(firmware.applied_at!.toISOString()).toBe('2026-10-01T12:00:00.000Z')
    expect(firmware.notes).toBe('Referred by Mia, "ask about on-call"')
    expect(firmware.job_apply_url).toBe('https://jobs.tidewater.example/firmware')
    expect(firmware.job_location).toBe('Hamburg')
    expect(rows.find((row) => row.title === 'Dream Job')!.applied_at).toBeNull()

    const { rows: events } = await pool.query<{ type: string; created_at: Date; payload: unknown }>(
      `select event.type, event.created_at, event.payload
       from public.job_application_events as event
       join public.job_applications_with_job as application on application.id = event.job_application_id
       where application.job_title = 'Product Designer' and event.user_id = $1
       order by event.created_at`,
      [user.id],
    )
    expect(events.map((event) => [event.type, event.created_at.toISOString()])).toEqual([
      ['applied', '2026-09-15T12:00:00.000Z'],
      ['rejection_received', '2026-09-15T12:00:01.000Z'],
    ])
    expect(events[0]!.payload).toEqual({ source: 'csv_import' })

    // The same file again: nothing new. A new row in it is imported.
    const again = await importRows(user, [
      ...HUNTR_ROWS,
      { company: 'Newline', title: 'SRE', status: 'APPLIED', dateApplied: '2026-10-20' },
      // The same row twice in one file counts once; case and spacing do not make it new.
      { company: 'newline ', title: 'sre', status: 'APPLIED', dateApplied: '2026-10-20' },
    ])
    expect(again.body).toEqual({
      imported: 1,
      skipped: [0, 1, 2, 3, 4, 5, 7].map((row) => ({ row, reason: 'already_imported' })),
    })
    expect(await rowsOf(user)).toHaveLength(7)
    // The other user's rows are untouched and not counted.
    expect((await rowsOf(other)).map((row) => row.title)).toEqual(['Their Role'])
  })

  it('refuses bad rows and too many rows with 4xx, saving nothing', async () => {
    const user = await newUser()
    const cases: unknown[] = [
      [{ company: '', title: 'No company', status: 'APPLIED' }],
      [{ company: 'Acme', title: 'Bad status', status: 'Interviewing' }],
      [{ company: 'Acme', title: 'Bad date', status: 'APPLIED', dateApplied: '2026-02-30' }],
      [{ company: 'Acme', title: 'Bad link', status: 'APPLIED', link: 'javascript:alert(1)' }],
      [{ company: 'Acme', title: 'Future', status: 'APPLIED', dateApplied: '2999-01-01' }],
      [
        { company: 'Fine', title: 'Good row', status: 'APPLIED' },
        { company: 'Acme', title: 'x'.repeat(301), status: 'APPLIED' },
      ],
      [],
      'not an array',
    ]
    for (const rows of cases) {
      const answer = await importRows(user, rows)
      expect(answer.status, JSON.stringify(rows).slice(0, 80)).toBe(400)
      expect(answer.body.code).toBe('validation_failed')
    }
    const tooMany = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => ({
      company: 'Bulk',
      title: `Role ${index}`,
      status: 'SAVED',
    }))
    const answer = await importRows(user, tooMany)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('import_too_many_rows')
    expect(await rowsOf(user)).toEqual([])
    expect((await importRows(user, tooMany.slice(0, MAX_IMPORT_ROWS))).body.imported).toBe(500)
    const anonymous = await api(testApp.baseUrl, null, 'job-applications/import', {
      method: 'POST',
      body: { rows: HUNTR_ROWS },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('CSV export', () => {
  it("lists the user's applications, quoting what needs it", async () => {
    const user = await newUser()
    const other = await newUser()
    await importRows(other, [{ company: 'Hidden', title: 'Not Yours', status: 'APPLIED' }])
    await importRows(user, [
      HUNTR_ROWS[0]!,
      { company: '=HYPERLINK("x")', title: 'Formula, Inc.', status: 'SAVED' },
    ])
    const answer = await exportCsv(user)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const today = new Date().toISOString().slice(0, 10)
    const lines = answer.text.split('\r\n')
    expect(lines[0]).toBe('Company,Title,Status,Date saved,Date applied,Link,Notes,Location')
    // Saved at the same moment (one import): by company, so "=HYPERLINK…" comes first.
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""x"")","Formula, Inc.",SAVED,${today},,,,`,
      `Tidewater Robotics,Firmware Engineer,APPLIED,${today},2026-10-01,https://jobs.tidewater.example/firmware,"Referred by Mia, ""ask about on-call""",Hamburg`,
      '',
    ])
    expect(answer.text).not.toContain('Not Yours')
    expect((await exportCsv(null)).status).toBe(401)
  })
})

describe('statistics', () => {
  it('counts weeks, rates and the median days to a first response', async () => {
    const user = await newUser()
    const empty = await api(testApp.baseUrl, user, 'job-applications/stats')
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({
      total: 0,
      applied: 0,
      responded: 0,
      responseRate: null,
      interviewRate: null,
      medianDaysToFirstResponse: null,
    })
    const weeks = empty.body.weeks as Array<{ weekStart: string; saved: number; applied: number }>
    expect(weeks).toHaveLength(12)
    const monday = new Date()
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
    expect(weeks.at(-1)!.weekStart).toBe(monday.toISOString().slice(0, 10))

    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    await importRows(user, [
      { company: 'A', title: 'Applied quiet', status: 'APPLIED', dateApplied: day(-3) },
      { company: 'B', title: 'Applied quiet 2', status: 'APPLIED', dateApplied: day(-20) },
      { company: 'C', title: 'Saved', status: 'SAVED' },
      { company: 'D', title: 'Rejected', status: 'APPLIED', dateApplied: day(-10) },
      { company: 'E', title: 'Interviewing', status: 'APPLIED', dateApplied: day(-12) },
    ])
    const idOf = async (title: string) =>
      (
        await pool.query<{ id: string; applied_at: Date }>(
          `select id, applied_at from public.job_applications_with_job
           where user_id = $1 and job_title = $2`,
          [user.id, title],
        )
      ).rows[0]!
    // Rejected after 2 days; invited after 6 days, then an interview scheduled later.
    for (const [title, type, afterDays, payload] of [
      ['Rejected', 'rejection_received', 2, {}],
      ['Interviewing', 'interview_invitation', 6, {}],
      [
        'Interviewing',
        'interview_scheduled',
        8,
        { date: day(3), time: '10:00', timeZone: 'Europe/Berlin' },
      ],
    ] as const) {
      const application = await idOf(title)
      await pool.query(
        `insert into public.job_application_events (job_application_id, user_id, type, payload, created_at)
         values ($1, $2, $3, $4, $5)`,
        [
          application.id,
          user.id,
          type,
          payload,
          new Date(application.applied_at.getTime() + afterDays * 24 * 60 * 60 * 1000),
        ],
      )
    }
    // Someone else's applications change nothing.
    const other = await newUser()
    await importRows(other, [{ company: 'X', title: 'Y', status: 'OFFER', dateApplied: day(-5) }])

    const stats = await api(testApp.baseUrl, user, 'job-applications/stats')
    expect(stats.body).toMatchObject({
      total: 5,
      applied: 4,
      responded: 2,
      interviewed: 1,
      responseRate: 0.5,
      interviewRate: 0.25,
      medianDaysToFirstResponse: 4,
    })
    const perWeek = stats.body.weeks as Array<{ weekStart: string; saved: number; applied: number }>
    expect(perWeek.reduce((sum, week) => sum + week.saved, 0)).toBe(5)
    expect(perWeek.at(-1)!.saved).toBe(5)
    expect(perWeek.reduce((sum, week) => sum + week.applied, 0)).toBe(4)
    const weekOf = (date: string) => {
      const at = new Date(`${date}T12:00:00Z`)
      at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7))
      return at.toISOString().slice(0, 10)
    }
    for (const offset of [-3, -20, -10, -12]) {
      expect(
        perWeek.find((week) => week.weekStart === weekOf(day(offset)))!.applied,
      ).toBeGreaterThan(0)
    }
    expect((await api(testApp.baseUrl, null, 'job-applications/stats')).status).toBe(401)
  })
})
