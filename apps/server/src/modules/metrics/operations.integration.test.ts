import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { insertJobs, postSwipe } from '../../../test/swipe-support.ts'

/**
 * What an operator reads (issue 22, item 5): liveness and readiness, Prometheus metrics behind
 * their token, and one log line per request that never holds a password, token, code or
 * signed-URL secret, whatever the requests carried.
 */
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'

let app: TestApp
const logLines: string[] = []

beforeAll(async () => {
  app = await startTestApp({
    env: { METRICS_TOKEN, AUTH_EMAIL_AUTOCONFIRM: 'true' },
    logDestination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
        done()
      },
    }),
  })
})
afterAll(() => app?.close())

describe('health and readiness', () => {
  it('/health says the process is alive; /ready checks the database, migrations and queue', async () => {
    const health = await fetch(`${app.baseUrl}/health`)
    expect(await health.json()).toEqual({ status: 'ok', version: '0.2.9' })
    const ready = await fetch(`${app.baseUrl}/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      status: 'ready',
      version: '0.2.9',
      checks: { database: 'ok', migrations: 'current', jobQueue: 'not run by this process' },
    })
  })

  it('/ready answers 503 while a migration this build carries is not applied', async () => {
    const pool = app.database.pool
    const { rows } = await pool.query<{ version: string; name: string; checksum: string }>(
      `delete from app_migrations.schema_migrations
       where version = (select max(version) from app_migrations.schema_migrations)
       returning version, name, checksum`,
    )
    try {
      const ready = await fetch(`${app.baseUrl}/ready`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({
        code: 'service_unavailable',
        details: { checks: { database: 'ok', migrations: '1 pending' } },
      })
      // Alive all the same: nothing for a process manager to restart.
      expect((await fetch(`${app.baseUrl}/health`)).status).toBe(200)
    } finally {
      const [row] = rows
      await pool.query(
        'insert into app_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [row!.version, row!.name, row!.checksum],
      )
    }
  })
})

describe('GET /metrics', () => {
  const scrape = (authorization?: string) =>
    fetch(`${app.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} })

  it('answers only the METRICS_TOKEN bearer', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`]) {
      const refused = await scrape(authorization)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ code: 'not_authenticated' })
    }
  })

  it('counts requests by route pattern, the pool, the queue, credits spent and the process', async () => {
    const [jobId] = await insertJobs(app.database.pool, 1)
    const { data } = await app.client().auth.signInAnonymously()
    const token = data.session!.access_token
    const swipe = await postSwipe(app.baseUrl, token, { jobId, swipeDirection: 'RIGHT' })
    expect(swipe.status).toBe(201)
    await fetch(`${app.baseUrl}/api/interviews/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: `Bearer ${token}` },
    })

    const response = await scrape(`Bearer ${METRICS_TOKEN}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).toMatch(
      /http_requests_total\{method="POST",route="\/api\/swipes",status="201"\} 1/,
    )
    // The pattern, never the id (or any token a path holds).
    expect(text).toContain('route="/api/interviews/:id",status="404"')
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000')
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET"/)
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/)
    expect(text).toContain('# TYPE job_queue_depth gauge')
    expect(text).toMatch(/credits_spent_total\{reason="swipe"\} \d+/)
    expect(text).toMatch(/process_cpu_user_seconds_total \d/)
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/)
  })
})

describe('the request log', () => {
  it('writes one line per request with its id, and no password, token, code or URL secret', async () => {
    const email = `logged-${Date.now()}@example.com`
    const password = 'a-password-that-must-not-be-logged'
    const supabase = app.client()
    const signedUp = await supabase.auth.signUp({ email, password })
    expect(signedUp.error).toBeNull()
    const signedIn = await supabase.auth.signInWithPassword({ email, password })
    const session = signedIn.data.session!
    const refreshed = await supabase.auth.refreshSession()
    const secrets = [
      password,
      session.access_token,
      session.refresh_token,
      refreshed.data.session!.access_token,
      refreshed.data.session!.refresh_token,
    ]

    // An emailed code, used.
    await app.client().auth.resetPasswordForEmail(email)
    const [recovery] = await app.emailsTo(email)
    const code = recovery!.template_data.code!
    secrets.push(code)
    const verified = await app.client().auth.verifyOtp({ email, token: code, type: 'recovery' })
    expect(verified.error).toBeNull()

    // A signed download URL, fetched.
    const user = session.user.id
    const upload = await supabase.storage
      .from('resumes')
      .upload(`${user}/resume.pdf`, new Blob(['%PDF-1.4 fake'], { type: 'application/pdf' }))
    expect(upload.error).toBeNull()
    const signed = await supabase.storage.from('resumes').createSignedUrl(`${user}/resume.pdf`, 60)
    const signedToken = new URL(signed.data!.signedUrl).searchParams.get('token')!
    secrets.push(signedToken)
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200)

    // The private calendar feed, whose token is in its path.
    const feed = await fetch(`${app.baseUrl}/api/calendar/feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
    })
    const feedUrl = ((await feed.json()) as { url: string }).url
    const feedToken = /\/calendar\/([^/.]+)\.ics/.exec(feedUrl)?.[1]
    expect(feedToken).toBeTruthy()
    secrets.push(feedToken!)
    expect((await fetch(feedUrl.replace(/^webcals?:/, 'http:'))).status).toBe(200)

    // A bad password and a forged token: the refusals are logged too, without them.
    await app.client().auth.signInWithPassword({ email, password: `${password}-wrong` })
    await fetch(`${app.baseUrl}/rest/v1/profiles`, {
      headers: { apikey: app.anonKey, authorization: `Bearer ${session.access_token}x` },
    })

    const log = logLines.join('\n')
    for (const secret of secrets) {
      expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(
        false,
      )
    }
    expect(log).not.toContain(`${password}-wrong`)
    const requests = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request')
    expect(requests.length).toBeGreaterThan(8)
    for (const entry of requests) {
      expect(typeof entry.reqId).toBe('string')
      expect(typeof entry.status).toBe('number')
    }
    expect(requests).toContainEqual(
      expect.objectContaining({ path: '/calendar/[redacted]', status: 200 }),
    )
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/auth/v1/token', query: ['grant_type'] }),
    )
    // Fastify's own two lines per request are off.
    expect(logLines.some((line) => line.includes('"incoming request"'))).toBe(false)
  })
})
