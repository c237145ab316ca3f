import type { Interview, InterviewAnswer, InterviewRecording } from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { putOnPlan } from '../../../../../test/plans.ts'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { type FakeSpeechApi, startFakeSpeechApi } from '../../../test/fake-speech-api.ts'
import { speak, toWebm } from '../../../../../test/spoken-audio.ts'
import { postSwipe } from '../../../test/swipe-support.ts'
import { createLocalByteStore } from '../storage/index.ts'
import { purgeDeletedInterviewAudio } from './index.ts'

/**
 * Practice interviews against the running app, its real job queue and PostgreSQL: questions
 * for the seeker's application, spoken answers analysed in the background, the session
 * recording joined into `{userId}/{interviewId}.mp3` and replayed through a signed URL, the
 * soft delete and the purge of a deleted interview's audio after the retention period.
 */
// Answers are analysed and joined by the real job queue: beside a full test run on two cores
// that takes longer than the project's 30 s default.
vi.setConfig({ testTimeout: 120_000 })

type Seeker = { id: string; accessToken: string; client?: SupabaseClient }

const PROFILE = {
  basics: { name: 'Ines Duarte', label: 'Backend Engineer' },
  work: [
    {
      name: 'Lisbon Freight',
      position: 'Senior Backend Engineer',
      startDate: '2020-02',
      highlights: ['Cut p95 latency of the pricing API from 900 ms to 180 ms'],
    },
  ],
  skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kubernetes'] }],
}

const ANSWER_TEXT =
  'Um, at my last job the pricing service was too slow, so I, like, profiled the hot path. ' +
  'I rewrote the query and added an index, and as a result latency went from 900 to 180 milliseconds.'

let app: TestApp
let speechApi: FakeSpeechApi

beforeAll(async () => {
  speechApi = await startFakeSpeechApi()
  app = await startTestApp({ backgroundJobs: true })
})

afterAll(async () => {
  await app?.close()
  await speechApi?.close()
})

async function signIn(): Promise<Seeker> {
  const client = app.client()
  const { data, error } = await client.auth.signInAnonymously()
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, accessToken: data.session.access_token, client }
}

async function applicationFor(seeker: Seeker): Promise<string> {
  await app.database.pool.query(
    `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
    [seeker.id, PROFILE],
  )
  const { rows } = await app.database.pool.query<{ id: string }>(
    `insert into public.jobs (title, company_name, source, source_id, description, skills)
     values ('Platform Engineer', 'Parcelnet', 'manual', gen_random_uuid()::text,
             'Requirements:\n- Running Kubernetes in production\n- PostgreSQL tuning',
             array['Go', 'Kubernetes', 'PostgreSQL'])
     returning id`,
  )
  const swipe = await postSwipe(app.baseUrl, seeker.accessToken, {
    jobId: rows[0]!.id,
    swipeDirection: 'RIGHT',
  })
  expect(swipe.status).toBe(201)
  return swipe.body.applicationId as string
}

async function api<T = Record<string, unknown>>(
  seeker: Seeker,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const form = body instanceof FormData
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${seeker.accessToken}`,
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  })
  const type = response.headers.get('content-type') ?? ''
  return {
    status: response.status,
    headers: response.headers,
    body: (type.includes('json') ? await response.json() : null) as T,
  }
}

function voiceForm(bytes: Uint8Array, type: string, transcript?: string): FormData {
  const form = new FormData()
  form.append('audio', new Blob([new Uint8Array(bytes)], { type }), 'answer')
  if (transcript) form.append('transcript', transcript)
  return form
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const readInterview = (seeker: Seeker, id: string) =>
  api<Interview>(seeker, 'GET', `/interviews/${id}`).then((response) => response.body)

describe('a practice interview for an application', () => {
  let seeker: Seeker
  let interview: Interview

  beforeAll(async () => {
    seeker = await signIn()
    const applicationId = await applicationFor(seeker)
    const started = await api<Interview>(seeker, 'POST', '/interviews/start', {
      jobApplicationId: applicationId,
      focus: 'mixed',
      questionCount: 3,
    })
    expect(started.status).toBe(201)
    interview = started.body
  })

  it('starts with questions for the job, each with what a strong answer covers', () => {
    expect(interview).toMatchObject({
      status: 'CREATED',
      title: 'Platform Engineer',
      company: 'Parcelnet',
      progressStep: 'questions_ready',
      answers: [],
    })
    expect(interview.questions).toHaveLength(3)
    for (const question of interview.questions) {
      expect(question.text.length).toBeGreaterThan(15)
      expect(question.talkingPoints.length).toBeGreaterThanOrEqual(2)
      expect(question.talkingPoints.length).toBeLessThanOrEqual(4)
    }
    expect(new Set(interview.questions.map((question) => question.text)).size).toBe(3)
  })

  it('speaks a question with the offline voice', async () => {
    const response = await fetch(
      `${app.baseUrl}/api/interviews/${interview.id}/questions/1/audio`,
      {
        headers: { authorization: `Bearer ${seeker.accessToken}` },
      },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/wav')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(bytes.length).toBeGreaterThan(16_000) // more than a fraction of a second
  })

  it('analyses a spoken answer in the background: pace, pauses, fillers, content, coaching', async () => {
    const webm = await toWebm(await speak(ANSWER_TEXT, { wordsPerMinute: 150 }))
    const answered = await api<InterviewAnswer>(
      seeker,
      'POST',
      `/interviews/${interview.id}/answers/1`,
      voiceForm(webm, 'audio/webm;codecs=opus', ANSWER_TEXT),
    )
    expect(answered.status).toBe(202)
    expect(answered.body).toMatchObject({ questionIndex: 0, status: 'ANALYSING', mode: 'voice' })
    const analysed = await until(
      () => readInterview(seeker, interview.id),
      (current) => current.answers[0]?.status !== 'ANALYSING',
    )
    expect(analysed.status).toBe('IN_PROGRESS')
    const answer = analysed.answers[0]!
    expect(answer.status).toBe('ANALYSED')
    expect(answer.transcriptSource).toBe('browser')
    expect(answer.delivery).toMatchObject({ paceSource: 'transcript', fillerSource: 'transcript' })
    expect(answer.delivery!.wordsPerMinute).toBeGreaterThan(110)
    expect(answer.delivery!.wordsPerMinute).toBeLessThan(200)
    expect(answer.delivery!.fillers).toMatchObject({ um: 1, like: 1 })
    expect(
      answer.delivery!.fillerMarks.map((mark) =>
        ANSWER_TEXT.slice(mark.start, mark.end).toLowerCase(),
      ),
    ).toEqual(expect.arrayContaining(['um', 'like']))
    expect(answer.content!.resultsWithNumbers.length).toBeGreaterThan(0)
    expect(answer.content!.star.result).toBe(true)
    expect(answer.coaching!.length).toBeGreaterThan(20)
    expect(answer.score).toBeGreaterThan(0)
  })

  it('refuses a file that is not audio, and keeps nothing of it', async () => {
    const refused = await api(
      seeker,
      'POST',
      `/interviews/${interview.id}/answers/2`,
      voiceForm(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'audio/webm'),
    )
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'audio_unreadable' })
    const { rows } = await app.database.pool.query(
      `select name from storage.objects where bucket_id = 'interviews' and name like $1`,
      [`${seeker.id}/${interview.id}/answer-2%`],
    )
    expect(rows).toEqual([])
    expect((await readInterview(seeker, interview.id)).answers).toHaveLength(1)
  })

  it('takes a typed answer (feedback at once) and a skipped question', async () => {
    const typed = await api<InterviewAnswer>(
      seeker,
      'POST',
      `/interviews/${interview.id}/answers/2`,
      {
        typedAnswer:
          'I led the move to Kubernetes. As a result deploys went from 2 hours to 10 minutes.',
      },
    )
    expect(typed.status).toBe(202)
    expect(typed.body).toMatchObject({ status: 'ANALYSED', mode: 'typed', delivery: null })
    expect(typed.body.content!.wordCount).toBeGreaterThan(10)
    const skipped = await api<InterviewAnswer>(
      seeker,
      'POST',
      `/interviews/${interview.id}/answers/3`,
      {
        skipped: true,
      },
    )
    expect(skipped.body).toMatchObject({ status: 'SKIPPED', mode: 'skipped', score: null })
    const empty = await api(seeker, 'POST', `/interviews/${interview.id}/answers/3`, {
      typedAnswer: '   ',
    })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ code: 'validation_failed' })
    const missing = await api(seeker, 'POST', `/interviews/${interview.id}/answers/4`, {
      skipped: true,
    })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 'interview_question_not_found' })
  })

  it('finishes: one MP3 of the answers, replayable through a 24-hour signed URL, and the overall feedback', async () => {
    const finishing = await api<Interview>(seeker, 'POST', `/interviews/${interview.id}/finish`)
    expect(finishing.status).toBe(202)
    expect(finishing.body.status).toBe('PROCESSING')
    const done = await until(
      () => readInterview(seeker, interview.id),
      (current) => current.status !== 'PROCESSING',
    )
    expect(done.status).toBe('COMPLETED')
    expect(done.feedback!.focusAreas.length).toBeGreaterThanOrEqual(1)
    expect(done.feedback!.focusAreas.length).toBeLessThanOrEqual(3)
    expect(done.feedback!.score).toBeGreaterThan(0)
    expect(done.answers[0]!.recording).toMatchObject({ startSeconds: 0 })
    expect(done.recording!.durationSeconds).toBeGreaterThan(3)

    const { rows } = await app.database.pool.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'interviews' and owner_id = $1 order by name`,
      [seeker.id],
    )
    expect(rows.map((row) => row.name)).toEqual([`${seeker.id}/${interview.id}.mp3`])

    const recording = await api<InterviewRecording>(
      seeker,
      'GET',
      `/interviews/${interview.id}/recording`,
    )
    expect(recording.status).toBe(200)
    expect(Date.parse(recording.body.expiresAt) - Date.now()).toBeGreaterThan(86_000_000)
    expect(recording.body.answers).toEqual([
      expect.objectContaining({ questionIndex: 0, startSeconds: 0 }),
    ])
    const audio = await fetch(recording.body.url)
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toBe('audio/mpeg')
    const mp3 = Buffer.from(await audio.arrayBuffer())
    expect(mp3[0] === 0xff || mp3.subarray(0, 3).toString('latin1') === 'ID3').toBe(true)

    const late = await api(seeker, 'POST', `/interviews/${interview.id}/answers/3`, {
      skipped: true,
    })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'interview_finished' })
  })

  it('is invisible to another user, whatever they ask', async () => {
    const stranger = await signIn()
    for (const path of [
      `/interviews/${interview.id}`,
      `/interviews/${interview.id}/recording`,
      `/interviews/${interview.id}/questions/1/audio`,
    ]) {
      const response = await api(stranger, 'GET', path)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ code: 'interview_not_found' })
    }
    expect((await api(stranger, 'DELETE', `/interviews/${interview.id}`)).status).toBe(404)
    expect((await api(stranger, 'POST', `/interviews/${interview.id}/finish`)).status).toBe(404)
    const { data } = await stranger
      .client!.storage.from('interviews')
      .download(`${seeker.id}/${interview.id}.mp3`)
    expect(data).toBeNull()
  })

  it('lists it, then deletes it softly: gone from the list, kept as DELETED, audio purged after the retention period', async () => {
    const listed = await api<{ interviews: { id: string; score: number | null }[] }>(
      seeker,
      'GET',
      '/interviews',
    )
    expect(listed.body.interviews.map((item) => item.id)).toEqual([interview.id])
    expect(listed.body.interviews[0]!.score).toBeGreaterThan(0)

    expect((await api(seeker, 'DELETE', `/interviews/${interview.id}`)).status).toBe(204)
    expect(
      (await api<{ interviews: unknown[] }>(seeker, 'GET', '/interviews')).body.interviews,
    ).toEqual([])
    expect((await api(seeker, 'GET', `/interviews/${interview.id}`)).status).toBe(404)

    const byteStore = createLocalByteStore(app.dataDir)
    const deps = {
      db: app.database.pool,
      logger: pino({ level: 'silent' }),
      byteStore,
      now: () => new Date(),
      audioRetentionDays: 30,
    }
    expect(await purgeDeletedInterviewAudio(deps)).toBe(0) // deleted just now: kept
    await app.database.pool.query(
      `update public.interviews set deleted_at = now() - interval '31 days' where id = $1`,
      [interview.id],
    )
    expect(await purgeDeletedInterviewAudio(deps)).toBe(1)
    const { rows } = await app.database.pool.query<{
      status: string
      audio_path: string | null
      audio_purged_at: Date | null
    }>(`select status, audio_path, audio_purged_at from public.interviews where id = $1`, [
      interview.id,
    ])
    expect(rows[0]).toMatchObject({ status: 'DELETED', audio_path: null })
    expect(rows[0]!.audio_purged_at).not.toBeNull()
    expect(await byteStore.get('interviews', `${seeker.id}/${interview.id}.mp3`)).toBeNull()
  })
})

describe('starting an interview', () => {
  it('needs an application, a job or a role, and says so', async () => {
    const seeker = await signIn()
    const none = await api(seeker, 'POST', '/interviews/start', { focus: 'mixed' })
    expect(none.status).toBe(400)
    expect(JSON.stringify(none.body)).toContain(
      'Choose an application, a job or a role to practise for',
    )
    const tooMany = await api(seeker, 'POST', '/interviews/start', {
      role: 'Nurse',
      questionCount: 11,
    })
    expect(tooMany.status).toBe(400)
    const notMine = await api(seeker, 'POST', '/interviews/start', {
      jobApplicationId: '00000000-0000-4000-8000-000000000000',
    })
    expect(notMine.status).toBe(404)
    expect(notMine.body).toMatchObject({ code: 'job_application_not_found' })
    const noJob = await api(seeker, 'POST', '/interviews/start', {
      jobId: '00000000-0000-4000-8000-000000000001',
    })
    expect(noJob.status).toBe(404)
    expect(noJob.body).toMatchObject({ code: 'job_not_found' })
    const badId = await api(seeker, 'POST', '/interviews/start', { jobId: 'no-such-job' })
    expect(badId.status).toBe(400)
  })

  it('practises a typed role with questions from its occupation', async () => {
    const seeker = await signIn()
    const started = await api<Interview>(seeker, 'POST', '/interviews/start', {
      role: 'Registered Nurse',
      focus: 'role',
      questionCount: 4,
    })
    expect(started.status).toBe(201)
    expect(started.body.title).toBe('Registered Nurse')
    expect(started.body.questions).toHaveLength(4)
    const unanswered = await api(seeker, 'POST', `/interviews/${started.body.id}/finish`)
    expect(unanswered.status).toBe(409)
    expect(unanswered.body).toMatchObject({ code: 'interview_not_answered' })
  })

  it('holds the free plan to two a week (deleted ones count), and a paid plan to none', async () => {
    const seeker = await signIn()
    const start = () =>
      api<Interview>(seeker, 'POST', '/interviews/start', { role: 'Pharmacist', questionCount: 3 })
    const first = await start()
    expect(first.status).toBe(201)
    expect((await api(seeker, 'DELETE', `/interviews/${first.body.id}`)).status).toBe(204)
    expect((await start()).status).toBe(201)
    const third = await start()
    expect(third).toMatchObject({
      status: 402,
      body: {
        code: 'plan_required',
        message: 'Your plan includes 2 practice interviews a week: upgrade for more',
        details: { feature: 'practiceInterviewsPerWeek' },
      },
    })
    await putOnPlan(app.database.pool, seeker.id, 'pro_weekly')
    expect((await start()).status).toBe(201)
  })
})

describe('with a speech-to-text service configured', () => {
  let sttApp: TestApp

  beforeAll(async () => {
    sttApp = await startTestApp({
      backgroundJobs: true,
      env: { STT_BASE_URL: speechApi.baseUrl, STT_API_KEY: 'sk-test' },
    })
  })
  afterAll(() => sttApp?.close())

  it('transcribes the answer there, and falls back to the browser’s text when it fails', async () => {
    const { data } = await sttApp.client().auth.signInAnonymously()
    const seeker = { id: data.session!.user.id, accessToken: data.session!.access_token }
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${sttApp.baseUrl}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${seeker.accessToken}`,
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      })
    const started = (await (
      await call('POST', '/interviews/start', { role: 'Software Developer', questionCount: 2 })
    ).json()) as Interview
    const wav = await speak('I, uh, built the billing service and cut costs by thirty percent.')
    const read = () =>
      call('GET', `/interviews/${started.id}`).then(
        (response) => response.json() as Promise<Interview>,
      )
    const analysed = async (count: number) =>
      until(
        read,
        (current) =>
          current.answers.length === count &&
          current.answers.every((answer) => answer.status !== 'ANALYSING'),
      )
    speechApi.transcript = { text: 'I, uh, built the billing service and cut costs by 30 percent.' }
    await call('POST', `/interviews/${started.id}/answers/1`, voiceForm(wav, 'audio/wav'))
    await analysed(1)
    speechApi.transcript = { status: 503 }
    await call(
      'POST',
      `/interviews/${started.id}/answers/2`,
      voiceForm(wav, 'audio/wav', 'I built the billing service'),
    )
    const both = await analysed(2)
    expect(both.answers.map((answer) => answer.transcriptSource)).toEqual([
      'speech_to_text',
      'browser',
    ])
    expect(both.answers[0]!.delivery!.fillers).toMatchObject({ uh: 1 })
    expect(speechApi.transcriptions[0]).toMatchObject({
      fields: { model: 'whisper-1', response_format: 'json' },
      fileType: 'audio/wav',
    })
    expect(speechApi.transcriptions[0]!.fields.prompt).toMatch(/umm/i)
  })
})
