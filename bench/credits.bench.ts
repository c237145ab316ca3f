/**
 * Spending from ONE wallet by many clients at once, the worst case for the credits ledger
 * (every spend queues on the same row lock): right swipes over HTTP against the real server
 * process, the ledger's `spend()` in process, and, as the baseline measured in the same run,
 * the bare conditional update + ledger insert of the migration's header (engineering notes:
 * ~11,000/s with pgbench on a machine like ours). Also what the server adds to each swipe since
 * issue 12: reading the server's price (one primary-key lookup) and counting the request
 * against the user's limit (one upsert), each measured in process.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { countUserRequest } from '../apps/server/src/modules/api-rate-limits/index.ts'
import { grant, readPrice, spend } from '../apps/server/src/modules/credits/index.ts'
import { startStack } from '../test/stack.ts'
import { type CpuWatch, postmasterPid } from './cpu.ts'
import { createHttpClient } from './http-client.ts'
import { findHttpProcess, measure, type Measurement, printTable, reportRatio } from './measure.ts'
import type { Benchmark } from './run.ts'

const CONCURRENCY = 16
const DURATION_MS = 5_000
const WARMUP_MS = 1_000
/** More jobs than the swipes measured can use up: each job is swiped once. */
const JOBS = 60_000

const BARE_SPEND = `
  with spent as (
    update public.credit_balances
    set balance = balance - 1, used_in_period = used_in_period + 1
    where user_id = $1 and balance >= 1
    returning user_id, balance
  )
  insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
  select user_id, -1, 'spend', 'bench', $2, balance from spent`

const client = createHttpClient({ maxSockets: CONCURRENCY })

function ratio(label: string, value: number) {
  console.log(`  ${label}: ${value.toFixed(2)}`)
}

export const creditsBenchmark: Benchmark = {
  name: 'credits',
  description: 'spends per second from one wallet: swipes over HTTP, spend(), the bare SQL',
  run: async ({ adminUrl }) => {
    const stack = await startStack({
      adminUrl,
      // One user swiping as fast as 16 clients can: far past the per-user swipe limit, which is
      // measured on its own below.
      env: { AUTH_RATE_LIMITS: 'false', API_RATE_LIMITS: 'false', SEED_DEMO_DATA: 'false' },
    })
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: CONCURRENCY })
    const lazyDb = new pg.Pool({
      connectionString: stack.databaseUrl,
      max: CONCURRENCY,
      options: '-c synchronous_commit=off',
    })
    try {
      const signUp = await fetch(`${stack.appUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      })
      const session = (await signUp.json()) as { access_token: string; user: { id: string } }
      const userId = session.user.id
      const wallet = { userId, reason: 'bench', amount: 1_000_000_000 }
      await grant(db, { ...wallet, idempotencyKey: `bench:${userId}` }, new Date())
      const { rows } = await db.query<{ id: string }>(
        `insert into public.jobs (title, source, source_id)
         select 'Benchmark job ' || n, 'manual', 'bench-' || n from generate_series(1, $1) n
         returning id`,
        [JOBS],
      )
      const jobIds = rows.map((row) => row.id)
      await db.query('analyze')
      const watchPid = findHttpProcess(stack.pid)
      const cpu: CpuWatch = { serverPid: watchPid, postmasterPid: await postmasterPid(db) }

      const bare = await measure({
        name: 'baseline: conditional update + ledger insert (SQL)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        cpu,
        operation: () => db.query(BARE_SPEND, [userId, randomUUID()]),
      })
      // One wallet means one row lock, held until the commit is on disk: this shows how much
      // of the ceiling is the disk's flush time (the notes' ~11,000/s did not wait for it).
      const unflushed = await measure({
        name: 'the same, synchronous_commit off',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () => lazyDb.query(BARE_SPEND, [userId, randomUUID()]),
      })
      const spends = await measure({
        name: 'spend() of credit-ledger.ts (in process)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () =>
          spend(
            db,
            { userId, amount: 1, idempotencyKey: randomUUID(), reason: 'bench' },
            new Date(),
          ),
      })
      let next = 0
      const swipes = await measure({
        name: 'POST /api/swipes, RIGHT (HTTP)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        watchPid,
        cpu,
        operation: async () => {
          const jobId = jobIds[next++]
          if (!jobId) {
            throw new Error(`More than ${JOBS} swipes: raise JOBS`)
          }
          await client.expect(
            `${stack.appUrl}/api/swipes`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${session.access_token}`,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({ jobId, swipeDirection: 'RIGHT' }),
            },
            201,
          )
        },
      })

      const price = await measure({
        name: 'readPrice() of a right swipe (in process)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () => readPrice(db, 'right_swipe'),
      })
      const counted = await measure({
        name: 'per-user limit count, one user (in process)',
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        operation: () => countUserRequest(db, 'swipes', userId, new Date()),
      })

      const { rows: books } = await db.query<{ balance: number; ledger_sum: number }>(
        `select balance, (select sum(delta)::int from public.credit_ledger where user_id = $1)
           as ledger_sum
         from public.credit_balances where user_id = $1`,
        [userId],
      )
      const measured: Measurement[] = [bare, unflushed, spends, swipes, price, counted]
      printTable(
        `One wallet, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each`,
        measured,
      )
      console.log('\nRatios')
      ratio('bare SQL spends/s, unflushed ÷ flushed', unflushed.perSecond / bare.perSecond)
      reportRatio({
        key: 'credits.spend_in_process',
        label: 'spend()/s ÷ bare SQL spends/s',
        value: spends.perSecond / bare.perSecond,
        better: 'higher',
      })
      reportRatio({
        key: 'credits.right_swipes',
        label: 'right swipes/s ÷ bare SQL spends/s',
        value: swipes.perSecond / bare.perSecond,
        better: 'higher',
        goal: 0.7,
      })
      console.log(
        `  right swipes/s: ${swipes.perSecond.toFixed(0)} (goal ≥ 1000: ${swipes.perSecond >= 1000 ? 'met' : 'NOT MET'})`,
      )
      console.log(
        `\nBooks: balance ${books[0]?.balance}, ledger sum ${books[0]?.ledger_sum}` +
          (books[0]?.balance === books[0]?.ledger_sum ? ' (balanced)' : ' (NOT BALANCED)'),
      )
    } finally {
      await Promise.all([db.end(), lazyDb.end()])
      await stack.stop()
    }
  },
}
