/**
 * The cost of /rest/v1 over the database work it stands for: a signed-in user's newest 50 job
 * applications (of 200) read through the view `job_applications_with_job`, over HTTP against
 * the real server process with the user's access token, next to the very same SQL (built by
 * the module's own builder) run through `pg` as one prepared statement on connections that
 * are the user already (role and claims set at connect): the floor, one round trip with
 * nothing else. The ratio is what HTTP, token verification, query parsing, the settings and
 * the transaction add (issue 21: ≥ 0.8× its throughput, p50 ≤ 1.3×). `GET /health` shows
 * what any HTTP request costs on the same machine (client and server share its cores). Writes
 * the same way: a single-row insert (`POST`) and an update by key (`PATCH`), each next to the
 * equivalent statement through `pg` as the user. The server's RSS is watched throughout, and
 * each row says where its CPU went per operation (the client, the server's HTTP process,
 * PostgreSQL): with all three on two CPUs, throughput is bounded by their sum. The HTTP client
 * is node:http (`http-client.ts`), whose CPU per request is about `pg`'s per query.
 *
 * The session check (issue 12, S4) in the same run: the same request with a token of the same
 * claims but no `session_id` skips it (the server's per-request check, and the session lookup
 * of the row-level-security helper), so the difference is what checking that the session is
 * alive costs. The check itself is also timed in process, from its cache and reading the
 * database each time.
 */
import { SignJWT } from 'jose'
import pg from 'pg'
import { createSessionCheck } from '../apps/server/src/modules/auth/index.ts'
import { runAsRequest } from '../apps/server/src/modules/rest/index.ts'
import { parseQuery, splitQueryString } from '../apps/server/src/modules/rest/index.ts'
import { planRead } from '../apps/server/src/modules/rest/index.ts'
import { loadSchemaCache } from '../apps/server/src/modules/rest/index.ts'
import {
  buildRead,
  createSqlContext,
  relationSource,
  type Statement,
} from '../apps/server/src/modules/rest/index.ts'
import { startStack } from '../test/stack.ts'
import { type CpuWatch, postmasterPid } from './cpu.ts'
import { createHttpClient } from './http-client.ts'
import { findHttpProcess, measure, type Measurement, printTable, reportRatio } from './measure.ts'
import type { Benchmark } from './run.ts'

const CONCURRENCY = 8
const DURATION_MS = 5_000
const WARMUP_MS = 1_000
const APPLICATIONS = 200

type Session = { access_token: string; user: { id: string } }

/** Rounds of the interleaved comparison, and each variant's time per round. */
const ROUNDS = 8
const ROUND_MS = 1_500

const client = createHttpClient({ maxSockets: CONCURRENCY })

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Measures variants in alternating rounds (A B C D, A B C D, …), so that load from elsewhere
 * on the machine falls on all of them alike: throughput over all rounds, latency percentiles
 * the median of the rounds'.
 */
async function interleaved(
  variants: { name: string; operation: () => Promise<unknown> }[],
): Promise<Measurement[]> {
  const rounds = variants.map(() => [] as Measurement[])
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, variant] of variants.entries()) {
      rounds[index]?.push(
        await measure({
          name: variant.name,
          concurrency: CONCURRENCY,
          durationMs: ROUND_MS,
          warmupMs: round === 0 ? WARMUP_MS : 100,
          operation: variant.operation,
        }),
      )
    }
  }
  return variants.map((variant, index) => {
    const measured = rounds[index] ?? []
    const operations = measured.reduce((sum, m) => sum + m.operations, 0)
    const seconds = measured.reduce((sum, m) => sum + m.seconds, 0)
    return {
      name: variant.name,
      concurrency: CONCURRENCY,
      operations,
      seconds,
      perSecond: operations / seconds,
      p50Ms: median(measured.map((m) => m.p50Ms)),
      p95Ms: median(measured.map((m) => m.p95Ms)),
      p99Ms: median(measured.map((m) => m.p99Ms)),
    }
  })
}

async function signUp(authUrl: string): Promise<Session> {
  const response = await fetch(`${authUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'benchmark-password' }),
  })
  if (!response.ok) {
    throw new Error(`signup answered ${response.status}: ${await response.text()}`)
  }
  return (await response.json()) as Session
}

async function seed(db: pg.Pool, userId: string) {
  await db.query(
    `with job as (
       insert into public.jobs (title, company_name, location, posted_at, source, source_id)
       select 'Engineer ' || n, 'Company ' || n, 'Berlin', now() - n * interval '1 hour', 'bench', n::text
       from generate_series(1, $2::int) as n
       returning id, source_id
     )
     insert into public.job_applications (user_id, job_id, status, notes, created_at)
     select $1, job.id, 'APPLIED', 'note ' || job.source_id, now() - job.source_id::int * interval '1 minute'
     from job`,
    [userId, APPLICATIONS],
  )
  await db.query('analyze')
}

export const restBenchmark: Benchmark = {
  name: 'rest',
  description: "a user's rows through /rest/v1 vs the same SQL through pg, same run",
  run: async ({ adminUrl }) => {
    const stack = await startStack({
      adminUrl,
      env: { AUTH_RATE_LIMITS: 'false', AUTH_EMAIL_AUTOCONFIRM: 'true' },
    })
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: CONCURRENCY })
    try {
      const session = await signUp(`${stack.appUrl}/auth/v1`)
      const userId = session.user.id
      await seed(db, userId)

      const query =
        'select=id,status,notes,created_at,job_title,job_company_name,job_location' +
        `&user_id=eq.${userId}&order=created_at.desc&limit=50`
      const url = `${stack.appUrl}/rest/v1/job_applications_with_job?${query}`
      const headers = { authorization: `Bearer ${session.access_token}` }

      // The statement the server runs for this request, from the module's own builder.
      const schema = await loadSchemaCache(db, 'public')
      const relation = schema.relations.get('job_applications_with_job')
      if (!relation) {
        throw new Error('job_applications_with_job is missing')
      }
      const build = (): Statement => {
        const sql = createSqlContext('public')
        const root = planRead(schema, relation, parseQuery(splitQueryString(query)))
        return buildRead(sql, root, relationSource(sql, relation), {
          count: false,
          head: false,
          stripNulls: false,
        })
      }
      const statement = build()
      const claims = JSON.parse(
        Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as Record<string, unknown>
      const settings = {
        identity: { role: 'authenticated' as const, claims, authenticated: true },
        method: 'GET',
        path: '/job_applications_with_job',
        headers,
        readOnly: true,
        searchPath: 'public, extensions',
        statementTimeout: '8s',
      }

      // The floor: connections that are the user already, each statement prepared once.
      const asUser = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: CONCURRENCY,
        options: [
          '-c role=authenticated',
          `-c request.jwt.claims=${JSON.stringify(claims)}`,
          '-c search_path=public,extensions',
        ].join(' '),
      })
      const watchPid = findHttpProcess(stack.pid)
      const cpu: CpuWatch = { serverPid: watchPid, postmasterPid: await postmasterPid(db) }

      const check = await fetch(url, { headers })
      const rows = (await check.json()) as unknown[]
      if (!check.ok || rows.length !== 50) {
        throw new Error(`/rest/v1 answered ${check.status} with ${rows.length} rows`)
      }

      const floor = await measure({
        name: 'floor: same SQL through pg, prepared, as the user',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        cpu,
        operation: () => asUser.query({ ...statement, name: 'bench_read' }),
      })
      const baseline = await measure({
        name: 'same SQL through pg: begin, settings, query, commit',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        cpu,
        operation: () => runAsRequest(db, settings, (connection) => connection.query(statement)),
      })
      const planning = await measure({
        name: 'parse + plan + build the SQL (in process)',
        concurrency: 1,
        durationMs: DURATION_MS / 5,
        warmupMs: WARMUP_MS / 5,
        operation: async () => build(),
      })
      // The floor any HTTP request pays here: the client, Fastify, and one `select 1`.
      const health = await measure({
        name: 'reference: GET /health (HTTP + select 1)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        watchPid,
        cpu,
        operation: () => client.expect(`${stack.appUrl}/health`, {}),
      })
      const rest = await measure({
        name: 'GET /rest/v1/job_applications_with_job',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        watchPid,
        cpu,
        operation: () => client.expect(url, { headers }),
      })

      printTable(
        `50 of a user's ${APPLICATIONS} applications, newest first, ${CONCURRENCY} concurrent clients`,
        [floor, baseline, planning, health, rest],
      )
      console.log('\nRatios')
      reportRatio({
        key: 'rest.read_throughput',
        label: '/rest/v1 read requests/s ÷ floor (same SQL through pg) statements/s',
        value: rest.perSecond / floor.perSecond,
        better: 'higher',
        goal: 0.8,
      })
      reportRatio({
        key: 'rest.read_p50',
        label: '/rest/v1 read p50 ÷ floor p50',
        value: rest.p50Ms / floor.p50Ms,
        better: 'lower',
        goal: 1.3,
      })
      reportRatio({
        key: 'rest.read_vs_transaction',
        label: '/rest/v1 read requests/s ÷ pg begin/settings/query/commit transactions/s',
        value: rest.perSecond / baseline.perSecond,
        better: 'higher',
      })
      reportRatio({
        key: 'rest.read_vs_health',
        label: '/rest/v1 read requests/s ÷ /health requests/s',
        value: rest.perSecond / health.perSecond,
        better: 'higher',
      })

      await measureWrites({ stack, db, asUser, userId, headers, watchPid, cpu })

      // The same claims without `session_id`: no session to check, on the server or in RLS.
      const sessionless = Object.fromEntries(
        Object.entries(claims).filter(([name]) => name !== 'session_id'),
      )
      const uncheckedToken = await new SignJWT(sessionless)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(stack.jwtSecret))
      const get = (authorization: string) => () =>
        client.expect(url, { headers: { authorization } })
      const inPg = (claimsOfRequest: Record<string, unknown>) => () =>
        runAsRequest(
          db,
          { ...settings, identity: { ...settings.identity, claims: claimsOfRequest } },
          (connection) => connection.query(statement),
        )
      // Alternating short rounds, so that a busy machine slows both sides alike.
      const [withCheck, withoutCheck, pgWithLookup, pgWithoutLookup] = (await interleaved([
        {
          name: 'GET /rest/v1, session checked (server + RLS)',
          operation: get(headers.authorization),
        },
        {
          name: 'same GET, token without session_id (unchecked)',
          operation: get(`Bearer ${uncheckedToken}`),
        },
        { name: 'same SQL through pg, RLS looks the session up', operation: inPg(claims) },
        { name: 'same SQL through pg, claims without session_id', operation: inPg(sessionless) },
      ])) as [Measurement, Measurement, Measurement, Measurement]

      const lifetime = { inactivityTimeoutMs: 7 * 86_400_000, timeboxMs: 30 * 86_400_000 }
      const cachedCheck = createSessionCheck({ db, now: () => new Date(), lifetime })
      const readingCheck = createSessionCheck({ db, now: () => new Date(), lifetime, cacheMs: 0 })
      const oldClaims = { ...claims, iat: Math.floor(Date.now() / 1000) - 60 }
      const passes = async (check: typeof cachedCheck) => {
        const refusal = await check.check(oldClaims)
        if (refusal) {
          throw new Error(`the session check refused: ${refusal.code}`)
        }
      }
      const checkCached = await measure({
        name: 'session check, remembered (in process)',
        concurrency: 1,
        durationMs: DURATION_MS / 5,
        warmupMs: WARMUP_MS / 5,
        operation: () => passes(cachedCheck),
      })
      const checkRead = await measure({
        name: 'session check, reading the database each time',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () => passes(readingCheck),
      })
      printTable(
        `The session check (issue 12, S4): ${ROUNDS} alternating rounds of ${ROUND_MS} ms each`,
        [withCheck, withoutCheck, pgWithLookup, pgWithoutLookup, checkCached, checkRead],
      )
      console.log('\nRatios')
      console.log(
        `  /rest/v1 requests/s checked ÷ unchecked: ${(withCheck.perSecond / withoutCheck.perSecond).toFixed(3)}`,
      )
      console.log(
        `  /rest/v1 p50 checked − unchecked: ${(withCheck.p50Ms - withoutCheck.p50Ms).toFixed(2)} ms`,
      )
      console.log(
        `  pg transactions/s with the RLS session lookup ÷ without: ${(pgWithLookup.perSecond / pgWithoutLookup.perSecond).toFixed(3)}`,
      )
      await asUser.end()
    } finally {
      await db.end()
      await stack.stop()
    }
  },
}

/**
 * Writes through /rest/v1 next to the same writes through `pg` as the user: a single-row
 * insert of an application event (`Prefer: return=minimal`) and an update of an application's
 * notes by its key, each worker on its own application (no row lock shared between workers).
 */
async function measureWrites(options: {
  stack: { appUrl: string }
  db: pg.Pool
  asUser: pg.Pool
  userId: string
  headers: { authorization: string }
  watchPid: number
  cpu: CpuWatch
}) {
  const { stack, db, asUser, userId, headers, watchPid, cpu } = options
  const { rows } = await db.query<{ id: string }>(
    'select id from public.job_applications where user_id = $1 order by created_at limit $2',
    [userId, CONCURRENCY],
  )
  const applications = rows.map((row) => row.id)
  const writeHeaders = { ...headers, 'content-type': 'application/json' }
  let counter = 0
  const send = (method: string, path: string, body: unknown) =>
    client.expect(`${stack.appUrl}/rest/v1/${path}`, {
      method,
      headers: writeHeaders,
      body: JSON.stringify(body),
    })
  const event = (worker: number) => ({
    job_application_id: applications[worker],
    user_id: userId,
    type: 'note',
    payload: { text: `bench ${counter++}` },
  })
  const insertFloor = await measure({
    name: 'floor: insert one event through pg, as the user',
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    cpu,
    operation: (worker) => {
      const row = event(worker)
      return asUser.query({
        name: 'bench_insert',
        text: `insert into public.job_application_events (job_application_id, user_id, type, payload)
               values ($1, $2, $3, $4)`,
        values: [row.job_application_id, row.user_id, row.type, JSON.stringify(row.payload)],
      })
    },
  })
  const insert = await measure({
    name: 'POST /rest/v1/job_application_events (one row)',
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    cpu,
    watchPid,
    operation: (worker) => send('POST', 'job_application_events', event(worker)),
  })
  const updateFloor = await measure({
    name: 'floor: update notes by key through pg, as the user',
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    cpu,
    operation: (worker) =>
      asUser.query({
        name: 'bench_update',
        text: 'update public.job_applications set notes = $2 where id = $1',
        values: [applications[worker], `notes ${counter++}`],
      }),
  })
  const update = await measure({
    name: 'PATCH /rest/v1/job_applications?id=eq.… (notes)',
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    cpu,
    watchPid,
    operation: (worker) =>
      send('PATCH', `job_applications?id=eq.${applications[worker]}`, {
        notes: `notes ${counter++}`,
      }),
  })
  printTable(`Writes, ${CONCURRENCY} concurrent clients, each on its own application`, [
    insertFloor,
    insert,
    updateFloor,
    update,
  ])
  console.log('\nRatios')
  reportRatio({
    key: 'rest.insert_throughput',
    label: '/rest/v1 inserts/s ÷ floor inserts/s',
    value: insert.perSecond / insertFloor.perSecond,
    better: 'higher',
    goal: 0.8,
  })
  reportRatio({
    key: 'rest.insert_p50',
    label: '/rest/v1 insert p50 ÷ floor p50',
    value: insert.p50Ms / insertFloor.p50Ms,
    better: 'lower',
    goal: 1.3,
  })
  reportRatio({
    key: 'rest.update_throughput',
    label: '/rest/v1 updates/s ÷ floor updates/s',
    value: update.perSecond / updateFloor.perSecond,
    better: 'higher',
    goal: 0.8,
  })
  reportRatio({
    key: 'rest.update_p50',
    label: '/rest/v1 update p50 ÷ floor p50',
    value: update.p50Ms / updateFloor.p50Ms,
    better: 'lower',
    goal: 1.3,
  })
}
