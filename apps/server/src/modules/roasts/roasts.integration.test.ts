import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type PublicRoast,
  type PublicRoastVideo,
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  RESUME_REVIEW_WEIGHTS,
  type ResumeFinding,
  type ResumeReview,
  ResumeReviewSchema,
  type Roast,
} from '@app/contracts'
import { loadImage } from '@napi-rs/canvas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts'

/**
 * Roasts against the running app and real PostgreSQL: made from the caller's finished analysis,
 * private until published, public (API, share page with preview tags, preview image) only while
 * published, invisible to anyone else, and free of contact details.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Find jobs, track applications and practise interviews." />
    <title>Job-search assistant</title>
    <script src="/config.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

type Seeker = { id: string; accessToken: string }
let app: TestApp

beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(tmpdir(), 'roasts-web-'))
  await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML)
  app = await startTestApp({ webDistDir })
})
afterAll(() => app?.close())

async function seeker(): Promise<Seeker> {
  const { data, error } = await app.client().auth.signInAnonymously()
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, accessToken: data.session.access_token }
}

/** A finished review whose findings quote an email, a phone number and links. */
function review(): ResumeReview {
  const finding = (
    code: ResumeFinding['code'],
    lines: string[],
    severity: ResumeFinding['severity'] = 'medium',
  ): ResumeFinding => ({
    code,
    category: 'impact',
    severity,
    lines,
    explanation: `The line ${lines[0] ?? ''} needs work (ines.duarte@example.com).`,
    suggestion: 'Rewrite it as: [what you did] and [the result], e.g. see https://ines.dev',
    rewrite: null,
  })
  return ResumeReviewSchema.parse({
    version: 1,
    grade: 'D',
    score: 64,
    summary: 'A resume with work to do.',
    subScores: RESUME_REVIEW_CATEGORIES.map((category) => ({
      category,
      label: RESUME_REVIEW_CATEGORY_LABELS[category],
      score: 64,
      weight: RESUME_REVIEW_WEIGHTS[category],
      summary: 'Some of it is there.',
    })),
    findings: [
      finding(
        'weak_bullet_no_action_verb',
        ['Responsible for the on-call rota, mail ines.duarte@example.com'],
        'high',
      ),
      finding('missing_numbers', [
        'Managed pricing, call +351 912 345 678 or linkedin.com/in/ines',
      ]),
      finding('buzzword', ['https://ines.dev results-driven synergy ninja']),
      finding('bullet_no_result', ['Worked on the billing migration']),
    ],
    strengths: [],
    stats: {
      pages: 1,
      bullets: 3,
      bulletsWithNumbers: 0,
      bulletsWithActionVerb: 0,
      skills: 1,
      positions: 1,
    },
  })
}

async function analysis(owner: Seeker, status: 'COMPLETED' | 'PROCESSING'): Promise<string> {
  const result = review()
  const { rows } = await app.database.pool.query<{ id: string }>(
    `insert into public.resume_analyses
       (user_id, source, input, linkedin_url, status, progress_step, score, result, completed_at)
     values ($1, 'linkedin', 'linkedin_url', 'https://www.linkedin.com/in/ines', $2, $3, $4, $5,
             now())
     returning id`,
    [
      owner.id,
      status,
      status === 'COMPLETED' ? 'done' : 'parsing',
      result.score,
      status === 'COMPLETED' ? result : null,
    ],
  )
  return rows[0]!.id
}

async function video(owner: Seeker, resumeAnalysisId: string, status = 'COMPLETED') {
  const { rows } = await app.database.pool.query<{ id: string }>(
    `insert into public.analysis_videos
       (user_id, resume_analysis_id, status, progress, video_path, poster_path, duration_seconds,
        completed_at)
     values ($1, $2, $3, 100, $4, $5, 42.5, now())
     returning id`,
    [
      owner.id,
      resumeAnalysisId,
      status,
      `${owner.id}/${resumeAnalysisId}/video.mp4`,
      `${owner.id}/${resumeAnalysisId}/poster.jpg`,
    ],
  )
  return rows[0]!.id
}

async function api<T = Record<string, unknown>>(
  who: Seeker | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

const CONTACT = /@|example\.com|ines\.dev|https?:|912 345|linkedin/i

describe('roasts', () => {
  it('makes, lists, publishes, unpublishes and deletes a roast', async () => {
    const ines = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    const created = await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })
    expect(created.status).toBe(201)
    const roast = created.body
    expect(roast).toMatchObject({
      resumeAnalysisId,
      published: false,
      publishedAt: null,
      videoId: null,
      pagePath: `/roasted-by-trump/analysis/${roast.id}`,
    })
    expect(roast.content.lines.length).toBeGreaterThanOrEqual(4)
    expect(roast.content.fixes).toHaveLength(3)

    const second = await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })
    const list = await api<{ roasts: Roast[] }>(ines, 'GET', '/roasts')
    expect(list.body.roasts.map((r) => r.id)).toEqual([second.body.id, roast.id])

    expect((await api(null, 'GET', `/public/roasts/${roast.id}`)).status).toBe(404)
    const published = await api<Roast>(ines, 'PATCH', `/roasts/${roast.id}`, { published: true })
    expect(published.body).toMatchObject({ published: true })
    expect(published.body.publishedAt).not.toBeNull()
    const publicRoast = await api<PublicRoast>(null, 'GET', `/public/roasts/${roast.id}`)
    expect(publicRoast.status).toBe(200)
    expect(publicRoast.body).toMatchObject({ id: roast.id, content: roast.content, videoId: null })
    expect(publicRoast.body.notice).toMatch(/^Parody/)

    const unpublished = await api<Roast>(ines, 'PATCH', `/roasts/${roast.id}`, { published: false })
    expect(unpublished.body).toMatchObject({ published: false, publishedAt: null })
    expect(await api(null, 'GET', `/public/roasts/${roast.id}`)).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })

    expect((await api(ines, 'DELETE', `/roasts/${roast.id}`)).status).toBe(204)
    expect((await api(ines, 'DELETE', `/roasts/${roast.id}`)).status).toBe(404)
    const after = await api<{ roasts: Roast[] }>(ines, 'GET', '/roasts')
    expect(after.body.roasts.map((r) => r.id)).toEqual([second.body.id])
  })

  it('refuses an analysis that is not the caller’s or not finished, and bad input', async () => {
    const ines = await seeker()
    const other = await seeker()
    const running = await analysis(ines, 'PROCESSING')
    const theirs = await analysis(other, 'COMPLETED')
    expect(await api(ines, 'POST', '/roasts', { resumeAnalysisId: running })).toMatchObject({
      status: 409,
      body: { code: 'analysis_not_ready' },
    })
    expect(await api(ines, 'POST', '/roasts', { resumeAnalysisId: theirs })).toMatchObject({
      status: 404,
      body: { code: 'resume_analysis_not_found' },
    })
    expect((await api(ines, 'POST', '/roasts', { resumeAnalysisId: 'nope' })).status).toBe(400)
    expect((await api(null, 'POST', '/roasts', { resumeAnalysisId: theirs })).status).toBe(401)
    const mine = await api<Roast>(ines, 'POST', '/roasts', {
      resumeAnalysisId: await analysis(ines, 'COMPLETED'),
    })
    expect((await api(ines, 'PATCH', `/roasts/${mine.body.id}`, {})).status).toBe(400)
    expect(await api(ines, 'PATCH', `/roasts/${mine.body.id}`, { published: 'yes' })).toMatchObject(
      { status: 400, body: { code: 'validation_failed' } },
    )
    expect(await api(ines, 'PATCH', '/roasts/not-a-uuid', { published: true })).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })
    expect(await api(null, 'GET', '/public/roasts/not-a-uuid')).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })
  })

  it('gives another user 404 on every route', async () => {
    const ines = await seeker()
    const other = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    const roast = (await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })).body
    const videoId = await video(ines, resumeAnalysisId)
    expect(await api(other, 'PATCH', `/roasts/${roast.id}`, { published: true })).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })
    expect(await api(other, 'DELETE', `/roasts/${roast.id}`)).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })
    expect((await api<{ roasts: Roast[] }>(other, 'GET', '/roasts')).body.roasts).toEqual([])
    // Their own roast cannot take someone else's video.
    const otherRoast = (
      await api<Roast>(other, 'POST', '/roasts', {
        resumeAnalysisId: await analysis(other, 'COMPLETED'),
      })
    ).body
    expect(await api(other, 'PATCH', `/roasts/${otherRoast.id}`, { videoId })).toMatchObject({
      status: 404,
      body: { code: 'analysis_video_not_found' },
    })
    // Through /rest/v1, the owner reads the row and nobody else does; nobody writes it.
    const rest = await fetch(`${app.baseUrl}/rest/v1/resume_roasts?select=id`, {
      headers: { apikey: app.anonKey, authorization: `Bearer ${other.accessToken}` },
    })
    expect(((await rest.json()) as { id: string }[]).map((r) => r.id)).toEqual([otherRoast.id])
    const write = await fetch(`${app.baseUrl}/rest/v1/resume_roasts?id=eq.${roast.id}`, {
      method: 'PATCH',
      headers: {
        apikey: app.anonKey,
        authorization: `Bearer ${ines.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ published_at: new Date().toISOString() }),
    })
    expect(write.status).toBeGreaterThanOrEqual(400)
    expect((await api(null, 'GET', `/public/roasts/${roast.id}`)).status).toBe(404)
  })

  it('shares a finished video of the same analysis, publicly only while the roast is published', async () => {
    const ines = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    const roast = (await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })).body
    const rendering = await video(ines, resumeAnalysisId, 'RENDERING')
    const otherAnalysisVideo = await video(ines, await analysis(ines, 'COMPLETED'))
    for (const videoId of [rendering, otherAnalysisVideo, crypto.randomUUID()]) {
      expect(await api(ines, 'PATCH', `/roasts/${roast.id}`, { videoId })).toMatchObject({
        status: 404,
        body: { code: 'analysis_video_not_found' },
      })
    }
    const videoId = await video(ines, resumeAnalysisId)
    const attached = await api<Roast>(ines, 'PATCH', `/roasts/${roast.id}`, { videoId })
    expect(attached.body).toMatchObject({ videoId, published: false })
    expect(await api(null, 'GET', `/public/roast-videos/${videoId}`)).toMatchObject({
      status: 404,
      body: { code: 'roast_not_found' },
    })
    const page = await fetch(`${app.baseUrl}/roasted-by-trump/video/${videoId}`)
    expect(page.status).toBe(404)

    await api(ines, 'PATCH', `/roasts/${roast.id}`, { published: true })
    const shared = await api<PublicRoastVideo>(null, 'GET', `/public/roast-videos/${videoId}`)
    expect(shared.status).toBe(200)
    expect(shared.body).toMatchObject({
      id: videoId,
      roastId: roast.id,
      headline: roast.content.headline,
      durationSeconds: 42.5,
    })
    expect(shared.body.url).toContain('/storage/v1/object/sign/resume-analysis/')
    expect(shared.body.posterUrl).toContain('poster.jpg?token=')
    expect((await fetch(`${app.baseUrl}/roasted-by-trump/video/${videoId}`)).status).toBe(200)
    expect((await api<PublicRoast>(null, 'GET', `/public/roasts/${roast.id}`)).body.videoId).toBe(
      videoId,
    )

    const detached = await api<Roast>(ines, 'PATCH', `/roasts/${roast.id}`, { videoId: null })
    expect(detached.body.videoId).toBeNull()
    expect((await api(null, 'GET', `/public/roast-videos/${videoId}`)).status).toBe(404)

    // Deleting the video detaches it (on delete set null).
    await api(ines, 'PATCH', `/roasts/${roast.id}`, { videoId })
    await app.database.pool.query('delete from public.analysis_videos where id = $1', [videoId])
    expect((await api<Roast>(ines, 'GET', '/roasts')).body).toMatchObject({
      roasts: [{ id: roast.id, videoId: null }],
    })
  })

  it('publishes no email, phone number or URL, even when the review quotes them', async () => {
    const ines = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const roast = (await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })).body
      await api(ines, 'PATCH', `/roasts/${roast.id}`, { published: true })
      const shared = await api<PublicRoast>(null, 'GET', `/public/roasts/${roast.id}`)
      expect(JSON.stringify(shared.body.content)).not.toMatch(CONTACT)
      const html = await (
        await fetch(`${app.baseUrl}/roasted-by-trump/analysis/${roast.id}`)
      ).text()
      expect(html.replace(app.baseUrl, '')).not.toMatch(/@|ines\.dev|912 345/)
    }
  })

  it('serves the share page with escaped preview tags, and the plain page with 404 otherwise', async () => {
    const ines = await seeker()
    const resumeAnalysisId = await analysis(ines, 'COMPLETED')
    const roast = (await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })).body
    const pageUrl = `${app.baseUrl}/roasted-by-trump/analysis/${roast.id}`

    const hidden = await fetch(pageUrl)
    expect(hidden.status).toBe(404)
    expect(hidden.headers.get('x-error-code')).toBe('roast_not_found')
    expect(await hidden.text()).toBe(INDEX_HTML)
    const unknown = await fetch(`${app.baseUrl}/roasted-by-trump/analysis/${crypto.randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toBe(INDEX_HTML)
    expect((await fetch(`${pageUrl}/preview.png`)).status).toBe(404)

    // A headline with markup (written straight into the row: the composer never makes one).
    await app.database.pool.query(
      `update public.resume_roasts
       set content = jsonb_set(content, '{headline}', to_jsonb($2::text)) where id = $1`,
      [roast.id, 'Tremendous <script>alert("x")</script> & "quotes"'],
    )
    await api(ines, 'PATCH', `/roasts/${roast.id}`, { published: true })
    const page = await fetch(pageUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await page.text()
    expect(html).not.toContain('<script>alert')
    const escaped =
      'Tremendous &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;'
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`)
    expect(html).toContain(
      `<meta property="og:description" content="${roast.content.lines[0]!.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')} Parody." />`,
    )
    expect(html).toContain(`<meta property="og:image" content="${pageUrl}/preview.png" />`)
    expect(html).toContain('<meta property="og:type" content="article" />')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).toContain(`<title>${escaped} · Parody</title>`)
    // The page's own script stays the only one: no inline script was added.
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'))

    const image = await fetch(`${pageUrl}/preview.png`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await image.arrayBuffer())
    const decoded = await loadImage(png)
    expect([decoded.width, decoded.height]).toEqual([1200, 630])
    // Cached: the same bytes again.
    const again = Buffer.from(await (await fetch(`${pageUrl}/preview.png`)).arrayBuffer())
    expect(again.equals(png)).toBe(true)

    await api(ines, 'PATCH', `/roasts/${roast.id}`, { published: false })
    expect((await fetch(pageUrl)).status).toBe(404)
    expect((await fetch(`${pageUrl}/preview.png`)).status).toBe(404)
  })
})

describe('roasts with an LLM configured (LLM_BASE_URL)', () => {
  let llm: FakeLlm
  let llmApp: TestApp
  beforeAll(async () => {
    llm = await startFakeLlm()
    llmApp = await startTestApp({ env: { LLM_BASE_URL: llm.baseUrl, LLM_TIMEOUT_MS: '2000' } })
  })
  afterAll(async () => {
    await llmApp?.close()
    await llm?.close()
  })

  it('writes the LLM’s lines, redacted, and the offline ones when it fails', async () => {
    const main = app
    app = llmApp
    try {
      const ines = await seeker()
      const resumeAnalysisId = await analysis(ines, 'COMPLETED')
      const lines = [
        'A 64, folks. I have seen better, many better.',
        '“Responsible for the on-call rota”. Responsible! Tell me what you did.',
        'Managed pricing, and not one number. Call me at +351 912 345 678.',
        'Synergy ninja. The buzzwords are winning and the facts are losing.',
      ]
      llm.mode = { kind: 'letter', text: JSON.stringify(lines) }
      const written = await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })
      expect(written.status).toBe(201)
      expect(written.body.content.lines.slice(0, 2)).toEqual(lines.slice(0, 2))
      expect(written.body.content.lines[2]).toBe(
        'Managed pricing, and not one number. Call me at [contact removed].',
      )
      llm.mode = { kind: 'status', status: 503 }
      const offline = await api<Roast>(ines, 'POST', '/roasts', { resumeAnalysisId })
      expect(offline.status).toBe(201)
      expect(offline.body.content.lines[0]).toContain('64')
      expect(offline.body.content.lines).not.toContain(lines[0])
    } finally {
      app = main
    }
  })
})
