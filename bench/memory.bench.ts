/**
 * The server's memory under sustained /rest/v1 load (issue 21): 20 clients read a user's
 * `job_applications` back to back for BENCH_MEMORY_SECONDS (60 by default; the issue's
 * figure is a 10-minute run: BENCH_MEMORY_SECONDS=600), while the HTTP process's RSS is
 * sampled. Prints each interval's throughput and RSS, then the ratios: the highest RSS against
 * the 250 MB goal, and the last interval's throughput against the first's (steady within 10%).
 */
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { startStack } from '../test/stack.ts'
import { createHttpClient } from './http-client.ts'
import { findHttpProcess, loadAverage, reportRatio, rssMb } from './measure.ts'
import type { Benchmark } from './run.ts'

const CLIENTS = 20
const INTERVALS = 10
const WARMUP_MS = 5_000

const client = createHttpClient({ maxSockets: CLIENTS })

function seconds(): number {
  const configured = Number(process.env.BENCH_MEMORY_SECONDS ?? '60')
  return Number.isFinite(configured) && configured > 0 ? configured : 60
}

export const memoryBenchmark: Benchmark = {
  name: 'memory',
  description: `the server's RSS and throughput under sustained /rest/v1 reads (${CLIENTS} clients)`,
  run: async ({ adminUrl }) => {
    const stack = await startStack({
      adminUrl,
      env: { AUTH_RATE_LIMITS: 'false', AUTH_EMAIL_AUTOCONFIRM: 'true' },
    })
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 })
    try {
      const signUp = await fetch(`${stack.appUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'memory@example.com', password: 'benchmark-password' }),
      })
      const session = (await signUp.json()) as { access_token: string; user: { id: string } }
      await db.query(
        `with job as (
           insert into public.jobs (title, company_name, source, source_id)
           select 'Engineer ' || n, 'Company ' || n, 'bench', n::text from generate_series(1, 50) n
           returning id
         )
         insert into public.job_applications (user_id, job_id, status)
         select $1, id, 'APPLIED' from job`,
        [session.user.id],
      )
      const pid = findHttpProcess(stack.pid)
      const url = `${stack.appUrl}/rest/v1/job_applications?select=*&order=created_at.desc`
      const headers = { authorization: `Bearer ${session.access_token}` }
      const read = () => client.expect(url, { headers })

      const startMb = rssMb(pid)
      let counting = false
      let count = 0
      let stop = false
      const workers = Array.from({ length: CLIENTS }, async () => {
        while (!stop) {
          await read()
          if (counting) {
            count++
          }
        }
      })
      await new Promise((resolve) => setTimeout(resolve, WARMUP_MS))
      counting = true
      const intervalMs = (seconds() * 1000) / INTERVALS
      const rows: { at: number; perSecond: number; rssMb: number }[] = []
      let peakMb = startMb
      const sampler = setInterval(() => {
        peakMb = Math.max(peakMb, rssMb(pid))
      }, 200)
      const started = performance.now()
      for (let interval = 1; interval <= INTERVALS; interval++) {
        const before = count
        const from = performance.now()
        await new Promise((resolve) => setTimeout(resolve, intervalMs))
        const perSecond = (count - before) / ((performance.now() - from) / 1000)
        const row = { at: (performance.now() - started) / 1000, perSecond, rssMb: rssMb(pid) }
        rows.push(row)
        console.log(
          `  ${row.at.toFixed(0).padStart(5)} s  ${perSecond.toFixed(0).padStart(6)} req/s  RSS ${row.rssMb.toFixed(0)} MB  (load ${loadAverage()})`,
        )
      }
      stop = true
      await Promise.all(workers)
      clearInterval(sampler)
      const endMb = rssMb(pid)
      console.log(
        `\n${count} requests in ${seconds()} s; RSS MB start/peak/end ${[startMb, peakMb, endMb].map((mb) => mb.toFixed(0)).join('/')}`,
      )
      console.log('\nRatios')
      reportRatio({
        key: 'memory.peak_rss_of_goal',
        label: 'peak RSS of the HTTP process ÷ 250 MB',
        value: peakMb / 250,
        better: 'lower',
        goal: 1,
      })
      const first = rows[0]?.perSecond ?? Number.NaN
      const last = rows.at(-1)?.perSecond ?? Number.NaN
      reportRatio({
        key: 'memory.throughput_last_of_first',
        label: "last interval's requests/s ÷ first interval's",
        value: last / first,
        better: 'higher',
        goal: 0.9,
      })
    } finally {
      await db.end()
      await stack.stop()
    }
  },
}
