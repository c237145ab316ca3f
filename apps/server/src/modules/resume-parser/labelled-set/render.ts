/**
 * Regenerates the labelled resume set: every source person in several layouts, printed to PDF by
 * headless Chromium, beside the expected JSON Resume; and RenderCV's sample PDFs with the JSON
 * Resume read from their YAML. Deterministic: the same sources give the same bytes.
 *
 *   node apps/server/src/modules/resume-parser/labelled-set/render.ts [--layout X] [--blind DIR]
 *
 * `--blind DIR` (default /work/resume-blind-11, skipped when absent) also renders the layouts kept
 * outside the repository: DIR/layouts/*.ts each export `layouts(kit)`, DIR/people/*.json add
 * people the repository never sees; every person is rendered in every blind layout, into
 * DIR/<layout>/.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium, type Browser } from 'playwright-core'
import { format, resolveConfig } from 'prettier'
import { expectedResume } from './expected.ts'
import * as kit from './kit.ts'
import type { Layout, Person } from './kit.ts'
import { LAYOUTS } from './layouts/index.ts'
import { renderCvToJsonResume } from './rendercv.ts'

const here = dirname(fileURLToPath(import.meta.url))
const FIXTURES = resolve(here, '../fixtures')
const PEOPLE = join(here, 'people')
const RENDERCV = resolve(here, '../../../../../../../shared/data/resumes/rendercv')

/** How many people each repository layout shows. */
export const PEOPLE_PER_LAYOUT = 13

/**
 * The index of the first layout of each cohort: layouts 0–15 came with the first 26 people,
 * 16–21 (`europass` … `indeed`, the first two blind sets) with cohort 2, 22– (`zety-modern`,
 * `altacv`, `us-federal`, the third blind set) with cohort 3, 25– (`gdocs-coral`, `rirekisho`,
 * `word-banded`, the fourth) with cohort 4, 28– (`enhancv-strengths`, `student-onepage`,
 * `cv-nordic`, the fifth) with cohort 5, 31– (`agency-profile`, `cv-nl`, `designer-cards`, the
 * sixth) with cohort 6, 34– (`cv-es`, `plaintext-ats`, `notion-page`, the seventh) with cohort 7, 37– (`cv-pl`,
 * `curriculo-br`, `markdown-readme`, the eighth) with cohort 8, 40– (`zivotopis-cz`,
 * `narrative-bio`, `newspaper`, the ninth) with cohort 9, 43– (`word-chrono`, `resumeio-timeline`,
 * `cv-canva-fr`, the tenth) with cohort 10.
 */
const FIRST_LAYOUT_OF_COHORT = [0, 16, 22, 25, 28, 31, 34, 37, 40, 43]

/** The cohort a layout came with (1, 2, 3…). */
export function layoutCohort(layoutIndex: number): number {
  return FIRST_LAYOUT_OF_COHORT.filter((first) => first <= layoutIndex).length
}

/**
 * Which people a layout shows: every other person, shifted by the layout's index, 13 of them.
 * Only people of the layout's cohort or earlier count, so that adding people never moves an
 * existing layout's fixtures. The first 16 layouts count from the start of the list (the 26
 * people of cohort 1); the later ones count from its end, so that they show the people who joined
 * with them (and with the cohort before) as well as older ones.
 */
export function peopleFor(people: Person[], layoutIndex: number): Person[] {
  const cohort = layoutCohort(layoutIndex)
  const known = people.filter((p) => (p.cohort ?? 1) <= cohort)
  const pool = cohort === 1 ? known : [...known].reverse()
  return pool.filter((_, index) => (index + layoutIndex) % 2 === 0).slice(0, PEOPLE_PER_LAYOUT)
}

/** The people of a folder, ordered by cohort, then id. */
export function loadPeople(dir: string): Person[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Person)
    .sort((a, b) => (a.cohort ?? 1) - (b.cohort ?? 1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Chromium stamps the time of printing; a fixed stamp keeps the files byte-for-byte stable. */
function withFixedDates(pdf: Buffer): Buffer {
  const text = pdf
    .toString('latin1')
    .replace(/\/(CreationDate|ModDate) \(D:[0-9+\-'Z]+\)/g, (match) => {
      const [key] = match.split(' ')
      const stamp = "(D:20260101000000+00'00')"
      return `${key} ${stamp}`.padEnd(match.length, ' ')
    })
  return Buffer.from(text, 'latin1')
}

async function renderPdf(browser: Browser, layout: Layout, person: Person): Promise<Buffer> {
  const page = await browser.newPage()
  try {
    await page.setContent(layout.render(person), { waitUntil: 'load' })
    const pdf = await page.pdf({
      format: layout.paper,
      printBackground: true,
      displayHeaderFooter: layout.footer !== undefined,
      headerTemplate: '<span></span>',
      footerTemplate: layout.footer?.(person) ?? '<span></span>',
      tagged: false,
      outline: false,
    })
    return withFixedDates(pdf)
  } finally {
    await page.close()
  }
}

/** Renders each layout's people into outDir/<layout>/ (the folder is emptied first). */
async function renderLayouts(
  browser: Browser,
  jobs: { layout: Layout; people: Person[] }[],
  outDir: string,
) {
  let count = 0
  for (const { layout, people } of jobs) {
    const dir = join(outDir, layout.name)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const person of people) {
      writeFileSync(join(dir, `${person.id}.pdf`), await renderPdf(browser, layout, person))
      await writeJson(join(dir, `${person.id}.json`), expectedResume(person, layout))
      count++
    }
  }
  return count
}

/** JSON as the repository's Prettier writes it, so `npm run format` leaves the set alone. */
async function writeJson(file: string, value: unknown) {
  const options = await resolveConfig(file)
  writeFileSync(file, await format(JSON.stringify(value), { ...options, parser: 'json' }))
}

async function copyRenderCv(): Promise<number> {
  if (!existsSync(RENDERCV)) return 0
  let count = 0
  for (const file of readdirSync(RENDERCV)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const theme = /_([A-Za-z0-9]+)Theme_CV\.yaml$/.exec(file)?.[1]?.toLowerCase()
    if (!theme) continue
    const dir = join(FIXTURES, `rendercv-${theme}`)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    copyFileSync(join(RENDERCV, file.replace(/\.yaml$/, '.pdf')), join(dir, 'john-doe.pdf'))
    const expected = renderCvToJsonResume(join(RENDERCV, file))
    await writeJson(join(dir, 'john-doe.json'), expected)
    count++
  }
  return count
}

async function main() {
  const { values } = parseArgs({
    options: {
      layout: { type: 'string' },
      blind: { type: 'string', default: '/work/resume-blind-11' },
      'no-blind': { type: 'boolean', default: false },
    },
  })
  const only = (layouts: Layout[]) =>
    values.layout ? layouts.filter((l) => l.name === values.layout) : layouts
  const people = loadPeople(PEOPLE)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  })
  try {
    // Each layout's people are fixed by its index, whichever layouts are rendered.
    const repoJobs = LAYOUTS.map((layout, index) => ({ layout, people: peopleFor(people, index) }))
    const jobs = repoJobs.filter(({ layout }) => only([layout]).length > 0)
    const count = await renderLayouts(browser, jobs, FIXTURES)
    console.log(`fixtures: ${count} resumes in ${jobs.length} layouts`)
    if (!values.layout) console.log(`rendercv: ${await copyRenderCv()} resumes`)
    const blindDir = values.blind
    if (!values['no-blind'] && blindDir && existsSync(join(blindDir, 'layouts'))) {
      const blindPeople = [...people, ...loadPeople(join(blindDir, 'people'))].sort((a, b) =>
        a.id.localeCompare(b.id),
      )
      const blindLayouts: Layout[] = []
      for (const file of readdirSync(join(blindDir, 'layouts'))
        .filter((name) => name.endsWith('.ts'))
        .sort()) {
        const module = (await import(pathToFileURL(join(blindDir, 'layouts', file)).href)) as {
          layouts: (k: typeof kit) => Layout[]
        }
        blindLayouts.push(...module.layouts(kit))
      }
      // Every person in every blind layout: the blind set is the measure, its size costs nothing.
      const blindJobs = only(blindLayouts).map((layout) => ({ layout, people: blindPeople }))
      const blindCount = await renderLayouts(browser, blindJobs, blindDir)
      console.log(
        `blind (${basename(blindDir)}): ${blindCount} resumes in ${only(blindLayouts).length} layouts`,
      )
    }
  } finally {
    await browser.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
