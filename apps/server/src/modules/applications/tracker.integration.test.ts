import {
  AdditionalContextResponseSchema,
  CreateApplicationResponseSchema,
  FeedbackResponseSchema,
} from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, insertCatalogue, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'

/**
 * The tracker (issue 14): the additional context and feedback endpoints of spec section 7,
 * applications added by hand (free, from fields or a job page's JSON-LD), the job snapshot every
 * application keeps, and the status rule for the new event types, through the real API and
 * supabase-js as the web app uses them.
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
const PASSWORD = 'job-search-password'
async function newUser(): Promise<SignedIn & { client: SupabaseClient }> {
  const email = `tracker-${(accounts += 1)}@example.com`
  const user = await signUp(testApp.baseUrl, email)
  const client = testApp.client()
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  if (error) throw error
  return { ...user, client }
}

/** A catalogue job swiped right by the user: their application's id. */
async function swipedApplication(user: SignedIn, title = 'Platform Engineer'): Promise<string> {
  const ids = await insertCatalogue(pool, [
    {
      title,
      company: 'Brightwater Analytics',
      city: 'Lyon',
      countryCode: 'FR',
      salary: { min: 50000, max: 65000, currency: 'EUR' },
      skills: ['Kubernetes', 'Terraform'],
      description: 'Run our Kubernetes platform.',
      postedDaysAgo: 1,
    },
  ])
  const jobId = ids.get(title)!
  const swipe = await api(testApp.baseUrl, user, 'swipes', {
    method: 'POST',
    body: { jobId, swipeDirection: 'RIGHT' },
  })
  expect(swipe.status).toBe(201)
  const { rows } = await pool.query<{ id: string }>(
    'select id from public.job_applications where user_id = $1 and job_id = $2',
    [user.id, jobId],
  )
  return rows[0]!.id
}

const statusOf = async (applicationId: string) =>
  (
    await pool.query<{ status: string }>(
      'select status from public.job_applications where id = $1',
      [applicationId],
    )
  ).rows[0]!.status

describe('the job snapshot', () => {
  it('is filled by the database on a right swipe and still reads once the job is gone', async () => {
    const user = await newUser()
    const applicationId = await swipedApplication(user, 'Snapshot Engineer')
    const { rows } = await pool.query<{ job_snapshot: Record<string, unknown>; job_id: string }>(
      'select job_snapshot, job_id from public.job_applications where id = $1',
      [applicationId],
    )
    expect(rows[0]!.job_snapshot).toMatchObject({
      title: 'Snapshot Engineer',
      company: 'Brightwater Analytics',
      description: 'Run our Kubernetes platform.',
      applyUrl: 'https://example.com/apply',
      salary: { min: 50000, max: 65000, currency: 'EUR' },
      skills: ['Kubernetes', 'Terraform'],
    })

    await pool.query('delete from public.jobs where id = $1', [rows[0]!.job_id])
    const { data, error } = await user.client
      .from('job_applications_with_job')
      .select('job_id, job_title, job_company_name, job_description, job_snapshot')
      .eq('id', applicationId)
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({
      job_id: null,
      job_title: 'Snapshot Engineer',
      job_company_name: 'Brightwater Analytics',
      job_description: 'Run our Kubernetes platform.',
    })
  })

  it('cannot be written by the user', async () => {
    const user = await newUser()
    const applicationId = await swipedApplication(user, 'Immutable Snapshot Engineer')
    const { error } = await user.client
      .from('job_applications')
      .update({ job_snapshot: { title: 'Chief Everything' } })
      .eq('id', applicationId)
    expect(error).not.toBeNull()
  })
})

describe('the status rule for the new event types', () => {
  it('moves to INTERVIEW on interview_scheduled; follow_up and note leave it', async () => {
    const user = await newUser()
    const applicationId = await swipedApplication(user, 'Rule Engineer')
    const insert = (type: string, payload: Record<string, unknown>) =>
      user.client
        .from('job_application_events')
        .insert({ job_application_id: applicationId, user_id: user.id, type, payload })

    expect((await insert('applied', {})).error).toBeNull()
    expect(await statusOf(applicationId)).toBe('APPLIED')
    expect((await insert('follow_up', { remindOn: '2026-12-03' })).error).toBeNull()
    expect(await statusOf(applicationId)).toBe('APPLIED')
    const scheduled = await insert('interview_scheduled', {
      date: '2026-12-08',
      time: '14:30',
      timeZone: 'Europe/Paris',
      videoUrl: 'https://meet.example.com/abc',
      people: ['Claire Dubois'],
    })
    expect(scheduled.error).toBeNull()
    expect(await statusOf(applicationId)).toBe('INTERVIEW')
    expect((await insert('note', { text: 'Prepared the system design story' })).error).toBeNull()
    expect(await statusOf(applicationId)).toBe('INTERVIEW')
  })

  it('refuses malformed interview and follow-up payloads in the database', async () => {
    const user = await newUser()
    const applicationId = await swipedApplication(user, 'Payload Engineer')
    const insert = (type: string, payload: Record<string, unknown>) =>
      user.client
        .from('job_application_events')
        .insert({ job_application_id: applicationId, user_id: user.id, type, payload })
    const good = { date: '2026-12-08', time: '09:00', timeZone: 'Europe/Berlin' }
    for (const payload of [
      {},
      { ...good, date: '2026-02-30' },
      { ...good, date: 'tomorrow' },
      { ...good, time: '25:00' },
      { ...good, timeZone: '' },
      { ...good, videoUrl: 'javascript:alert(1)' },
      { ...good, people: 'Ann' },
      { ...good, people: ['Ann', 42] },
    ]) {
      const { error } = await insert('interview_scheduled', payload)
      expect(error?.code, JSON.stringify(payload)).toBe('23514')
    }
    expect((await insert('follow_up', { remindOn: '2026-13-01' })).error?.code).toBe('23514')
    expect((await insert('follow_up', {})).error?.code).toBe('23514')
    expect(await statusOf(applicationId)).toBe('SAVED')
  })
})

describe('additional context', () => {
  it('reads null, saves, reads back, and clears', async () => {
    const user = await newUser()
    const applicationId = await swipedApplication(user, 'Context Engineer')
    const path = `job-applications/additional-context?jobApplicationId=${applicationId}`

    const empty = await api(testApp.baseUrl, user, path)
    expect(empty.status).toBe(200)
    expect(AdditionalContextResponseSchema.parse(empty.body).value).toBeNull()

    const value = 'Referred by Ann Lee; the team moves to Rust next year.'
    const saved = await api(
      testApp.baseUrl,
      user,
      `job-applications/additional-context/${applicationId}`,
      { method: 'PUT', body: { value, jobApplicationId: applicationId } },
    )
    expect(saved.status).toBe(200)
    expect(AdditionalContextResponseSchema.parse(saved.body)).toMatchObject({
      jobApplicationId: applicationId,
      value,
    })
    expect((await api(testApp.baseUrl, user, path)).body).toMatchObject({ value })

    const cleared = await api(
      testApp.baseUrl,
      user,
      `job-applications/additional-context/${applicationId}`,
      { method: 'PUT', body: { value: '  ', jobApplicationId: applicationId } },
    )
    expect(cleared.body).toMatchObject({ value: null })
  })

  it('answers 400, 404 and 401 with their codes', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const applicationId = await swipedApplication(owner, 'Context Refusals Engineer')
    const put = (user: SignedIn | null, id: string, body: unknown) =>
      api(testApp.baseUrl, user, `job-applications/additional-context/${id}`, {
        method: 'PUT',
        body,
      })

    const otherId = crypto.randomUUID()
    const mismatch = await put(owner, applicationId, { value: 'x', jobApplicationId: otherId })
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'id_mismatch' } })
    expect(
      await put(owner, applicationId, { value: 'x'.repeat(5001), jobApplicationId: applicationId }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    expect(await put(owner, applicationId, { jobApplicationId: applicationId })).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    })
    expect(
      await put(owner, 'not-a-uuid', { value: 'x', jobApplicationId: applicationId }),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    expect(
      await api(testApp.baseUrl, owner, 'job-applications/additional-context?jobApplicationId=1'),
    ).toMatchObject({ status: 400, body: { code: 'validation_failed' } })

    // Another user's application is not found, and stays untouched.
    expect(
      await put(stranger, applicationId, { value: 'mine now', jobApplicationId: applicationId }),
    ).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect(
      await api(
        testApp.baseUrl,
        stranger,
        `job-applications/additional-context?jobApplicationId=${applicationId}`,
      ),
    ).toMatchObject({ status: 404, body: { code: 'not_found' } })
    const { rows } = await pool.query(
      'select additional_context from public.job_applications where id = $1',
      [applicationId],
    )
    expect(rows[0]).toEqual({ additional_context: null })

    expect(
      await put(null, applicationId, { value: 'x', jobApplicationId: applicationId }),
    ).toMatchObject({ status: 401, body: { code: 'not_authenticated' } })
  })
})

describe('feedback', () => {
  it('stores a rating with reasons and a comment, readable by its owner only', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const applicationId = await swipedApplication(owner, 'Feedback Engineer')
    const sent = await api(testApp.baseUrl, owner, 'job-applications/feedback', {
      method: 'POST',
      body: {
        jobApplicationId: applicationId,
        subject: 'cover_letter',
        rating: 4,
        reasons: ['tone', 'too_long'],
        comment: 'Warmer opening, please.',
      },
    })
    expect(sent.status).toBe(201)
    expect(FeedbackResponseSchema.parse(sent.body).feedback).toMatchObject({
      jobApplicationId: applicationId,
      subject: 'cover_letter',
      rating: 4,
      reasons: ['tone', 'too_long'],
      comment: 'Warmer opening, please.',
    })

    const own = await owner.client.from('job_application_feedback').select('rating')
    expect(own.data).toEqual([{ rating: 4 }])
    const theirs = await stranger.client.from('job_application_feedback').select('rating')
    expect(theirs.data).toEqual([])
  })

  it('answers 400 for a bad body and 404 for another user’s application', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const applicationId = await swipedApplication(owner, 'Feedback Refusals Engineer')
    const send = (user: SignedIn, body: unknown) =>
      api(testApp.baseUrl, user, 'job-applications/feedback', { method: 'POST', body })
    const good = { jobApplicationId: applicationId, subject: 'match_report', rating: 5 }
    for (const body of [
      { ...good, rating: 0 },
      { ...good, rating: 6 },
      { ...good, rating: 3.5 },
      { ...good, subject: 'interview' },
      { ...good, reasons: ['rude'] },
      { ...good, reasons: ['tone', 'tone'] },
      { ...good, comment: 'x'.repeat(2001) },
      { ...good, jobApplicationId: 'nope' },
    ]) {
      expect(await send(owner, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      })
    }
    expect(await send(stranger, good)).toMatchObject({ status: 404, body: { code: 'not_found' } })
    expect(await send(owner, good)).toMatchObject({ status: 201 })
  })
})

describe('adding an application by hand', () => {
  it('is free and saves the title, company and link as the snapshot', async () => {
    const user = await newUser()
    const before = await api<{ credits: number }>(testApp.baseUrl, user, 'credits')
    const created = await api(testApp.baseUrl, user, 'job-applications', {
      method: 'POST',
      body: {
        title: 'Data Analyst',
        company: 'Kestrel Foods',
        url: 'https://kestrel.example/jobs/7',
      },
    })
    expect(created.status).toBe(201)
    const application = CreateApplicationResponseSchema.parse(created.body).application
    expect(application).toMatchObject({
      status: 'SAVED',
      jobSnapshot: {
        title: 'Data Analyst',
        company: 'Kestrel Foods',
        applyUrl: 'https://kestrel.example/jobs/7',
      },
    })
    const after = await api<{ credits: number }>(testApp.baseUrl, user, 'credits')
    expect(after.body.credits).toBe(before.body.credits)

    const { data } = await user.client
      .from('job_applications_with_job')
      .select('job_title, job_company_name, job_apply_url, status')
      .eq('id', application.id)
      .single()
    expect(data).toEqual({
      job_title: 'Data Analyst',
      job_company_name: 'Kestrel Foods',
      job_apply_url: 'https://kestrel.example/jobs/7',
      status: 'SAVED',
    })
  })

  it('reads a pasted job page’s schema.org JobPosting', async () => {
    const user = await newUser()
    const posting = {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Backend Developer (Go)',
      description: '<p>Build payment services in <b>Go</b> and PostgreSQL.</p>',
      hiringOrganization: { '@type': 'Organization', name: 'Lindqvist Pay' },
      jobLocation: {
        '@type': 'Place',
        address: { addressLocality: 'Stockholm', addressCountry: 'SE' },
      },
      baseSalary: {
        currency: 'SEK',
        value: { minValue: 600000, maxValue: 720000, unitText: 'YEAR' },
      },
      datePosted: '2026-11-20',
    }
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(posting)}</script></head><body>Apply</body></html>`
    const created = await api(testApp.baseUrl, user, 'job-applications', {
      method: 'POST',
      body: { jobPageHtml: html, url: 'https://lindqvist.example/careers/go' },
    })
    expect(created.status).toBe(201)
    const { jobSnapshot } = CreateApplicationResponseSchema.parse(created.body).application
    expect(jobSnapshot).toMatchObject({
      title: 'Backend Developer (Go)',
      company: 'Lindqvist Pay',
      applyUrl: 'https://lindqvist.example/careers/go',
      salary: { min: 600000, max: 720000, currency: 'SEK', period: 'YEAR' },
    })
    expect(jobSnapshot.location).toContain('Stockholm')
    expect(jobSnapshot.description).toContain('payment services')
    expect(jobSnapshot.description).not.toContain('<b>')
  })

  it('answers 400 with its code for a page without a posting and for bad fields', async () => {
    const user = await newUser()
    const add = (body: unknown) =>
      api(testApp.baseUrl, user, 'job-applications', { method: 'POST', body })
    expect(await add({ jobPageHtml: '<html><body>No data here</body></html>' })).toMatchObject({
      status: 400,
      body: { code: 'job_posting_not_found' },
    })
    expect(
      await add({
        jobPageHtml: '<script type="application/ld+json">{"@type":"Organization"}</script>',
      }),
    ).toMatchObject({ status: 400, body: { code: 'job_posting_not_found' } })
    for (const body of [
      {},
      { title: 'Analyst' },
      { title: ' ', company: 'Acme' },
      { title: 'Analyst', company: 'Acme', url: 'javascript:alert(1)' },
      { title: 'Analyst', company: 'Acme', status: 'OFFER' },
    ]) {
      expect(await add(body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      })
    }
    expect(
      await api(testApp.baseUrl, null, 'job-applications', { method: 'POST', body: {} }),
    ).toMatchObject({ status: 401 })
  })
})
