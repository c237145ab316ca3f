import { readdirSync, readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { type CpuPerOperation, type CpuWatch, startCpuCount } from './cpu.ts'

/**
 * A closed-loop load generator: `concurrency` workers each run `operation` back to back until
 * the time is up, after a warm-up whose results are dropped. Returns throughput and latency
 * percentiles. Operations receive their worker's index so each can keep its own state (a
 * refresh-token chain, say).
 */
export type Measurement = {
  name: string
  concurrency: number
  operations: number
  seconds: number
  perSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  /** The server process's resident memory over the measurement, when it was watched. */
  rss?: RssFigures
  /** Where its CPU went, per operation, when it was counted. */
  cpu?: CpuPerOperation
}

export type MeasureOptions = {
  name: string
  concurrency: number
  durationMs: number
  warmupMs?: number
  operation: (worker: number) => Promise<unknown>
  /** A process whose RSS is sampled during the measurement (the server's HTTP process). */
  watchPid?: number
  /** Count the CPU time of the client, the server and the database over the measurement. */
  cpu?: CpuWatch
}

/** Resident set sizes in MB: when the measurement started, its highest, when it ended. */
export type RssFigures = { startMb: number; peakMb: number; endMb: number }

/** A process's resident set size in MB (Linux /proc), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
    return kb ? Number(kb) / 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

/**
 * The HTTP process of a server started by `startStack` (`pid` is its supervisor's): the child
 * whose title is `jobsearch-web-<n>` (supervisor.ts names its processes).
 */
export function findHttpProcess(supervisorPid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (parent === supervisorPid && title.startsWith('jobsearch-web')) {
        return Number(entry)
      }
    } catch {
      // The process ended while it was being read.
    }
  }
  throw new Error(`no HTTP process under ${supervisorPid}`)
}

/** Samples `pid`'s RSS every 100 ms until stopped. */
function watchRss(pid: number): () => RssFigures {
  const startMb = rssMb(pid)
  let peakMb = startMb
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid))
  }, 100)
  return () => {
    clearInterval(timer)
    const endMb = rssMb(pid)
    return { startMb, peakMb: Math.max(peakMb, endMb), endMb }
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) {
    return Number.NaN
  }
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

async function runFor(options: MeasureOptions, durationMs: number, latencies: number[] | null) {
  const deadline = performance.now() + durationMs
  const workers = Array.from({ length: options.concurrency }, async (_, worker) => {
    while (performance.now() < deadline) {
      const started = performance.now()
      await options.operation(worker)
      latencies?.push(performance.now() - started)
    }
  })
  await Promise.all(workers)
}

export async function measure(options: MeasureOptions): Promise<Measurement> {
  if (options.warmupMs) {
    await runFor(options, options.warmupMs, null)
  }
  const latencies: number[] = []
  const stopWatching = options.watchPid ? watchRss(options.watchPid) : null
  const countCpu = options.cpu ? startCpuCount(options.cpu) : null
  const started = performance.now()
  await runFor(options, options.durationMs, latencies)
  const seconds = (performance.now() - started) / 1000
  const cpu = countCpu?.(latencies.length)
  const rss = stopWatching?.()
  latencies.sort((a, b) => a - b)
  return {
    ...(rss && { rss }),
    ...(cpu && { cpu }),
    name: options.name,
    concurrency: options.concurrency,
    operations: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
  }
}

/** Prints measurements as an aligned table. */
export function printTable(title: string, rows: Measurement[]): void {
  const withRss = rows.some((row) => row.rss)
  const withCpu = rows.some((row) => row.cpu)
  const header = ['measure', 'concurrency', 'ops', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms']
  if (withCpu) {
    header.push('CPU µs/op client/server/db')
  }
  if (withRss) {
    header.push('RSS MB start/peak/end')
  }
  const lines = rows.map((row) => [
    row.name,
    String(row.concurrency),
    String(row.operations),
    row.perSecond.toFixed(1),
    row.p50Ms.toFixed(2),
    row.p95Ms.toFixed(2),
    row.p99Ms.toFixed(2),
    ...(withCpu
      ? [
          row.cpu
            ? [row.cpu.clientUs, row.cpu.serverUs, row.cpu.databaseUs]
                .map((us) => us.toFixed(0))
                .join('/')
            : '',
        ]
      : []),
    ...(withRss
      ? [
          row.rss
            ? [row.rss.startMb, row.rss.peakMb, row.rss.endMb].map((mb) => mb.toFixed(0)).join('/')
            : '',
        ]
      : []),
  ])
  printRows(title, header, lines)
}

/** Prints `lines` under `header` as an aligned table: the first column left, the rest right. */
export function printRows(title: string, header: string[], lines: string[][]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => line[column]?.length ?? 0)),
  )
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  console.log(`\n${title}`)
  console.log(format(header))
  for (const line of lines) {
    console.log(format(line))
  }
}

/** Latencies of one operation run one at a time (in milliseconds), as a table row. */
export function summarise(name: string, latencies: number[], seconds: number): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ??
    Number.NaN
  return {
    name,
    concurrency: 1,
    operations: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
  }
}

/**
 * A ratio the benchmarks report: printed beside its goal (if it has one) and kept for the
 * regression gate (`npm run bench -- --compare`, bench/baseline.json). `better` says which
 * way is an improvement.
 */
export type Ratio = {
  /** Stable key, `<benchmark>.<what>`, as in bench/baseline.json. */
  key: string
  label: string
  value: number
  better: 'higher' | 'lower'
  /** The goal: at least (better higher) or at most (better lower) this. */
  goal?: number
}

/** Every ratio reported in this run, in order. */
export const reportedRatios: Ratio[] = []

/** Prints a ratio with its goal and whether it is met, and records it. */
export function reportRatio(ratio: Ratio): void {
  reportedRatios.push(ratio)
  let goal = ''
  if (ratio.goal !== undefined) {
    const met = ratio.better === 'higher' ? ratio.value >= ratio.goal : ratio.value <= ratio.goal
    goal = `   (goal ${ratio.better === 'higher' ? '≥' : '≤'} ${ratio.goal}: ${met ? 'met' : 'NOT MET'})`
  }
  console.log(`  ${ratio.label}: ${ratio.value.toFixed(2)}${goal}`)
}

/** The load average when a figure was taken: the machine is shared, so figures are noisy. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'unknown'
  }
}
