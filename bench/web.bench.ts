/**
 * The web app in a phone's browser (issue 21): Lighthouse's mobile preset (its default config:
 * a Moto G-class screen, simulated slow 4G, 4× CPU slowdown) against the real server started
 * as `npm start` starts it (demo data included), three runs per route, the median printed
 * beside the goals: performance ≥ 95, LCP ≤ 2.5 s, CLS ≤ 0.1, TBT ≤ 150 ms. `/jobs` is loaded
 * signed in as the demo account. Each run is a cold load: no HTTP cache, no service worker, no
 * stored data but, for `/jobs`, the session.
 *
 * Builds first when the build is missing or older than its sources (`npm start`'s own check).
 * `BENCH_WEB_COMPRESSION=off` serves a copy of the build without its .br/.gz files (the server
 * then sends every file as it is); `both` runs two servers and measures both in one run, their
 * runs interleaved. Chromium is Debian's (`CHROME_PATH`, default /usr/bin/chromium).
 *
 * `BENCH_WEB_ROUTES=home,jobs` measures only those routes (their keys below),
 * `BENCH_WEB_REPORTS=<dir>` writes each run's full Lighthouse report there as JSON, to read what
 * a score is made of, and `BENCH_WEB_RUNS=7` makes more runs than three. A change is judged
 * against the build before it with `BENCH_WEB_AGAINST=<another build's dist folder>`: that
 * build is served too, its runs interleaved with this one's, and printed beside it (not kept by
 * --record). A single route's TBT moves by a factor of two from run to run on this machine;
 * interleaved runs of both builds are what tells a change from the machine's load.
 *
 * Lighthouse simulates the network and the slow phone from what it observed: its CPU figures
 * (TBT above all) grow with the machine's load. Each run's `CPU index` (Lighthouse's
 * benchmarkIndex, lower on a slower or busier machine) is printed beside the load average.
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Browser, Page } from 'puppeteer-core'
import puppeteer from 'puppeteer-core'
import { REPO_ROOT } from '../apps/server/src/platform/config.ts'
import { DEMO_ACCOUNT } from '../apps/server/src/seed/demo-content.ts'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { CHROMIUM_ARGS } from '../test/browser.ts'
import { startStack, type TestStack } from '../test/stack.ts'
import { loadAverage, printRows, reportRatio } from './measure.ts'
import type { Benchmark } from './run.ts'

/** BENCH_WEB_RUNS: runs per route and build, 3 unless set. */
function runsPerRoute(): number {
  const setting = process.env.BENCH_WEB_RUNS ?? '3'
  const runs = Number(setting)
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_WEB_RUNS must be a whole number of runs, not "${setting}"`)
  }
  return runs
}
const ROUTES = [
  { key: 'home', path: '/', signedIn: false },
  { key: 'forgot_password', path: '/forgot-password', signedIn: false },
  { key: 'onboarding', path: '/onboarding/job-search-status', signedIn: false },
  { key: 'jobs', path: '/jobs', signedIn: true },
] as const
type Route = (typeof ROUTES)[number]

/** BENCH_WEB_ROUTES: a comma-separated list of route keys; every route when unset. */
function chosenRoutes(): Route[] {
  const setting = process.env.BENCH_WEB_ROUTES
  if (!setting) {
    return [...ROUTES]
  }
  const keys = setting.split(',').map((key) => key.trim())
  const unknown = keys.filter((key) => !ROUTES.some((route) => route.key === key))
  if (unknown.length) {
    throw new Error(
      `BENCH_WEB_ROUTES: unknown ${unknown.join(', ')}; the routes are ${ROUTES.map((r) => r.key).join(', ')}`,
    )
  }
  return ROUTES.filter((route) => keys.includes(route.key))
}

const GOALS = { score: 95, lcpSeconds: 2.5, cls: 0.1, tbtMs: 150 }

/** The flags the tests start Chromium with (none reaches for the closed network), headless. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

/** What one Lighthouse run of one route measured. */
type RunFigures = {
  score: number
  lcpMs: number
  fcpMs: number
  cls: number
  tbtMs: number
  jsTransferBytes: number
  jsResourceBytes: number
  /** The page Lighthouse ended on (a signed-out /jobs would end on the sign-in page). */
  finalUrl: string
  /** Its failing insights and diagnostics, worst first. */
  problems: string[]
  /** Lighthouse's measure of the machine's speed during the run (lower: slower or busier). */
  benchmarkIndex: number
}

type AuditDetails = {
  type?: string
  items?: { url?: string; resourceType?: string; transferSize?: number; resourceSize?: number }[]
}
type Audit = {
  title: string
  score: number | null
  scoreDisplayMode: string
  numericValue?: number
  displayValue?: string
  details?: AuditDetails
  metricSavings?: Record<string, number>
}
type LighthouseResult = {
  finalDisplayedUrl: string
  environment: { benchmarkIndex: number }
  runtimeError?: { code: string; message: string }
  categories: {
    performance: { score: number | null; auditRefs: { id: string; group?: string }[] }
  }
  audits: Record<string, Audit>
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A run Lighthouse itself reports as failed (its `runtimeError`). */
class LighthouseRunError extends Error {}

function figuresOf(lhr: LighthouseResult): RunFigures {
  if (lhr.runtimeError) {
    throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.code}`)
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  )
  const problems = lhr.categories.performance.auditRefs
    .filter((ref) => ref.group === 'insights' || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Audit =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < 0.9 &&
        ['numeric', 'binary', 'metricSavings'].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
    .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title))
  return {
    score: (lhr.categories.performance.score ?? Number.NaN) * 100,
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsResourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    finalUrl: lhr.finalDisplayedUrl,
    problems,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/** The anon key and auth URL the app itself is given, from the server's /config.js. */
async function appConfig(appUrl: string): Promise<{ supabaseUrl: string; anonKey: string }> {
  const body = await (await fetch(`${appUrl}/config.js`)).text()
  const json = /window\.__APP_CONFIG__\s*=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(body.trim())?.[1]
  if (!json) {
    throw new Error(`unexpected /config.js: ${body.slice(0, 200)}`)
  }
  const config = JSON.parse(json) as Record<string, string>
  return {
    supabaseUrl: config.PUBLIC_SUPABASE_URL ?? appUrl,
    anonKey: config.PUBLIC_SUPABASE_ANON_KEY ?? '',
  }
}

/**
 * Signs the demo account in (password grant) and leaves its session where supabase-js keeps
 * it, `localStorage['sb-<first label of the host>-auth-token']`, after wiping the origin's
 * caches, service worker and storage: the next load is a cold one, signed in.
 */
async function signIn(page: Page, appUrl: string): Promise<void> {
  const { supabaseUrl, anonKey } = await appConfig(appUrl)
  const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  })
  if (!response.ok) {
    throw new Error(`demo sign-in answered ${response.status}: ${await response.text()}`)
  }
  const session = (await response.json()) as { expires_in: number; expires_at?: number }
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in
  await clearOrigin(page, appUrl)
  // A same-origin page that loads none of the app, to write its storage from.
  await page.goto(`${appUrl}/health`)
  const storageKey = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
  await page.evaluate(
    (key, value) => localStorage.setItem(key, value),
    storageKey,
    JSON.stringify(session),
  )
}

/**
 * Wipes the origin's storage (localStorage included), caches and service worker, and the
 * browser's HTTP cache: every run is a first visit. Lighthouse's own reset leaves
 * localStorage, so a guest session made by one run of a page (onboarding signs a guest in)
 * made the next runs a returning visitor's.
 */
async function clearOrigin(page: Page, appUrl: string): Promise<void> {
  const cdp = await page.createCDPSession()
  await cdp.send('Storage.clearDataForOrigin', { origin: appUrl, storageTypes: 'all' })
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

/** Lighthouse asks for a new run when its trace went wrong (NO_NAVSTART and the like). */
const ATTEMPTS = 3

/** One Lighthouse run of `route` in a fresh tab, retried when Lighthouse says so. */
async function runRoute(browser: Browser, appUrl: string, route: Route): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage()
    try {
      return await runRouteOnce(page, appUrl, route)
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === ATTEMPTS) {
        throw error
      }
      console.log(`  ${route.path}: ${error.message}; running it again`)
    } finally {
      await page.close()
    }
  }
}

async function runRouteOnce(page: Page, appUrl: string, route: Route): Promise<RunFigures> {
  if (route.signedIn) {
    await signIn(page, appUrl)
  } else {
    await clearOrigin(page, appUrl)
  }
  const result = await lighthouse(
    `${appUrl}${route.path}`,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // The origin was cleared above (signed in: all but the session signIn wrote).
      disableStorageReset: true,
    },
    undefined,
    page,
  )
  if (!result) {
    throw new Error(`Lighthouse returned nothing for ${route.path}`)
  }
  const reports = process.env.BENCH_WEB_REPORTS
  if (reports) {
    await mkdir(reports, { recursive: true })
    const file = `${route.key}-${new Date().toISOString().replaceAll(':', '-')}.json`
    await writeFile(path.join(reports, file), JSON.stringify(result.lhr, null, 1))
  }
  const figures = figuresOf(result.lhr as unknown as LighthouseResult)
  if (new URL(figures.finalUrl).pathname !== route.path) {
    throw new Error(`${route.path} ended on ${figures.finalUrl}: not the page to measure`)
  }
  return figures
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0)

function printRoutes(title: string, rows: { route: Route; runs: RunFigures[] }[]): void {
  const header = [
    'route',
    'score',
    'LCP s',
    'FCP s',
    'CLS',
    'TBT ms',
    'JS KB sent/raw',
    'scores',
    'CPU index',
  ]
  const lines = rows.map(({ route, runs }) => {
    const m = (pick: (run: RunFigures) => number) => median(runs.map(pick))
    return [
      route.path + (route.signedIn ? ' (signed in)' : ''),
      m((run) => run.score).toFixed(0),
      (m((run) => run.lcpMs) / 1000).toFixed(2),
      (m((run) => run.fcpMs) / 1000).toFixed(2),
      m((run) => run.cls).toFixed(3),
      m((run) => run.tbtMs).toFixed(0),
      `${kb(m((run) => run.jsTransferBytes))}/${kb(m((run) => run.jsResourceBytes))}`,
      runs.map((run) => run.score.toFixed(0)).join(' '),
      m((run) => run.benchmarkIndex).toFixed(0),
    ]
  })
  printRows(title, header, lines)
}

/** Each route's medians beside the goals; the score, LCP and TBT also kept for --compare. */
function reportGoals(variant: string, rows: { route: Route; runs: RunFigures[] }[]): void {
  const suffix = variant === 'compressed' ? '' : `_${variant}`
  for (const { route, runs } of rows) {
    const m = (pick: (run: RunFigures) => number) => median(runs.map(pick))
    console.log(`\n${route.path}${route.signedIn ? ' (signed in)' : ''}, median of ${runs.length}:`)
    reportRatio({
      key: `web.score_${route.key}${suffix}`,
      label: 'performance score',
      value: m((run) => run.score),
      better: 'higher',
      goal: GOALS.score,
    })
    reportRatio({
      key: `web.lcp_seconds_${route.key}${suffix}`,
      label: 'LCP (s)',
      value: m((run) => run.lcpMs) / 1000,
      better: 'lower',
      goal: GOALS.lcpSeconds,
    })
    reportRatio({
      key: `web.tbt_ms_${route.key}${suffix}`,
      label: 'TBT (ms)',
      value: m((run) => run.tbtMs),
      better: 'lower',
      goal: GOALS.tbtMs,
    })
    // Printed as the ratios are, not kept: 0.000 → 0.001 is no regression worth a gate.
    const cls = m((run) => run.cls)
    console.log(
      `  CLS: ${cls.toFixed(3)}   (goal ≤ ${GOALS.cls}: ${cls <= GOALS.cls ? 'met' : 'NOT MET'})`,
    )
    const problems = runs.find((run) => run.score === m((r) => r.score))?.problems ?? []
    if (problems.length) {
      console.log(`  Lighthouse's top findings: ${problems.slice(0, 5).join('; ')}`)
    }
  }
}

type Variant = 'compressed' | 'uncompressed' | 'against'
type Served = { variant: Variant; stack: TestStack; rows: { route: Route; runs: RunFigures[] }[] }

/** What each variant serves, for the tables' titles. */
const VARIANT_TITLES: Record<Variant, string> = {
  compressed: 'assets compressed',
  uncompressed: 'assets uncompressed',
  against: `the build in ${process.env.BENCH_WEB_AGAINST ?? ''} (BENCH_WEB_AGAINST)`,
}

/**
 * Every route's runs, the variants interleaved run by run (A B, A B, …) in one browser, so that
 * load from elsewhere on the machine falls on both alike.
 */
async function measureAll(served: Served[]): Promise<void> {
  const runsWanted = runsPerRoute()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  try {
    for (const route of chosenRoutes()) {
      const runs = served.map(() => [] as RunFigures[])
      for (let run = 0; run < runsWanted; run++) {
        for (const [index, { variant, stack }] of served.entries()) {
          const figures = await runRoute(browser, stack.appUrl, route)
          console.log(
            `  ${route.path} ${variant} run ${run + 1}: score ${figures.score.toFixed(0)}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s (load average ${loadAverage()}, CPU index ${figures.benchmarkIndex.toFixed(0)})`,
          )
          runs[index]?.push(figures)
        }
      }
      for (const [index, entry] of served.entries()) {
        entry.rows.push({ route, runs: runs[index] ?? [] })
      }
    }
  } finally {
    await browser.disconnect()
    chrome.kill()
  }
  for (const { variant, rows } of served) {
    printRoutes(
      `Lighthouse mobile (slow 4G, 4× CPU), ${VARIANT_TITLES[variant]}, median of ${runsWanted} (load average ${loadAverage()})`,
      rows,
    )
    // The other build is the comparison, not this build's figures: no goals, nothing to record.
    if (variant !== 'against') {
      reportGoals(variant, rows)
    }
  }
}

/** BENCH_WEB_COMPRESSION: `on` (default), `off` or `both`; and BENCH_WEB_AGAINST's build. */
function variants(): Variant[] {
  const setting = process.env.BENCH_WEB_COMPRESSION ?? 'on'
  const chosen: Record<string, Variant[]> = {
    on: ['compressed'],
    off: ['uncompressed'],
    both: ['compressed', 'uncompressed'],
  }
  const found = chosen[setting]
  if (!found) {
    throw new Error(`BENCH_WEB_COMPRESSION must be on, off or both, not "${setting}"`)
  }
  return process.env.BENCH_WEB_AGAINST ? [...found, 'against'] : found
}

export const webBenchmark: Benchmark = {
  name: 'web',
  description: 'Lighthouse mobile on /, /forgot-password, onboarding and /jobs (signed in)',
  run: async ({ adminUrl }) => {
    const chosen = variants()
    buildIfNeeded()
    const builtDir = path.join(REPO_ROOT, 'apps/web/dist')
    const served: Served[] = []
    const copies: string[] = []
    try {
      for (const variant of chosen) {
        let distDir = builtDir
        if (variant === 'against') {
          distDir = path.resolve(process.env.BENCH_WEB_AGAINST ?? '')
          if (!existsSync(path.join(distDir, 'index.html'))) {
            throw new Error(`BENCH_WEB_AGAINST: ${distDir} holds no built app (no index.html)`)
          }
        } else if (variant === 'uncompressed') {
          // The same build without its .br and .gz: the server sends every file as it is.
          distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-uncompressed-'))
          copies.push(distDir)
          await cp(builtDir, distDir, {
            recursive: true,
            filter: (source) => !source.endsWith('.br') && !source.endsWith('.gz'),
          })
        }
        const stack = await startStack({
          adminUrl,
          env: { AUTH_RATE_LIMITS: 'false', WEB_DIST_DIR: distDir },
        })
        served.push({ variant, stack, rows: [] })
      }
      await measureAll(served)
    } finally {
      for (const { stack } of served) {
        await stack.stop()
      }
      for (const copy of copies) {
        await rm(copy, { recursive: true, force: true })
      }
    }
  },
}
