import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { startStack, type TestStack } from '../../../../test/stack.ts'
import {
  startTelemetryStandIn,
  type TelemetryStandIn,
} from '../../../../test/telemetry-stand-in.ts'
import { type JobQueue, startJobQueue } from './job-queue.ts'

/**
 * Server-side error reporting (issue 22, item 6) against a local Sentry stand-in: an unexpected
 * error of a request (a 500) and a failed job reach it scrubbed; nothing is sent unconfigured.
 */

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the stand-in')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const EMAIL = 'reported-person@example.com'

/** A signed-in user of the stack: its id and access and refresh tokens. */
async function signUp(appUrl: string) {
  const script = await (await fetch(`${appUrl}/config.js`)).text()
  const config = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
    PUBLIC_SUPABASE_ANON_KEY: string
  }
  const client = createClient(appUrl, config.PUBLIC_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await client.auth.signUp({ email: EMAIL, password: 'a-long-password-1' })
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
  return {
    id: data.session.user.id,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
  }
}

/** Makes GET /api/job-alerts fail as a bug would: its table is gone. */
async function breakJobAlerts(stack: TestStack) {
  const client = new pg.Client({ connectionString: stack.databaseUrl })
  await client.connect()
  await client.query('alter table public.job_alerts rename to job_alerts_gone')
  await client.end()
}

async function requestThatFails(stack: TestStack, user: Awaited<ReturnType<typeof signUp>>) {
  const response = await fetch(
    `${stack.appUrl}/api/job-alerts?email=${encodeURIComponent(EMAIL)}&token=secret-value-1`,
    {
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        'x-refresh-token': user.refreshToken,
        cookie: 'session=cookie-value-123',
      },
    },
  )
  expect(response.status).toBe(500)
  return response
}

describe('server error reporting, configured', () => {
  let standIn: TelemetryStandIn
  let stack: TestStack

  beforeAll(async () => {
    standIn = await startTelemetryStandIn()
    stack = await startStack({
      adminUrl: inject('postgresAdminUrl'),
      env: { ERROR_REPORTING_DSN: standIn.dsn, AUTH_EMAIL_AUTOCONFIRM: 'true' },
    })
  })
  afterAll(async () => {
    await stack?.stop()
    await standIn?.close()
  })

  it('sends a 500 with the request id, route and user id, and nothing personal', async () => {
    const user = await signUp(stack.appUrl)
    await breakJobAlerts(stack)
    const response = await requestThatFails(stack, user)
    const requestId = response.headers.get('x-request-id')

    await until(() => standIn.errorEvents().length > 0)
    const [event] = standIn.errorEvents()
    expect(event).toMatchObject({
      environment: 'development',
      release: '0.2.9',
      user: { id: user.id },
      tags: { request_id: requestId, route: '/api/job-alerts' },
      request: { method: 'GET' },
    })
    const exception = (event?.exception as { values: { value: string }[] }).values[0]
    expect(exception?.value).toContain('job_alerts')
    // No email, token, cookie or query value anywhere in what was sent.
    const raw = standIn
      .envelopes()
      .map((envelope) => envelope.raw)
      .join('\n')
    for (const secret of [
      EMAIL,
      user.accessToken,
      user.refreshToken,
      'secret-value-1',
      'cookie-value-123',
    ]) {
      expect(raw).not.toContain(secret)
    }
    expect(raw).not.toMatch(/"(headers|cookies|query_string)":/)
    expect(Object.keys(event?.request as object).toSorted()).toEqual(['method', 'url'])
    expect(event?.request).toEqual({
      method: 'GET',
      url: '/api/job-alerts?email=[filtered]&token=[filtered]',
    })
  })
})

describe('server error reporting, not configured', () => {
  let standIn: TelemetryStandIn
  let stack: TestStack

  beforeAll(async () => {
    standIn = await startTelemetryStandIn()
    // The web app's public DSN points at the stand-in: the server must not take it for its own.
    stack = await startStack({
      adminUrl: inject('postgresAdminUrl'),
      env: { PUBLIC_ERROR_REPORTING_DSN: standIn.dsn, AUTH_EMAIL_AUTOCONFIRM: 'true' },
    })
  })
  afterAll(async () => {
    await stack?.stop()
    await standIn?.close()
  })

  it('sends nothing anywhere', async () => {
    const user = await signUp(stack.appUrl)
    await breakJobAlerts(stack)
    await requestThatFails(stack, user)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(standIn.requests).toEqual([])
  })
})

describe('a failed job', () => {
  let standIn: TelemetryStandIn
  let database: TestDatabase
  let queue: JobQueue | undefined

  beforeAll(async () => {
    standIn = await startTelemetryStandIn()
    database = await createTestDatabase()
    // This process's reporter reads its environment on the first report.
    process.env.ERROR_REPORTING_DSN = standIn.dsn
  })
  afterEach(async () => {
    await queue?.stop()
  })
  afterAll(async () => {
    delete process.env.ERROR_REPORTING_DSN
    await database?.drop()
    await standIn?.close()
  })

  it('is reported with its queue and id, its message scrubbed', async () => {
    queue = await startJobQueue({
      db: database.pool,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 5_000,
      features: [
        {
          queues: [
            {
              name: 'doomed',
              policy: { retryLimit: 0 },
              concurrency: 1,
              work: async () => {
                throw new Error(
                  `could not mail ${EMAIL} with Bearer abc.def-ghi and code 493817 at /reset?token=tok123`,
                )
              },
            },
          ],
          tasks: [],
        },
      ],
    })
    const jobId = await queue.boss.send('doomed', { email: EMAIL })

    await until(() => standIn.errorEvents().length > 0)
    const [event] = standIn.errorEvents()
    expect(event).toMatchObject({ tags: { queue: 'doomed' }, contexts: { job: { id: jobId } } })
    const message = (event?.exception as { values: { value: string }[] }).values[0]?.value
    expect(message).toBe(
      'could not mail [email] with Bearer [filtered] and code [filtered] at /reset?token=[filtered]',
    )
    expect(
      standIn
        .envelopes()
        .map((envelope) => envelope.raw)
        .join('\n'),
    ).not.toContain(EMAIL)
  })
})
