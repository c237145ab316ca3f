import {
  JobAlertListResponseSchema,
  JobAlertResponseSchema,
  JobListResponseSchema,
  MAX_JOB_ALERTS_PER_USER,
} from '@app/contracts'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import type { JobAlertDigestJob } from '../email/index.ts'
import {
  api,
  type CatalogueJob,
  insertCatalogue,
  type SignedIn,
  signUp,
} from '../../../test/job-search-fixture.ts'
import { sendJobAlertDigests } from './job-alert-digests.ts'

/**
 * Job alerts: POST/GET/DELETE /api/job-alerts with their refusals, `GET /api/jobs?alertId=`,
 * and the daily digest (`sendJobAlertDigests`, which the hourly task runs): one email listing
 * the new matching jobs, none without new jobs, never two on one day.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']
const logger = pino({ level: 'silent' })
const APP_URL = 'https://app.example.com'
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
})

afterAll(async () => {
  await testApp.close()
})

let accounts = 0
const newUser = () => signUp(testApp.baseUrl, `alerts-${(accounts += 1)}@example.com`)

async function createAlert(user: SignedIn, body: unknown) {
  return api(testApp.baseUrl, user, 'job-alerts', { method: 'POST', body })
}

const BERLIN_JOB: CatalogueJob = {
  title: 'Berlin Frontend Engineer',
  company: 'Acme Robotics',
  city: 'Berlin',
  countryCode: 'DE',
  workLocation: 'HYBRID',
  jobType: 'FULL_TIME',
  salary: { min: 70000, max: 90000, currency: 'EUR' },
  postedDaysAgo: 0,
}

const digestsTo = async (address: string) =>
  (await testApp.emailsTo(address)).filter((email) => email.template === 'job_alert_digest')

const run = (now = new Date()) => sendJobAlertDigests(pool, { appUrl: APP_URL, now, logger })

describe('the job alerts API', () => {
  it('saves, lists and deletes the user’s alerts', async () => {
    const user = await newUser()
    const created = await createAlert(user, {
      name: ' Remote TypeScript ',
      filters: { workLocations: ['REMOTE'], types: ['FULL_TIME'] },
      q: 'typescript',
    })
    expect(created.status).toBe(201)
    const { alert } = JobAlertResponseSchema.strict().parse(created.body)
    expect(alert).toMatchObject({
      name: 'Remote TypeScript',
      filters: { workLocations: ['REMOTE'], types: ['FULL_TIME'] },
      q: 'typescript',
      frequency: 'DAILY',
      lastSentAt: null,
    })

    const listed = await api(testApp.baseUrl, user, 'job-alerts')
    expect(JobAlertListResponseSchema.strict().parse(listed.body).alerts).toEqual([alert])
    // Nobody else sees it.
    const other = await newUser()
    expect((await api(testApp.baseUrl, other, 'job-alerts')).body).toEqual({ alerts: [] })
    expect(
      (await api(testApp.baseUrl, other, `job-alerts/${alert.id}`, { method: 'DELETE' })).status,
    ).toBe(404)

    const deleted = await api(testApp.baseUrl, user, `job-alerts/${alert.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect((await api(testApp.baseUrl, user, 'job-alerts')).body).toEqual({ alerts: [] })
    const again = await api<{ code: string }>(testApp.baseUrl, user, `job-alerts/${alert.id}`, {
      method: 'DELETE',
    })
    expect(again).toMatchObject({ status: 404, body: { code: 'not_found' } })
  })

  it('lists an alert’s matches through GET /api/jobs?alertId=', async () => {
    const user = await newUser()
    await insertCatalogue(pool, [
      { ...BERLIN_JOB, title: 'Alert listing match', company: 'Listing Co', source: 'listing' },
      { ...BERLIN_JOB, title: 'Alert listing other', company: 'Other Co', source: 'listing' },
    ])
    const { body } = await createAlert(user, {
      name: 'Listing',
      filters: { companies: ['Listing Co'] },
    })
    const { alert } = JobAlertResponseSchema.parse(body)
    const page = await api(testApp.baseUrl, user, `jobs?alertId=${alert.id}`)
    const jobs = JobListResponseSchema.parse(page.body)
    expect(jobs.filters).toEqual({ companies: ['Listing Co'] })
    expect(jobs.jobs.map((job) => job.title)).toEqual(['Alert listing match'])
  })

  it('refuses a guest (no address to mail) with 403 forbidden', async () => {
    const guest = await signUp(testApp.baseUrl)
    const { status, body } = await createAlert(guest, { name: 'Mine', filters: {} })
    expect(status).toBe(403)
    expect(body).toMatchObject({ code: 'forbidden' })
  })

  it(`refuses more than ${MAX_JOB_ALERTS_PER_USER} alerts with 409 conflict`, async () => {
    const user = await newUser()
    const answers = await Promise.all(
      Array.from({ length: MAX_JOB_ALERTS_PER_USER + 2 }, (_, n) =>
        createAlert(user, { name: `Alert ${n}`, filters: {} }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_JOB_ALERTS_PER_USER)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2)
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'conflict',
    })
  })

  it.each([
    ['no name', { filters: {} }, 'name'],
    ['a blank name', { name: '  ', filters: {} }, 'name'],
    [
      'filters outside the vocabulary',
      { name: 'x', filters: { types: ['GIG'] } },
      'filters.types.0',
    ],
    ['no filters', { name: 'x' }, 'filters'],
  ])('refuses %s with 400 validation_failed', async (_, body, path) => {
    const user = await newUser()
    const { status, body: answer } = await createAlert(user, body)
    expect(status).toBe(400)
    expect(answer).toMatchObject({ code: 'validation_failed' })
    expect((answer.details as Array<{ path: string }>).map((detail) => detail.path)).toContain(path)
  })

  it.each([
    ['POST', 'job-alerts'],
    ['GET', 'job-alerts'],
    ['DELETE', 'job-alerts/00000000-0000-4000-8000-000000000000'],
  ])('%s %s is 401 not_authenticated without a session', async (method, path) => {
    const { status, body } = await api(testApp.baseUrl, null, path, {
      method,
      body: method === 'POST' ? { name: 'x', filters: {} } : undefined,
    })
    expect(status).toBe(401)
    expect(body).toMatchObject({ code: 'not_authenticated' })
  })
})

describe('the daily digest', () => {
  it('mails the new matching jobs once, and nothing more that day', async () => {
    const user = await newUser()
    const { body } = await createAlert(user, {
      name: 'Berlin full-time',
      filters: {
        types: ['FULL_TIME'],
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      },
    })
    const { alert } = JobAlertResponseSchema.parse(body)
    // Jobs already in the catalogue when the alert was saved are not news.
    await pool.query(`update public.jobs set created_at = now() - interval '1 hour'`)
    await pool.query(
      `update public.job_alerts set created_at = now() - interval '1 minute' where id = $1`,
      [alert.id],
    )
    const ids = await insertCatalogue(pool, [
      { ...BERLIN_JOB, title: 'Digest match one', source: 'digest' },
      { ...BERLIN_JOB, title: 'Digest match two', source: 'digest', postedDaysAgo: 1 },
      { ...BERLIN_JOB, title: 'Digest part-time', source: 'digest', jobType: 'PART_TIME' },
      { ...BERLIN_JOB, title: 'Digest in Munich', source: 'digest', city: 'Munich' },
      { ...BERLIN_JOB, title: 'Digest swiped', source: 'digest' },
      { ...BERLIN_JOB, title: 'Digest expired', source: 'digest', expiredAt: new Date() },
    ])
    await pool.query(
      `insert into public.swipes (user_id, job_id, direction, credit_cost) values ($1, $2, 'LEFT', 0)`,
      [user.id, ids.get('Digest swiped')],
    )

    expect(await run()).toBeGreaterThanOrEqual(1)
    const [digest, ...more] = await digestsTo(user.email!)
    expect(more).toEqual([])
    const data = digest!.template_data as unknown as { jobs: JobAlertDigestJob[]; totalNew: number }
    expect(data).toMatchObject({
      alertName: 'Berlin full-time',
      totalNew: 2,
      searchLink: `${APP_URL}/jobs`,
    })
    expect(data.jobs).toEqual([
      {
        title: 'Digest match one',
        detail: 'Acme Robotics · Berlin, DE · up to €90k a year',
        link: `${APP_URL}/jobs/${ids.get('Digest match one')}`,
      },
      expect.objectContaining({ title: 'Digest match two' }),
    ])
    expect(digest!.subject).toBe('2 new jobs for your alert “Berlin full-time”')
    expect(digest!.text_body).toContain(`${APP_URL}/jobs/${ids.get('Digest match two')}`)
    expect(digest!.html_body).toContain(`href="${APP_URL}/jobs/${ids.get('Digest match one')}"`)
    const { rows } = await pool.query<{ last_sent_at: Date | null }>(
      'select last_sent_at from public.job_alerts where id = $1',
      [alert.id],
    )
    expect(rows[0]!.last_sent_at).toBeInstanceOf(Date)

    // The same day: more new jobs wait for tomorrow's digest.
    await insertCatalogue(pool, [
      { ...BERLIN_JOB, title: 'Digest later that day', source: 'digest' },
    ])
    await run()
    expect(await digestsTo(user.email!)).toHaveLength(1)

    // The next day, only what is new since the last digest.
    await run(new Date(Date.now() + DAY))
    const [next, first] = await digestsTo(user.email!)
    expect(first!.id).toBe(digest!.id)
    expect(
      (next!.template_data as unknown as { jobs: JobAlertDigestJob[] }).jobs.map(
        (job) => job.title,
      ),
    ).toEqual(['Digest later that day'])
  })

  it('sends nothing when no new job matches', async () => {
    const user = await newUser()
    await createAlert(user, { name: 'Nothing new', filters: { companies: ['No Such Company'] } })
    await run()
    expect(await digestsTo(user.email!)).toEqual([])
    const { rows } = await pool.query(
      'select last_sent_at from public.job_alerts where user_id = $1',
      [user.id],
    )
    expect(rows).toEqual([{ last_sent_at: null }])
  })

  it('lists ten jobs and says how many matched in all', async () => {
    const user = await newUser()
    await createAlert(user, { name: 'Busy', filters: { companies: ['Busy Co'] } })
    await pool.query(
      `update public.job_alerts set created_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    )
    await insertCatalogue(
      pool,
      Array.from({ length: 12 }, (_, n) => ({
        ...BERLIN_JOB,
        title: `Busy job ${n}`,
        company: 'Busy Co',
        source: 'busy',
      })),
    )
    await run()
    const [digest] = await digestsTo(user.email!)
    const data = digest!.template_data as unknown as { jobs: JobAlertDigestJob[]; totalNew: number }
    expect(data.totalNew).toBe(12)
    expect(data.jobs).toHaveLength(10)
    expect(digest!.text_body).toContain('Here are the newest 10 of the jobs')
  })

  it('never queues a second digest for one alert on one day, even from two runs at once', async () => {
    const user = await newUser()
    await createAlert(user, { name: 'Raced', filters: { companies: ['Raced Co'] } })
    await pool.query(
      `update public.job_alerts set created_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    )
    await insertCatalogue(pool, [
      { ...BERLIN_JOB, title: 'Raced job', company: 'Raced Co', source: 'raced' },
    ])
    await Promise.all([run(), run(), run()])
    expect(await digestsTo(user.email!)).toHaveLength(1)
  })
})
