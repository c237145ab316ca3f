/**
 * Sign-in capacity of the Auth service: password sign-ins and refresh-token grants per second
 * over HTTP against the real server process, next to what bounds them, measured in the same
 * run: the raw argon2id verification (the KDF) and a bare database round trip.
 */
import pg from 'pg'
import { hashPassword, verifyPassword } from '../apps/server/src/modules/auth/index.ts'
import { startStack } from '../test/stack.ts'
import { type CpuWatch, postmasterPid } from './cpu.ts'
import { createHttpClient } from './http-client.ts'
import { findHttpProcess, measure, type Measurement, printTable, reportRatio } from './measure.ts'
import type { Benchmark } from './run.ts'

const CONCURRENCY = 8
const DURATION_MS = 5_000
const WARMUP_MS = 1_000
const USERS = 32
const PASSWORD = 'benchmark-password'

type Session = { refresh_token: string }

const client = createHttpClient({ maxSockets: CONCURRENCY })

function postJson(url: string, body: unknown): Promise<Session> {
  return client.expectJson<Session>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

function ratio(label: string, value: number) {
  console.log(`  ${label}: ${value.toFixed(2)}`)
}

export const authBenchmark: Benchmark = {
  name: 'auth',
  description: 'password sign-ins and refresh grants per second vs the KDF and a DB round trip',
  run: async ({ adminUrl }) => {
    const stack = await startStack({ adminUrl, env: { AUTH_RATE_LIMITS: 'false' } })
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: CONCURRENCY })
    try {
      const auth = `${stack.appUrl}/auth/v1`
      const emails = Array.from({ length: USERS }, (_, index) => `bench-${index}@example.com`)
      for (const email of emails) {
        await postJson(`${auth}/signup`, { email, password: PASSWORD })
      }

      const watchPid = findHttpProcess(stack.pid)
      const cpu: CpuWatch = { serverPid: watchPid, postmasterPid: await postmasterPid(db) }
      const storedHash = await hashPassword(PASSWORD)
      const kdf = await measure({
        name: 'baseline: argon2id verify (in process)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () => verifyPassword(storedHash, PASSWORD),
      })
      const roundTrip = await measure({
        name: 'baseline: database round trip (select 1)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        cpu,
        operation: () => db.query('select 1'),
      })
      let next = 0
      const signIns = await measure({
        name: 'POST /token?grant_type=password',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        watchPid,
        cpu,
        operation: () =>
          postJson(`${auth}/token?grant_type=password`, {
            email: emails[next++ % emails.length],
            password: PASSWORD,
          }),
      })
      // Each worker follows its own session's chain of refresh tokens, as a client does.
      const chains = await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, index) => {
          const session = await postJson(`${auth}/token?grant_type=password`, {
            email: emails[index],
            password: PASSWORD,
          })
          return session.refresh_token
        }),
      )
      const refreshes = await measure({
        name: 'POST /token?grant_type=refresh_token',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        watchPid,
        cpu,
        operation: async (worker) => {
          const session = await postJson(`${auth}/token?grant_type=refresh_token`, {
            refresh_token: chains[worker],
          })
          chains[worker] = session.refresh_token
        },
      })

      const rows: Measurement[] = [kdf, roundTrip, signIns, refreshes]
      printTable(
        `Auth service, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`,
        rows,
      )
      console.log('\nRatios')
      reportRatio({
        key: 'auth.password_sign_ins',
        label: 'password sign-ins/s ÷ raw KDF verifications/s',
        value: signIns.perSecond / kdf.perSecond,
        better: 'higher',
        goal: 0.9,
      })
      reportRatio({
        key: 'auth.password_p50',
        label: 'password sign-in p50 ÷ KDF p50',
        value: signIns.p50Ms / kdf.p50Ms,
        better: 'lower',
      })
      reportRatio({
        key: 'auth.refresh_round_trips',
        label: 'refresh grant p50 ÷ database round trip p50',
        value: refreshes.p50Ms / roundTrip.p50Ms,
        better: 'lower',
        goal: 5,
      })
      ratio('refresh grants/s ÷ password sign-ins/s', refreshes.perSecond / signIns.perSecond)
      console.log(
        `  refresh grants/s: ${refreshes.perSecond.toFixed(0)} (goal ≥ 1000: ${refreshes.perSecond >= 1000 ? 'met' : 'NOT MET'})`,
      )
    } finally {
      await db.end()
      await stack.stop()
    }
  },
}
