/**
 * The resume parser on a two-page resume (the RenderCV classic fixture): `parseResumePdf` (text
 * with positions and fonts, page 1's operator list for fonts and images, layout analysis,
 * fields) beside pdf.js text extraction alone (unpdf's `extractText`) on the same bytes, in the
 * same run, alternating one call of each so both see the same load. Goal (issue 15): a
 * two-page resume in under 100 ms. Needs no database.
 */
import { readFileSync } from 'node:fs'
import { extractText } from 'unpdf'
import { parseResumePdf } from '../apps/server/src/modules/resume-parser/index.ts'
import { performance } from 'node:perf_hooks'
import { printTable, summarise } from './measure.ts'
import type { Benchmark } from './run.ts'

const FIXTURE = new URL(
  '../apps/server/src/modules/resume-parser/fixtures/rendercv-classic/john-doe.pdf',
  import.meta.url,
)
const DURATION_MS = Number(process.env.RESUME_BENCH_MS ?? 10_000)
const WARMUP_MS = 2_000
const GOAL_P95_MS = 100

export const resumeParserBenchmark: Benchmark = {
  name: 'resume-parser',
  description: 'parseResumePdf on a two-page resume beside pdf.js text extraction alone',
  async run() {
    const bytes = new Uint8Array(readFileSync(FIXTURE))
    const pages = (await parseResumePdf(bytes)).layout.pages
    // pdf.js detaches the buffer it is handed: each call gets a copy, as the parser's own does.
    const operations = {
      parse: () => parseResumePdf(bytes),
      text: () => extractText(new Uint8Array(bytes), { mergePages: true }),
    }
    const warmup = performance.now() + WARMUP_MS
    while (performance.now() < warmup) {
      await operations.parse()
      await operations.text()
    }
    // Alternated, so both see the same load on a shared machine.
    const latencies = { parse: [] as number[], text: [] as number[] }
    const started = performance.now()
    while (performance.now() - started < DURATION_MS) {
      for (const key of ['parse', 'text'] as const) {
        const t = performance.now()
        await operations[key]()
        latencies[key].push(performance.now() - t)
      }
    }
    const seconds = (performance.now() - started) / 1000
    const parse = summarise(`parseResumePdf (${pages} pages)`, latencies.parse, seconds)
    const text = summarise('unpdf extractText (pdf.js alone)', latencies.text, seconds)
    printTable('Resume parser (alternating, one at a time)', [parse, text])
    console.log(
      `\n  parse p50 ${parse.p50Ms.toFixed(1)} ms, p95 ${parse.p95Ms.toFixed(1)} ms ` +
        `(goal < ${GOAL_P95_MS} ms: ${parse.p95Ms < GOAL_P95_MS ? 'met' : 'NOT met'}); ` +
        `${(parse.p50Ms / text.p50Ms).toFixed(2)}× pdf.js text extraction alone`,
    )
  },
}
