import type { CoverLetterState } from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts'
import { postSwipe } from '../../../test/swipe-support.ts'

/**
 * A right swipe prepares the application's cover letter and match report in the background
 * (the real pg-boss queue of the running app), stores the PDF in the owner's folder of the
 * `cover-letters` bucket, and lets the owner edit, re-render and regenerate it (within a limit).
 */
const PROFILE = {
  basics: { name: 'Maren Voss', label: 'Backend Engineer' },
  work: [
    {
      name: 'Lindqvist Freight',
      position: 'Senior Backend Engineer',
      startDate: '2021-03',
      highlights: ['Led the move of the booking service to Go microservices'],
    },
  ],
  skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kubernetes'] }],
}

const DESCRIPTION = `We run the parcel network.

Requirements:
- Experience running Kubernetes clusters
- Infrastructure as code with Terraform`

type Seeker = { id: string; accessToken: string; client: SupabaseClient }

async function signIn(app: TestApp): Promise<Seeker> {
  const client = app.client()
  const { data, error } = await client.auth.signInAnonymously()
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, accessToken: data.session.access_token, client }
}

async function arrange(app: TestApp, seeker: Seeker): Promise<string> {
  await app.database.pool.query(
    `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
    [seeker.id, PROFILE],
  )
  const { rows } = await app.database.pool.query<{ id: string }>(
    `insert into public.jobs (title, company_name, source, source_id, description, skills, apply_url)
     values ('Platform Engineer', 'Parcelnet', 'manual', gen_random_uuid()::text, $1,
             array['Go', 'Kubernetes', 'Terraform'], 'https://jobs.example.com/parcelnet/1')
     returning id`,
    [DESCRIPTION],
  )
  const swipe = await postSwipe(app.baseUrl, seeker.accessToken, {
    jobId: rows[0]!.id,
    swipeDirection: 'RIGHT',
  })
  expect(swipe.status).toBe(201)
  return swipe.body.applicationId as string
}

async function api(
  app: TestApp,
  seeker: Pick<Seeker, 'accessToken'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${seeker.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

async function waitUntilSettled(
  app: TestApp,
  seeker: Seeker,
  applicationId: string,
): Promise<CoverLetterState> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { body } = await api(
      app,
      seeker,
      'GET',
      `/job-applications/${applicationId}/cover-letter`,
    )
    const state = body as unknown as CoverLetterState
    if (state.status === 'ready' || state.status === 'failed') return state
    if (Date.now() > deadline) throw new Error(`still ${state.status}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function downloadPdf(seeker: Seeker, path: string) {
  const { data, error } = await seeker.client.storage.from('cover-letters').download(path)
  return { bytes: data ? Buffer.from(await data.arrayBuffer()) : null, error }
}

describe('the cover letter a right swipe prepares (offline composer)', () => {
  let app: TestApp
  let seeker: Seeker
  let other: Seeker
  let applicationId: string
  let ready: CoverLetterState

  beforeAll(async () => {
    app = await startTestApp({ backgroundJobs: true })
    seeker = await signIn(app)
    other = await signIn(app)
    applicationId = await arrange(app, seeker)
    ready = await waitUntilSettled(app, seeker, applicationId)
  }, 60_000)
  afterAll(() => app?.close())

  it('writes the letter and the report, and the PDF in the owner’s folder', async () => {
    expect(ready).toMatchObject({
      applicationId,
      status: 'ready',
      source: 'offline',
      error: null,
      pdfPath: `${seeker.id}/${applicationId}.pdf`,
      applyUrl: 'https://jobs.example.com/parcelnet/1',
      regenerationsLeft: 3,
    })
    expect(ready.text).toContain('Platform Engineer position at Parcelnet')
    expect(ready.text).toContain('Lindqvist Freight')
    expect(ready.text).toMatch(/Kind regards,\nMaren Voss$/)
    expect(ready.matchReport!.matched.map((item) => item.label)).toEqual(
      expect.arrayContaining(['Go', 'Kubernetes']),
    )
    expect(ready.matchReport!.missing.map((item) => item.label)).toContain('Terraform')

    // The owner reads the same through /rest/v1, and the PDF through /storage/v1.
    const { data: rows } = await seeker.client
      .from('job_applications')
      .select('cover_letter, cover_letter_status, match_report')
      .eq('id', applicationId)
    expect(rows).toEqual([
      { cover_letter: ready.text, cover_letter_status: 'ready', match_report: ready.matchReport },
    ])
    const { bytes } = await downloadPdf(seeker, ready.pdfPath!)
    expect(bytes!.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const { data: signed } = await seeker.client.storage
      .from('cover-letters')
      .createSignedUrl(ready.pdfPath!, 60)
    const viaSignedUrl = await fetch(signed!.signedUrl)
    expect(viaSignedUrl.status).toBe(200)
  })

  it('keeps the letter, its PDF and its state from another user', async () => {
    const { bytes, error } = await downloadPdf(other, ready.pdfPath!)
    expect(bytes).toBeNull()
    expect(error).not.toBeNull()
    const { data: signed } = await other.client.storage
      .from('cover-letters')
      .createSignedUrl(ready.pdfPath!, 60)
    expect(signed).toBeNull()
    const { data: rows } = await other.client.from('job_applications').select('id')
    expect(rows).toEqual([])
    for (const [method, path] of [
      ['GET', `/job-applications/${applicationId}/cover-letter`],
      ['POST', `/job-applications/${applicationId}/cover-letter/regenerate`],
      ['POST', `/job-applications/${applicationId}/cover-letter/pdf`],
    ] as const) {
      const answer = await api(app, other, method, path)
      expect(answer.status).toBe(404)
      expect(answer.body.code).toBe('not_found')
    }
  })

  it('does nothing when a finished job runs again (a retry)', async () => {
    const before = await app.database.pool.query<{
      updated_at: Date
      cover_letter_request_id: string
    }>(`select updated_at, cover_letter_request_id from public.job_applications where id = $1`, [
      applicationId,
    ])
    const { prepareCoverLetter } = await import('./index.ts')
    await prepareCoverLetter(
      {
        db: app.database.pool,
        logger: app.app.log as never,
        byteStore: null as never, // never reached: the request is done
        generator: null,
        now: () => new Date(),
      },
      { applicationId, requestId: before.rows[0]!.cover_letter_request_id },
    )
    const after = await app.database.pool.query<{ updated_at: Date }>(
      `select updated_at from public.job_applications where id = $1`,
      [applicationId],
    )
    expect(after.rows[0]!.updated_at).toEqual(before.rows[0]!.updated_at)
    const objects = await app.database.pool.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'cover-letters'`,
    )
    expect(objects.rows[0]!.n).toBe(1)
  })

  it('renders the PDF of the text the user edited', async () => {
    const edited = `${ready.text!}\n\nP.S. I can start in January.`
    const { error } = await seeker.client
      .from('job_applications')
      .update({ cover_letter: edited })
      .eq('id', applicationId)
    expect(error).toBeNull()
    const before = await downloadPdf(seeker, ready.pdfPath!)
    const answer = await api(
      app,
      seeker,
      'POST',
      `/job-applications/${applicationId}/cover-letter/pdf`,
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ text: edited, pdfPath: ready.pdfPath })
    const after = await downloadPdf(seeker, ready.pdfPath!)
    expect(after.bytes!.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(after.bytes!.equals(before.bytes!)).toBe(false)
    // The user cannot write what the server prepares.
    const { error: denied } = await seeker.client
      .from('job_applications')
      .update({ match_report: {}, cover_letter_status: 'ready' })
      .eq('id', applicationId)
    expect(denied).not.toBeNull()
  })

  it('regenerates for free three times a day, then answers 429 with Retry-After', async () => {
    for (let left = 2; left >= 0; left -= 1) {
      const answer = await api(
        app,
        seeker,
        'POST',
        `/job-applications/${applicationId}/cover-letter/regenerate`,
      )
      expect(answer.status).toBe(202)
      expect(answer.body).toMatchObject({ status: 'queued', regenerationsLeft: left })
      const busy = await api(
        app,
        seeker,
        'POST',
        `/job-applications/${applicationId}/cover-letter/regenerate`,
      )
      expect([409, 202]).toContain(busy.status) // 409 while queued or preparing
      if (busy.status === 202) throw new Error('a regeneration was counted while one was running')
      const state = await waitUntilSettled(app, seeker, applicationId)
      expect(state.status).toBe('ready')
      // A regeneration writes a fresh letter over the edited one.
      expect(state.text).not.toContain('P.S.')
    }
    const refused = await api(
      app,
      seeker,
      'POST',
      `/job-applications/${applicationId}/cover-letter/regenerate`,
    )
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('cover_letter_regeneration_limit')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)

    app.advanceClock(24 * 3600 * 1000 + 1000)
    const again = await api(
      app,
      seeker,
      'POST',
      `/job-applications/${applicationId}/cover-letter/regenerate`,
    )
    expect(again.status).toBe(202)
    expect(again.body.regenerationsLeft).toBe(2)
    await waitUntilSettled(app, seeker, applicationId)
  }, 60_000)

  it('writes a letter, on request, for a job added by hand (from its snapshot)', async () => {
    const { rows } = await app.database.pool.query<{ id: string }>(
      `insert into public.job_applications (user_id, job_id, job_snapshot)
       values ($1, null, $2) returning id`,
      [
        seeker.id,
        {
          title: 'Site Reliability Engineer',
          company: 'Fjordline Data',
          description: 'Requirements:\n- Kubernetes in production',
          skills: ['Kubernetes', 'Go'],
          applyUrl: 'https://careers.example.org/fjordline/sre',
        },
      ],
    )
    const handAdded = rows[0]!.id
    const before = await api(app, seeker, 'GET', `/job-applications/${handAdded}/cover-letter`)
    expect(before.body).toMatchObject({ status: null, text: null, regenerationsLeft: 3 })
    const asked = await api(
      app,
      seeker,
      'POST',
      `/job-applications/${handAdded}/cover-letter/regenerate`,
    )
    expect(asked.status).toBe(202)
    const state = await waitUntilSettled(app, seeker, handAdded)
    expect(state.status).toBe('ready')
    expect(state.text).toContain('Site Reliability Engineer position at Fjordline Data')
    expect(state.applyUrl).toBe('https://careers.example.org/fjordline/sre')
    expect(state.matchReport!.matched.map((item) => item.label)).toContain('Kubernetes')
  })

  it('answers 400 for an id that is not a UUID and 401 without a token', async () => {
    const bad = await api(app, seeker, 'GET', '/job-applications/not-a-uuid/cover-letter')
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('validation_failed')
    const anonymous = await fetch(
      `${app.baseUrl}/api/job-applications/${applicationId}/cover-letter`,
    )
    expect(anonymous.status).toBe(401)
  })
})

describe('the cover letter written by an OpenAI-compatible API', () => {
  let app: TestApp
  let llm: FakeLlm
  let seeker: Seeker

  const LLM_LETTER = `Dear Parcelnet hiring team,

I am applying for the Platform Engineer role. At Lindqvist Freight I moved the booking service to Go microservices, and Kubernetes is part of my daily work.

I would be glad to talk about the role.

Kind regards,
Maren Voss`

  beforeAll(async () => {
    llm = await startFakeLlm()
    app = await startTestApp({
      backgroundJobs: true,
      env: {
        LLM_BASE_URL: llm.baseUrl,
        LLM_API_KEY: 'sk-test-key',
        LLM_MODEL: 'letter-model',
        LLM_TIMEOUT_MS: '1000',
      },
    })
    seeker = await signIn(app)
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await llm?.close()
  })

  it('uses the API’s letter, asked with the model, the key and the seeker’s facts', async () => {
    llm.mode = { kind: 'letter', text: LLM_LETTER }
    const applicationId = await arrange(app, seeker)
    const state = await waitUntilSettled(app, seeker, applicationId)
    expect(state).toMatchObject({ status: 'ready', source: 'llm', error: null, text: LLM_LETTER })
    const request = llm.requests.at(-1)!
    expect(request.headers.authorization).toBe('Bearer sk-test-key')
    expect(request.body.model).toBe('letter-model')
    const messages = request.body.messages as { role: string; content: string }[]
    expect(messages[0]!.content).toMatch(/Never invent/)
    expect(messages[1]!.content).toContain('Lindqvist Freight')
    expect(messages[1]!.content).toContain('Parcelnet')
  }, 30_000)

  it('asks for the next letter the way the seeker’s feedback on the last one said', async () => {
    llm.mode = { kind: 'letter', text: LLM_LETTER }
    const rated = await arrange(app, seeker)
    await waitUntilSettled(app, seeker, rated)
    const feedback = await api(app, seeker, 'POST', '/job-applications/feedback', {
      jobApplicationId: rated,
      subject: 'cover_letter',
      rating: 2,
      reasons: ['too_long', 'too_generic'],
      comment: 'Mention that I can start in January.',
    })
    expect(feedback.status).toBe(201)

    const next = await arrange(app, seeker)
    await waitUntilSettled(app, seeker, next)
    const instruction = (llm.requests.at(-1)!.body.messages as { content: string }[])[0]!.content
    expect(instruction).toMatch(/too long: keep it short/)
    expect(instruction).toMatch(/between 120 and 220 words/)
    expect(instruction).toMatch(/too generic/)
    expect(instruction).toContain('"Mention that I can start in January."')
  }, 30_000)

  for (const [name, mode, reason] of [
    ['an error status', { kind: 'status', status: 500 }, /HTTP 500/],
    ['no answer in time', { kind: 'slow', delayMs: 5000 }, /did not answer within 1000 ms/],
    [
      'a letter with a placeholder',
      { kind: 'letter', text: `${LLM_LETTER}\n[Your phone]` },
      /placeholder/,
    ],
  ] as const) {
    it(`falls back to the offline composer on ${name}, and says why`, async () => {
      llm.mode = mode
      const applicationId = await arrange(app, seeker)
      const state = await waitUntilSettled(app, seeker, applicationId)
      expect(state.status).toBe('ready')
      expect(state.source).toBe('offline')
      expect(state.error).toMatch(reason)
      expect(state.text).toContain('Platform Engineer position at Parcelnet')
      expect(state.pdfPath).toBe(`${seeker.id}/${applicationId}.pdf`)
    }, 30_000)
  }
})
