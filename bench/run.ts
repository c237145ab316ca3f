/**
 * `npm run bench [-- <name>...]`: runs the benchmarks on a throw-away PostgreSQL cluster and
 * prints each one's figures beside the baseline it measured in the same run. Each benchmark is
 * a module exporting `{ name, run(context) }`; with no names given, all of them run.
 */
import { startTestCluster } from '../test/test-cluster.ts'
import { analysisVideoBenchmark } from './analysis-video.bench.ts'
import { authBenchmark } from './auth.bench.ts'
import { backupBenchmark } from './backup.bench.ts'
import { creditsBenchmark } from './credits.bench.ts'
import { interviewAnalysisBenchmark } from './interview-analysis.bench.ts'
import { jobsBenchmark } from './jobs.bench.ts'
import { restBenchmark } from './rest.bench.ts'
import { resumeParserBenchmark } from './resume-parser.bench.ts'
import { storageBenchmark } from './storage.bench.ts'

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
  storageBenchmark,
  creditsBenchmark,
  jobsBenchmark,
  resumeParserBenchmark,
  interviewAnalysisBenchmark,
  analysisVideoBenchmark,
  backupBenchmark,
]

async function main() {
  const requested = process.argv.slice(2)
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
      console.log(`\n=== ${bench.name}: ${bench.description}`)
      await bench.run({ adminUrl: cluster.adminUrl })
    }
  } finally {
    await cluster.stop()
  }
}

await main()
