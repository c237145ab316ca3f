import { performance } from 'node:perf_hooks'

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
}

export type MeasureOptions = {
  name: string
  concurrency: number
  durationMs: number
  warmupMs?: number
  operation: (worker: number) => Promise<unknown>
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
  const started = performance.now()
  await runFor(options, options.durationMs, latencies)
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
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
  const header = ['measure', 'concurrency', 'ops', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms']
  const lines = rows.map((row) => [
    row.name,
    String(row.concurrency),
    String(row.operations),
    row.perSecond.toFixed(1),
    row.p50Ms.toFixed(2),
    row.p95Ms.toFixed(2),
    row.p99Ms.toFixed(2),
  ])
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
