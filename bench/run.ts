/**
 * `npm run bench [-- <name>...] [--compare] [--record]`: runs the benchmarks on a throw-away
 * PostgreSQL cluster and prints each one's figures beside the baseline it measured in the same
 * run. Each benchmark is a module exporting `{ name, run(context) }`; with no names given, all
 * of them run. Ratios reported with `reportRatio` are the regression gate's: `--compare` prints
 * every one more than 10% worse than in bench/baseline.json (and exits 1), `--record` writes
 * this run's into it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { loadAverage, type Ratio, reportedRatios } from './measure.ts'
import { startTestCluster } from '../test/test-cluster.ts'
import { analysisVideoBenchmark } from './analysis-video.bench.ts'
import { authBenchmark } from './auth.bench.ts'
import { backupBenchmark } from './backup.bench.ts'
import { creditsBenchmark } from './credits.bench.ts'
import { interviewAnalysisBenchmark } from './interview-analysis.bench.ts'
import { jobsBenchmark } from './jobs.bench.ts'
import { memoryBenchmark } from './memory.bench.ts'
import { restBenchmark } from './rest.bench.ts'
import { resumeParserBenchmark } from './resume-parser.bench.ts'
import { storageBenchmark } from './storage.bench.ts'
import { webBenchmark } from './web.bench.ts'

export type BenchmarkContext = {
  /** Superuser URL of the cluster; databases are cloned from its migrated template. */
  adminUrl: string
}

export type Benchmark = {
  name: string
  description: string
  run: (context: BenchmarkContext) => Promise<void>
}

const BENCHMARKS: Benchmark[] = [
  authBenchmark,
  restBenchmark,
  memoryBenchmark,
  storageBenchmark,
  creditsBenchmark,
  jobsBenchmark,
  resumeParserBenchmark,
  interviewAnalysisBenchmark,
  analysisVideoBenchmark,
  backupBenchmark,
  webBenchmark,
]

const BASELINE = new URL('./baseline.json', import.meta.url)
/** How much worse than the recorded ratio counts as a regression. */
const TOLERANCE = 0.1

type Baseline = { recorded: string; loadAverage: string; ratios: Record<string, number> }

async function readBaseline(): Promise<Baseline> {
  try {
    return JSON.parse(await readFile(BASELINE, 'utf8')) as Baseline
  } catch {
    return { recorded: '', loadAverage: '', ratios: {} }
  }
}

/** The ratios more than TOLERANCE worse than their recorded value. */
export function regressions(ratios: Ratio[], recorded: Record<string, number>) {
  return ratios.flatMap((ratio) => {
    const before = recorded[ratio.key]
    if (before === undefined || !Number.isFinite(ratio.value)) {
      return []
    }
    const worse =
      ratio.better === 'higher'
        ? ratio.value < before * (1 - TOLERANCE)
        : ratio.value > before * (1 + TOLERANCE)
    return worse ? [{ ...ratio, before }] : []
  })
}

async function compare(): Promise<boolean> {
  const baseline = await readBaseline()
  console.log(
    `\n=== compare: this run's ratios against bench/baseline.json (recorded ${baseline.recorded || 'never'}, load ${baseline.loadAverage || '?'})`,
  )
  const missing = reportedRatios.filter((ratio) => baseline.ratios[ratio.key] === undefined)
  for (const ratio of missing) {
    console.log(`  ${ratio.key}: ${ratio.value.toFixed(2)} (not recorded yet)`)
  }
  const worse = regressions(reportedRatios, baseline.ratios)
  for (const ratio of worse) {
    console.log(
      `  WORSE by more than ${TOLERANCE * 100}%: ${ratio.key} ${ratio.before.toFixed(2)} → ${ratio.value.toFixed(2)} (${ratio.label}; ${ratio.better} is better)`,
    )
  }
  if (worse.length === 0) {
    console.log(
      `  no ratio is more than ${TOLERANCE * 100}% worse (${reportedRatios.length} compared)`,
    )
  }
  return worse.length === 0
}

async function record(): Promise<void> {
  const baseline = await readBaseline()
  const ratios = { ...baseline.ratios }
  for (const ratio of reportedRatios) {
    ratios[ratio.key] = Number(ratio.value.toFixed(3))
  }
  const sorted = Object.fromEntries(Object.entries(ratios).sort(([a], [b]) => a.localeCompare(b)))
  const next: Baseline = {
    recorded: new Date().toISOString().slice(0, 10),
    loadAverage: loadAverage(),
    ratios: sorted,
  }
  await writeFile(BASELINE, `${JSON.stringify(next, null, 2)}\n`)
  console.log(`\nRecorded ${reportedRatios.length} ratios in bench/baseline.json`)
}

async function main() {
  const args = process.argv.slice(2)
  const flags = new Set(args.filter((arg) => arg.startsWith('--')))
  const unknownFlags = [...flags].filter((flag) => flag !== '--compare' && flag !== '--record')
  if (unknownFlags.length) {
    console.error(`Unknown option: ${unknownFlags.join(', ')} (known: --compare, --record)`)
    process.exit(2)
  }
  const requested = args.filter((arg) => !arg.startsWith('--'))
  const unknown = requested.filter((name) => !BENCHMARKS.some((bench) => bench.name === name))
  if (unknown.length) {
    const known = BENCHMARKS.map((bench) => bench.name).join(', ')
    console.error(`Unknown benchmark: ${unknown.join(', ')} (known: ${known})`)
    process.exit(2)
  }
  const selected = requested.length
    ? BENCHMARKS.filter((bench) => requested.includes(bench.name))
    : BENCHMARKS
  const cluster = await startTestCluster()
  try {
    for (const bench of selected) {
      console.log(`\n=== ${bench.name}: ${bench.description} (load average ${loadAverage()})`)
      await bench.run({ adminUrl: cluster.adminUrl })
    }
  } finally {
    await cluster.stop()
  }
  console.log(`\nLoad average at the end: ${loadAverage()}`)
  // Compared first: with both flags, against the ratios recorded before this run.
  if (flags.has('--compare') && !(await compare())) {
    process.exitCode = 1
  }
  if (flags.has('--record')) {
    await record()
  }
}

if (import.meta.main) {
  await main()
}
