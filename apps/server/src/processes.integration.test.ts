import http from 'node:http'
import { getPriority } from 'node:os'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  childProcessIds,
  commandLine,
  type ServerProcess,
  startServerProcess,
} from '../../../test/server-process.ts'
import { startTestApp, type TestApp } from '../../../test/test-app.ts'
import { insertJobs, postSwipe, signInGuest, swipeTrail } from '../test/swipe-support.ts'

/**
 * Issue 22, item 2: the processes of `npm start` (supervisor.ts). Two HTTP processes behind
 * one port take the 200-way right-swipe race and keep the books; refresh-token reuse is caught
 * whichever process sees the reuse; the supervisor restarts a killed process; and SIGTERM lets
 * a request in flight finish before everything exits.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The supervised processes of `server`, by title (`jobsearch-web-1`, `jobsearch-worker-1`). */
async function supervisedProcesses(server: ServerProcess): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (const pid of await childProcessIds(server.child.pid ?? -1)) {
    const title = await commandLine(pid)
    if (title.startsWith('jobsearch-')) {
      found.set(title, pid)
    }
  }
  return found
}

/** How many times the supervisor said the process `name` was ready. */
function readyLines(server: ServerProcess, name: string) {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"name":"${name}"`) && line.includes('"process ready"')).length
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== null) {
      return value
    }
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}`)
}

const METRICS_TOKEN = 'metrics-token-for-the-cluster-test'

describe('two HTTP processes on one port and one database', () => {
  const SWIPES = 200
  const CREDITS = 10
  let server: ServerProcess
  let db: pg.Pool

  beforeAll(async () => {
    server = await startServerProcess({
      adminUrl: inject('postgresAdminUrl'),
      env: {
        SEED_DEMO_DATA: 'false',
        FREE_CREDITS_PER_PERIOD: String(CREDITS),
        API_RATE_LIMITS: 'false',
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN,
      },
    })
    db = new pg.Pool({ connectionString: server.databaseUrl, max: 2 })
    // Dropping the database at the end may end a connection the pool is still closing.
    db.on('error', () => undefined)
  }, 90_000)
  afterAll(async () => {
    await db?.end()
    await server?.stop()
  })

  it(`let exactly ${CREDITS} of ${SWIPES} right swipes sent at once succeed, served by both`, async () => {
    expect([...(await supervisedProcesses(server)).keys()].sort()).toEqual([
      'jobsearch-web-1',
      'jobsearch-web-2',
      'jobsearch-worker-1',
    ])
    const user = await signInGuest(server.appUrl)
    const jobIds = await insertJobs(db, SWIPES)
    const answers = await Promise.all(
      jobIds.map((jobId, index) =>
        postSwipe(
          server.appUrl,
          user.accessToken,
          { jobId, swipeDirection: 'RIGHT', creditCost: 1 },
          `two-processes-${index}`,
        ),
      ),
    )
    // Both HTTP processes answered some (each holds connections of its own, named after it).
    const { rows } = await db.query<{ application_name: string }>(
      `select distinct application_name from pg_stat_activity
       where datname = current_database() and application_name like 'jobsearch-web-%'
       order by 1`,
    )
    expect(rows.map((row) => row.application_name)).toEqual(['jobsearch-web-1', 'jobsearch-web-2'])

    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(CREDITS)
    expect(statuses.filter((status) => status === 402)).toHaveLength(SWIPES - CREDITS)
    expect(await swipeTrail(db, user.id)).toEqual({
      balance: 0,
      used: CREDITS,
      ledger_sum: 0,
      spends: CREDITS,
      swipes: CREDITS,
      applications: CREDITS,
    })
  })

  it('answers /metrics for both processes, whichever one is asked', async () => {
    // Two scrapes, likely reaching different processes: each sums the whole cluster.
    for (let scrape = 0; scrape < 2; scrape += 1) {
      const response = await fetch(`${server.appUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).toContain(
        `http_requests_total{method="POST",route="/api/swipes",status="201"} ${CREDITS}`,
      )
      expect(text).toContain(
        `http_requests_total{method="POST",route="/api/swipes",status="402"} ${SWIPES - CREDITS}`,
      )
    }
  })
})

describe('refresh-token reuse across two server processes', () => {
  let testApp: TestApp
  let second: { url: string; close: () => Promise<void> }

  beforeAll(async () => {
    testApp = await startTestApp()
    second = await testApp.startSecondProcess()
  })
  afterAll(async () => {
    await second?.close()
    await testApp?.close()
  })

  const refresh = async (baseUrl: string, refreshToken: string) => {
    const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: {
        apikey: testApp.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
    return {
      status: response.status,
      body: (await response.json()) as {
        code?: string
        access_token?: string
        refresh_token?: string
      },
    }
  }

  it('a token rotated by one process and reused at the other ends the session on both', async () => {
    const { data } = await testApp.client().auth.signInAnonymously()
    const first = data.session?.refresh_token ?? ''
    // Rotated twice on the first process: `first` is no longer the parent of the current one.
    const rotated = await refresh(testApp.baseUrl, first)
    expect(rotated.status).toBe(200)
    const current = await refresh(testApp.baseUrl, rotated.body.refresh_token ?? '')
    expect(current.status).toBe(200)
    const accessToken = current.body.access_token ?? ''
    const profiles = (baseUrl: string) =>
      fetch(`${baseUrl}/api/credits`, { headers: { authorization: `Bearer ${accessToken}` } })
    testApp.advanceClock(1500)
    expect((await profiles(second.url)).status).toBe(200)

    // Past the reuse interval, the stolen first token shows up at the second process.
    testApp.advanceClock(testApp.settings.reuseIntervalMs + 1000)
    const stolen = await refresh(second.url, first)
    expect(stolen).toMatchObject({ status: 400, body: { code: 'refresh_token_already_used' } })
    // The whole session is gone, as the first process sees it too.
    const afterwards = await refresh(testApp.baseUrl, current.body.refresh_token ?? '')
    expect(afterwards).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } })
    expect((await profiles(testApp.baseUrl)).status).toBe(401)
    expect((await profiles(second.url)).status).toBe(401)
  })
})

describe('a split deployment: npm run serve and npm run worker on one database', () => {
  let web: ServerProcess
  let worker: ServerProcess

  beforeAll(async () => {
    const env = { SEED_DEMO_DATA: 'false', API_RATE_LIMITS: 'false' }
    web = await startServerProcess({ adminUrl: inject('postgresAdminUrl'), command: 'serve', env })
    worker = await startServerProcess({
      databaseUrl: web.databaseUrl,
      command: 'worker',
      env: { ...env, WORKER_CONCURRENCY: '1' },
    })
  }, 90_000)
  afterAll(async () => {
    await worker?.stop()
    await web?.stop()
  })

  it('runs only HTTP processes here and only background processes there, and jobs flow', async () => {
    expect([...(await supervisedProcesses(web)).keys()]).toEqual(['jobsearch-web-1'])
    expect([...(await supervisedProcesses(worker)).keys()]).toEqual(['jobsearch-worker-1'])
    // A right swipe on the HTTP side queues its cover letter; the worker side prepares it.
    const db = new pg.Pool({ connectionString: web.databaseUrl, max: 1 })
    db.on('error', () => undefined)
    try {
      const guest = await signInGuest(web.appUrl)
      const [jobId] = await insertJobs(db, 1)
      const swipe = await postSwipe(web.appUrl, guest.accessToken, {
        jobId,
        swipeDirection: 'RIGHT',
        creditCost: 1,
      })
      expect(swipe.status).toBe(201)
      const state = await waitFor('the cover letter job to complete', async () => {
        const { rows } = await db.query<{ state: string }>(
          `select state from pgboss.job where name = 'cover-letter-preparation'`,
        )
        return rows[0]?.state === 'completed' ? rows[0].state : null
      })
      expect(state).toBe('completed')
    } finally {
      await db.end()
    }
  })

  it('refuses to start without DATABASE_URL, saying why', async () => {
    await expect(startServerProcess({ command: 'serve' })).rejects.toThrow(
      /npm run serve runs the HTTP processes of a split deployment.*set DATABASE_URL/,
    )
  })
})

describe('the supervisor', () => {
  let server: ServerProcess

  beforeAll(async () => {
    server = await startServerProcess({
      adminUrl: inject('postgresAdminUrl'),
      env: { SEED_DEMO_DATA: 'false', WEB_CONCURRENCY: '2', API_RATE_LIMITS: 'false' },
    })
  }, 90_000)
  afterAll(() => server?.stop())

  it('restarts an HTTP process and the background process that were killed', async () => {
    const before = await supervisedProcesses(server)
    const killedWeb = before.get('jobsearch-web-1')
    const killedWorker = before.get('jobsearch-worker-1')
    expect(killedWeb).toBeDefined()
    expect(killedWorker).toBeDefined()
    // The background process yields the CPUs to requests (WORKER_NICE, default 10).
    expect(getPriority(killedWorker)).toBe(Math.min(19, getPriority(server.child.pid) + 10))
    expect(getPriority(killedWeb)).toBe(getPriority(server.child.pid))
    process.kill(killedWeb!, 'SIGKILL')
    process.kill(killedWorker!, 'SIGKILL')
    // Connections the cluster handed to the killed process before it noticed are lost (what
    // SIGKILL means); from then on the other HTTP process answers every request.
    await sleep(500)
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${server.appUrl}/health`)).status).toBe(200)
    }
    const after = await waitFor('both processes back', async () => {
      const now = await supervisedProcesses(server)
      const web = now.get('jobsearch-web-1')
      const worker = now.get('jobsearch-worker-1')
      return web && worker && web !== killedWeb && worker !== killedWorker ? now : null
    })
    expect(after.size).toBe(3)
    // Lowered once it is ready again.
    await waitFor('the background process ready again', async () =>
      readyLines(server, 'jobsearch-worker-1') === 2 ? true : null,
    )
    expect(getPriority(after.get('jobsearch-worker-1'))).toBe(
      Math.min(19, getPriority(server.child.pid) + 10),
    )
    expect(server.child.exitCode).toBeNull()
    expect(server.output()).toMatch(/"name":"jobsearch-web-1".*process exited; restarting it/)
    expect(server.output()).toMatch(/"name":"jobsearch-worker-1".*process exited; restarting it/)
  })

  it('keeps restarting a killed process that cannot start while the database is away', async () => {
    const admin = new pg.Client(inject('postgresAdminUrl'))
    await admin.connect()
    const database = new URL(server.databaseUrl).pathname.slice(1)
    const killed = (await supervisedProcesses(server)).get('jobsearch-web-1')
    const readyBefore = readyLines(server, 'jobsearch-web-1')
    try {
      // The database refuses every new connection, the app's connections are ended, and an
      // HTTP process dies: its restarts fail (it cannot reach the job queue) for a while.
      await admin.query(`alter database ${database} with allow_connections false`)
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`,
        [database],
      )
      process.kill(killed!, 'SIGKILL')
      await sleep(500)
      // The other HTTP process answers meanwhile: 503 where the database is needed.
      const guest = await fetch(`${server.appUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: '{}',
      })
      expect(guest.status).toBe(503)
      expect(await guest.json()).toMatchObject({ code: 'database_unavailable' })
      await waitFor('a failed restart', async () =>
        /"name":"jobsearch-web-1".*process did not start again/.test(server.output()) ? true : null,
      )
    } finally {
      await admin.query(`alter database ${database} with allow_connections true`)
      await admin.end()
    }
    // Once the database is back, a later attempt starts it.
    await waitFor(
      'jobsearch-web-1 ready again',
      async () => (readyLines(server, 'jobsearch-web-1') > readyBefore ? true : null),
      40_000,
    )
    expect((await fetch(`${server.appUrl}/health`)).status).toBe(200)
  }, 60_000)

  it('on SIGTERM lets a request in flight finish, then every process exits', async () => {
    const guest = await signInGuest(server.appUrl)
    const db = new pg.Pool({ connectionString: server.databaseUrl, max: 1 })
    db.on('error', () => undefined)
    const [jobId] = await insertJobs(db, 1)
    await db.end()
    const body = JSON.stringify({ jobId, swipeDirection: 'RIGHT', creditCost: 1 })
    const children = [...(await supervisedProcesses(server)).values()]

    // A swipe whose body arrives in two parts, SIGTERM in between.
    const url = new URL('/api/swipes', server.appUrl)
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${guest.accessToken}`,
          },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        },
      )
      request.on('error', reject)
      request.write(body.slice(0, 10))
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(() => request.end(body.slice(10)), 1000)
      }, 300)
    })

    const { status, body: text } = await answer
    expect(status, text).toBe(201)
    expect(await server.exited).toBe(0)
    for (const pid of children) {
      expect(() => process.kill(pid, 0)).toThrow()
    }
    expect(server.output()).toContain('shutting down: letting requests and jobs finish')
  })
})
