import type { AnalysisVideo } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putOnPlan } from '../../../../../test/plans.ts'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
} from '../../../../../test/push-service.ts'
import { reviewResume } from '../resume-review/index.ts'
import { parsedResumeFromJson } from './resume-lines.ts'

/**
 * Analysis videos against the running app and its job queue: a finished review becomes a
 * narrated 1080×1920 MP4 with a poster in the owner's folder, served through signed URLs; a
 * repeated request answers the video being made; another user sees nothing of it.
 */
const RESUME = {
  basics: { name: 'Ines Duarte', label: 'Backend Engineer', email: 'ines@example.com' },
  work: [
    {
      name: 'Lisbon Freight',
      position: 'Senior Backend Engineer',
      startDate: '2020-02',
      highlights: [
        'Cut p95 latency of the pricing API from 900 ms to 180 ms',
        'Was responsible for the on-call rota',
      ],
    },
  ],
  education: [],
  skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kubernetes'] }],
}

type Seeker = { id: string; accessToken: string }
let app: TestApp
/** The owner's device is told when the video is ready (Web Push, issue 19). */
let pushService: PushServiceStandIn

beforeAll(async () => {
  pushService = await startPushServiceStandIn()
  app = await startTestApp({ backgroundJobs: true, env: { PUSH_SERVICE_HOSTS: '127.0.0.1' } })
})
afterAll(async () => {
  await app?.close()
  await pushService?.close()
})

/** A seeker on a paid plan (videos come with one), or on the free plan. */
async function seeker(plan: 'pro_monthly' | 'free' = 'pro_monthly'): Promise<Seeker> {
  const { data, error } = await app.client().auth.signInAnonymously()
  if (error || !data.session) throw error ?? new Error('no session')
  if (plan !== 'free') await putOnPlan(app.database.pool, data.session.user.id, plan)
  return { id: data.session.user.id, accessToken: data.session.access_token }
}

async function analysis(owner: Seeker, status: 'COMPLETED' | 'PROCESSING'): Promise<string> {
  const profile = await app.database.pool.query<{ id: string }>(
    `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2) returning id`,
    [owner.id, RESUME],
  )
  const review = reviewResume(parsedResumeFromJson(RESUME))
  const { rows } = await app.database.pool.query<{ id: string }>(
    `insert into public.resume_analyses
       (user_id, professional_profile_id, source, input, linkedin_url, status, progress_step,
        score, result, completed_at)
     values ($1, $2, 'linkedin', 'linkedin_export', null, $3, $4, $5, $6, now())
     returning id`,
    [
      owner.id,
      profile.rows[0]!.id,
      status,
      status === 'COMPLETED' ? 'done' : 'parsing',
      review.score,
      status === 'COMPLETED' ? review : null,
    ],
  )
  return rows[0]!.id
}

async function api<T = Record<string, unknown>>(
  who: Seeker,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

describe('analysis videos', () => {
  it('refuses an analysis that is not the caller’s or not finished', async () => {
    const ines = await seeker()
    const other = await seeker()
    const running = await analysis(ines, 'PROCESSING')
    const finished = await analysis(other, 'COMPLETED')
    const notReady = await api(ines, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId: running,
    })
    expect(notReady).toMatchObject({ status: 409, body: { code: 'analysis_not_ready' } })
    const notMine = await api(ines, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId: finished,
    })
    expect(notMine).toMatchObject({ status: 404, body: { code: 'resume_analysis_not_found' } })
    const garbage = await api(ines, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId: 'nope',
    })
    expect(garbage.status).toBe(400)
    const unknown = await api(ines, 'GET', '/resume-analysis/video/status/nope')
    expect(unknown).toMatchObject({ status: 404, body: { code: 'analysis_video_not_found' } })
  })

  it('answers 402 plan_required on the free plan, naming the plans that unlock videos', async () => {
    const free = await seeker('free')
    const finished = await analysis(free, 'COMPLETED')
    const refused = await api(free, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId: finished,
    })
    expect(refused).toMatchObject({
      status: 402,
      body: {
        code: 'plan_required',
        message: 'Analysis videos come with a paid plan',
        details: {
          feature: 'analysisVideos',
          plans: ['pro_weekly', 'pro_monthly', 'pro_quarterly'],
        },
      },
    })
    const { rows } = await app.database.pool.query(
      'select 1 from public.analysis_videos where user_id = $1',
      [free.id],
    )
    expect(rows).toHaveLength(0)
  })

  it('renders a finished review as a narrated vertical MP4 with a poster, served through signed URLs', async () => {
    const ines = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    const device = await fetch(`${app.baseUrl}/api/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ines.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(pushService.subscribe()),
    })
    expect(device.status).toBe(204)
    const first = await api<AnalysisVideo>(ines, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId,
    })
    expect(first.status).toBe(202)
    expect(first.body).toMatchObject({ status: 'PENDING', progress: 0, video: null })
    const again = await api<AnalysisVideo>(ines, 'POST', '/resume-analysis/video/generate', {
      resumeAnalysisId,
    })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)

    let video = first.body
    const deadline = Date.now() + 220_000
    while (video.status === 'PENDING' || video.status === 'RENDERING') {
      if (Date.now() > deadline) throw new Error(`still ${video.status} at ${video.progress}%`)
      await new Promise((resolve) => setTimeout(resolve, 500))
      video = (await api<AnalysisVideo>(ines, 'GET', `/resume-analysis/video/status/${video.id}`))
        .body
    }
    expect(video).toMatchObject({ status: 'COMPLETED', progress: 100, error: null })
    expect(JSON.parse((await pushService.next()).payload)).toMatchObject({
      kind: 'analysisVideoReady',
      title: 'Your analysis video is ready',
      url: '/resume',
    })
    expect(video.video).toMatchObject({ width: 1080, height: 1920 })
    expect(video.video!.durationSeconds).toBeGreaterThanOrEqual(30)
    expect(video.video!.durationSeconds).toBeLessThanOrEqual(60)

    const mp4 = await fetch(video.video!.url)
    expect(mp4.status).toBe(200)
    expect(mp4.headers.get('content-type')).toBe('video/mp4')
    const bytes = Buffer.from(await mp4.arrayBuffer())
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const poster = await fetch(video.video!.posterUrl)
    expect(poster.status).toBe(200)
    expect(poster.headers.get('content-type')).toMatch(/^image\//)

    const { rows } = await app.database.pool.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'resume-analysis' and owner_id = $1
       order by name`,
      [ines.id],
    )
    expect(rows.map((row) => row.name)).toEqual([
      `${ines.id}/videos/${video.id}.jpg`,
      `${ines.id}/videos/${video.id}.mp4`,
      `${ines.id}/videos/${video.id}.vtt`,
    ])
    const captions = await fetch(video.video!.captionsUrl!)
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/)
    const vtt = await captions.text()
    expect(vtt.startsWith('WEBVTT')).toBe(true)
    expect(vtt).toContain('Hi Ines.')
    expect(vtt).toMatch(/your resume earns a [A-F]/)

    const stranger = await seeker()
    const theirs = await api(stranger, 'GET', `/resume-analysis/video/status/${video.id}`)
    expect(theirs).toMatchObject({ status: 404, body: { code: 'analysis_video_not_found' } })
  }, 240_000) // a real render in the job queue, beside a full test run
})
