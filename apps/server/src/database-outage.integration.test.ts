import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts'
import { insertJobs, signInGuest, type Guest } from '../test/swipe-support.ts'

/**
 * Issue 22, item 1: the server survives its database. The real server (`main.ts`: the
 * supervisor, two HTTP processes and a background process) takes right swipes from eight
 * clients at once while PostgreSQL loses every connection (`pg_terminate_backend`) and, in the
 * second test, while the embedded PostgreSQL process itself dies and is restarted. The
 * processes stay up; a request during the outage answers 503 `database_unavailable` within a
 * bound (never a 500, never a hang); every acknowledged swipe is in the database afterwards;
 * and swipes succeed again once the database is back.
 */

/** A request slower than this counts as hanging (the pool's connect timeout is 2 s here). */
const HANG_BOUND_MS = 5000
const CLIENTS = 8

type Outcome = {
  jobId: string
  status: number | 'hang' | 'network'
  code?: string
  startedAt: number
  ms: number
}

const ENV = {
  SEED_DEMO_DATA: 'false',
  FREE_CREDITS_PER_PERIOD: '1000000',
  API_RATE_LIMITS: 'false',
  WEB_CONCURRENCY: '2',
  DATABASE_CONNECT_TIMEOUT_MS: '2000',
}

/** Right swipes from `CLIENTS` clients, one after another each, until `stop()`. */
function swipeLoad(appUrl: string, guest: Guest, jobIds: string[]) {
  const outcomes: Outcome[] = []
  let next = 0
  let running = true
  const client = async () => {
    while (running && next < jobIds.length) {
      const jobId = jobIds[next++]!
      const startedAt = Date.now()
      const outcome: Outcome = { jobId, status: 'network', startedAt, ms: 0 }
      try {
        const response = await fetch(`${appUrl}/api/swipes`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${guest.accessToken}`,
          },
          body: JSON.stringify({ jobId, swipeDirection: 'RIGHT', creditCost: 1 }),
          signal: AbortSignal.timeout(HANG_BOUND_MS),
        })
        outcome.status = response.status
        outcome.code = ((await response.json()) as { code?: string }).code
      } catch (error) {
        outcome.status = (error as Error).name === 'TimeoutError' ? 'hang' : 'network'
      }
      outcome.ms = Date.now() - startedAt
      outcomes.push(outcome)
    }
  }
  const clients = Promise.all(Array.from({ length: CLIENTS }, client))
  return {
    outcomes,
    stop: async () => {
      running = false
      await clients
      return outcomes
    },
  }
}

async function swipedJobIds(db: pg.Pool, userId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ job_id: string }>(
    'select job_id from public.swipes where user_id = $1',
    [userId],
  )
  return new Set(rows.map((row) => row.job_id))
}

/** What the outage did: counts, the slowest refusal, how long until swipes succeeded again. */
function summarise(outcomes: Outcome[], outageStartedAt: number) {
  const refusals = outcomes.filter((outcome) => outcome.status === 503)
  const refusalTimes = refusals.map((outcome) => outcome.ms).sort((a, b) => a - b)
  const lastRefusalAt = Math.max(outageStartedAt, ...refusals.map((outcome) => outcome.startedAt))
  // The first success sent after the last refusal: the outage as clients saw it.
  const recovered = outcomes
    .filter((outcome) => outcome.status === 201 && outcome.startedAt > lastRefusalAt)
    .sort((a, b) => a.startedAt - b.startedAt)[0]
  return {
    requests: outcomes.length,
    acknowledged: outcomes.filter((outcome) => outcome.status === 201).length,
    refused503: refusals.length,
    medianRefusalMs: refusalTimes[refusalTimes.length >> 1] ?? 0,
    slowestRefusalMs: refusalTimes.at(-1) ?? 0,
    recoveredAfterMs: recovered ? recovered.startedAt + recovered.ms - outageStartedAt : null,
    others: outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 503),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The errors the server logged (500s among them), to explain an unexpected answer. */
function failedRequests(output: string) {
  return output
    .split('\n')
    .filter((line) => line.includes('"level":50'))
    .join('\n')
}

/** Everything the supervised processes said about exiting (none should have). */
function processExits(output: string) {
  return output
    .split('\n')
    .filter((line) => line.includes('process exited; restarting it') || line.includes('"level":60'))
}

describe('the server while PostgreSQL ends every connection', () => {
  let server: ServerProcess
  let db: pg.Pool

  beforeAll(async () => {
    server = await startServerProcess({ adminUrl: inject('postgresAdminUrl'), env: ENV })
    db = new pg.Pool({ connectionString: server.databaseUrl, max: 2 })
    db.on('error', () => undefined)
  }, 90_000)
  afterAll(async () => {
    await db?.end()
    await server?.stop()
  })

  it('answers 503 database_unavailable meanwhile, loses no acknowledged write, and resumes', async () => {
    const guest = await signInGuest(server.appUrl)
    const jobIds = await insertJobs(db, 5000)
    const load = swipeLoad(server.appUrl, guest, jobIds)
    await sleep(1000)

    // Five times, every 300 ms: every connection of the app to its database is ended.
    const outageStartedAt = Date.now()
    let terminated = 0
    for (let round = 0; round < 5; round++) {
      const { rows } = await db.query<{ ended: number }>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as ended
         from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and application_name like 'jobsearch-%'`,
      )
      terminated += rows[0]?.ended ?? 0
      await sleep(300)
    }
    await sleep(1500)
    const outcomes = await load.stop()

    const summary = summarise(outcomes, outageStartedAt)
    console.info('pg_terminate_backend under load:', { terminated, ...summary, others: undefined })
    expect(terminated).toBeGreaterThan(0)
    // Every answer is a success or a 503 with the stable code: no 500, no hang, no reset.
    expect(summary.others, failedRequests(server.output())).toEqual([])
    for (const refusal of outcomes.filter((outcome) => outcome.status === 503)) {
      expect(refusal.code).toBe('database_unavailable')
    }
    expect(summary.slowestRefusalMs).toBeLessThan(HANG_BOUND_MS)

    // Every acknowledged swipe is stored.
    const stored = await swipedJobIds(db, guest.id)
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201)
    expect(acknowledged.filter((outcome) => !stored.has(outcome.jobId))).toEqual([])
    expect(acknowledged.length).toBeGreaterThan(0)
    console.info('acknowledged swipes', acknowledged.length, 'stored swipes', stored.size)

    // Still the same processes, serving again.
    expect(server.child.exitCode).toBeNull()
    expect(processExits(server.output())).toEqual([])
    const after = await fetch(`${server.appUrl}/api/swipes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.accessToken}` },
      body: JSON.stringify({ jobId: jobIds.at(-1), swipeDirection: 'RIGHT', creditCost: 1 }),
    })
    expect(after.status).toBe(201)
  })
})

describe('the server while its embedded PostgreSQL dies and is restarted', () => {
  let server: ServerProcess
  let db: pg.Pool

  beforeAll(async () => {
    // No DATABASE_URL: the supervisor starts (initialises, migrates) its own PostgreSQL.
    server = await startServerProcess({ env: ENV, startTimeoutMs: 90_000 })
    db = new pg.Pool({ connectionString: server.databaseUrl, max: 2 })
    db.on('error', () => undefined)
  }, 120_000)
  afterAll(async () => {
    await db?.end()
    await server?.stop()
  })

  const postmasterPid = async () =>
    Number(
      (await readFile(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split(
        '\n',
      )[0],
    )

  it('answers 503 in each surface’s shape meanwhile, loses no acknowledged write, and resumes', async () => {
    const guest = await signInGuest(server.appUrl)
    const jobIds = await insertJobs(db, 5000)
    const anonKey = JSON.parse(
      await readFile(path.join(server.dataDir, 'secrets.json'), 'utf8'),
    ) as { anonKey?: string }
    const load = swipeLoad(server.appUrl, guest, jobIds)
    await sleep(1000)

    // PostgreSQL dies outright (as when the OOM killer takes it).
    const killedPid = await postmasterPid()
    const outageStartedAt = Date.now()
    process.kill(killedPid, 'SIGKILL')
    await sleep(50)
    const headers = { apikey: anonKey.anonKey ?? '', authorization: `Bearer ${guest.accessToken}` }
    const [rest, auth, storage] = await Promise.all([
      fetch(`${server.appUrl}/rest/v1/profiles?select=user_id`, { headers }),
      fetch(`${server.appUrl}/auth/v1/user`, {
        headers: { ...headers, 'x-supabase-api-version': '2024-01-01' },
      }),
      fetch(`${server.appUrl}/storage/v1/object/list/resumes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
    ])
    expect(rest.status, await rest.clone().text()).toBe(503)
    expect(((await rest.json()) as { code: string }).code).toMatch(/^PGRST00[012]$/)
    expect(auth.status).toBe(503)
    expect(await auth.json()).toMatchObject({ code: 'database_unavailable' })
    expect(storage.status).toBe(503)
    expect(await storage.json()).toMatchObject({
      statusCode: '503',
      code: 'DatabaseUnavailable',
      error: 'database_unavailable',
    })

    // The supervisor restarts it; the load goes on until swipes succeed again for 2 s.
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const recent = load.outcomes.filter((outcome) => outcome.startedAt > Date.now() - 2000)
      const restarted = await postmasterPid().catch(() => killedPid)
      if (
        restarted !== killedPid &&
        recent.length > 0 &&
        recent.every((outcome) => outcome.status === 201)
      ) {
        break
      }
      await sleep(250)
    }
    const outcomes = await load.stop()
    const summary = summarise(outcomes, outageStartedAt)
    console.info('embedded PostgreSQL killed under load:', { ...summary, others: undefined })

    expect(await postmasterPid()).not.toBe(killedPid)
    expect(summary.others, failedRequests(server.output())).toEqual([])
    expect(summary.refused503).toBeGreaterThan(0)
    for (const refusal of outcomes.filter((outcome) => outcome.status === 503)) {
      expect(refusal.code).toBe('database_unavailable')
    }
    expect(summary.slowestRefusalMs).toBeLessThan(HANG_BOUND_MS)

    const stored = await swipedJobIds(db, guest.id)
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201)
    expect(acknowledged.filter((outcome) => !stored.has(outcome.jobId))).toEqual([])
    console.info('acknowledged swipes', acknowledged.length, 'stored swipes', stored.size)
    expect(server.child.exitCode).toBeNull()
    expect(processExits(server.output())).toEqual([])
    expect(server.output()).toContain('embedded PostgreSQL restarted')
  })
})
