/**
 * Measures the resume parser on a labelled set: every `<layout>/<name>.pdf` with a
 * `<layout>/<name>.json` (the expected JSON Resume) beside it. Prints precision, recall and F1 per
 * layout, per field family and per field, the overall micro F1, the worst layout, and the parse
 * time per file (median, p95). See score.ts for the rules and labelled-set/README.md for the set.
 *
 *   node apps/server/src/modules/resume-parser/evaluate.ts [--dir <folder>] [--layout X] [--errors]
 *        [--parser <module exporting parseResumePdf>]
 *
 * --dir defaults to this module's fixtures/; --errors lists each miss; --parser defaults to
 * this module's index.ts (parseResumePdf from parse.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  addCounts,
  emptyCounts,
  FIELD_FAMILIES,
  FIELDS,
  rates,
  scoreResume,
  sumCounts,
  type Count,
  type FieldCounts,
  type Miss,
} from './score.ts'
import type { JsonResume, ParsedResume } from './types.ts'

export type Parse = (bytes: Uint8Array) => Promise<ParsedResume>

const here = dirname(fileURLToPath(import.meta.url))

export interface LabelledResume {
  layout: string
  name: string
  pdf: string
  expected: JsonResume
}

/** Every `<dir>/<layout>/<name>.pdf` with its `.json` beside it, in a stable order. */
export function labelledResumes(dir: string, layout?: string): LabelledResume[] {
  const found: LabelledResume[] = []
  for (const folder of readdirSync(dir).sort()) {
    const path = join(dir, folder)
    if (!statSync(path).isDirectory() || (layout && folder !== layout)) continue
    for (const file of readdirSync(path).sort()) {
      if (!file.endsWith('.pdf')) continue
      const json = join(path, file.replace(/\.pdf$/, '.json'))
      if (!existsSync(json)) continue
      found.push({
        layout: folder,
        name: file.replace(/\.pdf$/, ''),
        pdf: join(path, file),
        expected: JSON.parse(readFileSync(json, 'utf8')) as JsonResume,
      })
    }
  }
  return found
}

export interface Evaluation {
  /** Counts per layout, in the order the layouts were met. */
  byLayout: Map<string, FieldCounts>
  total: FieldCounts
  /** Parse time per file, milliseconds. */
  times: number[]
  files: { resume: LabelledResume; counts: FieldCounts; misses: Miss[]; failure?: string }[]
}

/** Parses each resume and scores it; a parser that throws scores as an empty resume. */
export async function evaluate(resumes: LabelledResume[], parse: Parse): Promise<Evaluation> {
  const byLayout = new Map<string, FieldCounts>()
  const total = emptyCounts()
  const times: number[] = []
  const files: Evaluation['files'] = []
  for (const resume of resumes) {
    const bytes = new Uint8Array(readFileSync(resume.pdf))
    let actual: JsonResume = { basics: {}, work: [], education: [], skills: [] }
    let failure: string | undefined
    const start = performance.now()
    try {
      actual = (await parse(bytes)).resume
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    times.push(performance.now() - start)
    const { counts, misses } = scoreResume(resume.expected, actual)
    addCounts(total, counts)
    if (!byLayout.has(resume.layout)) byLayout.set(resume.layout, emptyCounts())
    addCounts(byLayout.get(resume.layout)!, counts)
    files.push({ resume, counts, misses, failure })
  }
  return { byLayout, total, times, files }
}

const pct = (value: number) => value.toFixed(3)
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0

function row(label: string, count: Count, extra = ''): string {
  const { precision, recall, f1 } = rates(count)
  return `${label.padEnd(30)} ${pct(precision).padStart(9)} ${pct(recall).padStart(9)} ${pct(f1).padStart(9)}   ${String(
    count.truePositives,
  ).padStart(
    5,
  )}/${String(count.predicted).padEnd(5)} of ${String(count.expected).padEnd(5)}${extra}`
}

const header = (title: string) =>
  `\n${title.padEnd(30)} ${'precision'.padStart(9)} ${'recall'.padStart(9)} ${'F1'.padStart(9)}   tp/predicted of expected`

function describeMiss(miss: Miss): string {
  if (miss.actual === undefined) return `${miss.field}: missed ${JSON.stringify(miss.expected)}`
  if (miss.expected === undefined) return `${miss.field}: invented ${JSON.stringify(miss.actual)}`
  return `${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)}`
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: join(here, 'fixtures') },
      layout: { type: 'string' },
      errors: { type: 'boolean', default: false },
      parser: { type: 'string', default: join(here, 'index.ts') },
    },
  })
  const parserModule = (await import(pathToFileURL(resolve(values.parser)).href)) as {
    parseResumePdf?: Parse
  }
  const parse = parserModule.parseResumePdf
  if (typeof parse !== 'function') throw new Error(`${values.parser} exports no parseResumePdf`)

  const resumes = labelledResumes(resolve(values.dir), values.layout)
  if (!resumes.length)
    throw new Error(`no <layout>/<name>.pdf with a .json beside it under ${values.dir}`)

  const { byLayout, total, times, files } = await evaluate(resumes, parse)
  if (values.errors) {
    for (const { resume, counts, misses, failure } of files) {
      if (!misses.length && !failure) continue
      const f1 = rates(sumCounts(counts)).f1
      console.log(
        `\n${resume.layout}/${resume.name}  F1 ${pct(f1)}${failure ? `  FAILED: ${failure}` : ''}`,
      )
      for (const miss of misses) console.log(`  ${describeMiss(miss)}`)
    }
  }

  console.log(header('layout (resumes)'))
  let worst: { layout: string; f1: number } | undefined
  for (const [layout, counts] of byLayout) {
    const n = resumes.filter((r) => r.layout === layout).length
    const sum = sumCounts(counts)
    console.log(row(`${layout} (${n})`, sum))
    const { f1 } = rates(sum)
    if (!worst || f1 < worst.f1) worst = { layout, f1 }
  }
  console.log(header('field family'))
  for (const [family, fields] of Object.entries(FIELD_FAMILIES))
    console.log(row(family, sumCounts(total, fields)))
  console.log(header('field'))
  for (const field of FIELDS) console.log(row(field, total[field]))

  const overall = rates(sumCounts(total))
  const sorted = [...times].sort((a, b) => a - b)
  console.log(
    `\noverall micro F1 ${pct(overall.f1)} (precision ${pct(overall.precision)}, recall ${pct(overall.recall)}) on ${
      resumes.length
    } resumes in ${byLayout.size} layouts`,
  )
  if (worst) console.log(`worst layout: ${worst.layout} (F1 ${pct(worst.f1)})`)
  console.log(
    `parse time per file: median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(
      sorted,
      0.95,
    ).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
