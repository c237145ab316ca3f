import pg from 'pg'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest'
import { launchChromium } from '../../../test/browser.ts'
import { startStack, type TestStack } from '../../../test/stack.ts'

/** Console lines a page writes at level "error", as the browser formats them. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text())
    }
  })
  return errors
}

/** Something a page said went wrong: a console line at level "error", or an uncaught error. */
export type PageProblem = { kind: 'console error' | 'page error'; text: string; url: string }

/**
 * The current test's page problems, from every page of every context made with newAppContext
 * (the test's own page, and any other context or page it opens). Reset before each test.
 */
let pageProblems: PageProblem[] = []
/** What the current test declared it provokes on purpose (expectConsoleError). */
let expectedProblems: RegExp[] = []

/** The page's address without its hash, which may hold a link's tokens. */
function pageAddress(page: Page): string {
  return page.url().replace(/#.+$/, '#…')
}

function watchForProblems(context: BrowserContext): void {
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') {
        // The source matters most for the browser's own lines ("Failed to load resource: …").
        const source = message.location().url
        const text = source ? `${message.text()} (from ${source})` : message.text()
        pageProblems.push({ kind: 'console error', text, url: pageAddress(page) })
      }
    })
    page.on('pageerror', (error) => {
      pageProblems.push({
        kind: 'page error',
        text: error.stack ?? error.message,
        url: pageAddress(page),
      })
    })
  })
}

function unexpectedProblems(): PageProblem[] {
  return pageProblems.filter(
    (problem) => !expectedProblems.some((pattern) => pattern.test(problem.text)),
  )
}

function describeProblems(problems: PageProblem[]): string {
  return problems
    .map((problem) => `- ${problem.kind} on ${problem.url}: ${problem.text}`)
    .join('\n')
}

/** What a test file works with: the stack, and a fresh context and page for each test. */
export type AppInBrowser = {
  stack: TestStack
  browser: Browser
  context: BrowserContext
  page: Page
  /** Console lines the current page logged at level "error". */
  consoleErrors: string[]
  /**
   * Declares that the current test provokes page problems matching `pattern` (a console error
   * or an uncaught error): they do not fail it. Every other one does. Say why at the call site.
   */
  expectConsoleError: (pattern: RegExp) => void
}

/**
 * Registers the hooks every end-to-end file needs: one real server stack (with `env` over its
 * defaults) and one Chromium per file, and a new browser context per test so no session or
 * storage leaks between checks.
 * A test fails when any of its pages logs a console error or throws an uncaught error that it
 * did not declare with `expectConsoleError`: an error in the browser is a bug until shown not
 * to be.
 * The returned object's fields are filled in by the hooks; read them inside tests only.
 */
export function setUpAppInBrowser({
  env,
  browserArgs,
}: {
  env?: Record<string, string>
  /** Extra Chromium flags, or a function giving them once `beforeAll` runs (a fake microphone). */
  browserArgs?: () => string[] | Promise<string[]>
} = {}): AppInBrowser {
  const app = {
    expectConsoleError: (pattern: RegExp) => {
      expectedProblems.push(pattern)
    },
  } as AppInBrowser
  beforeAll(async () => {
    ;[app.stack, app.browser] = await Promise.all([
      startStack({ adminUrl: inject('postgresAdminUrl'), env }),
      Promise.resolve(browserArgs?.() ?? []).then((args) => launchChromium(args)),
    ])
  })
  afterAll(async () => {
    await app.browser?.close()
    await app.stack?.stop()
  })
  beforeEach(async () => {
    pageProblems = []
    expectedProblems = []
    app.context = await newAppContext(app.browser, app.stack.appUrl)
    app.page = await app.context.newPage()
    app.consoleErrors = collectConsoleErrors(app.page)
  })
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail'
    if (failed) {
      await reportPageOnFailure(app.page)
    }
    await app.context.close()
    const unexpected = unexpectedProblems()
    if (unexpected.length > 0 && !failed) {
      throw new Error(
        `The browser reported ${unexpected.length} unexpected problem(s); fix them, or declare ` +
          `the ones this test provokes on purpose with app.expectConsoleError(pattern):\n` +
          describeProblems(unexpected),
      )
    }
  })
  return app
}

/** The stack's database, for a test to arrange rows and check what the app wrote. */
export type StackDatabase = {
  query: <Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ) => Promise<pg.QueryResult<Row>>
}

/**
 * Opens a connection to the file's stack database once the stack is up, and closes it after
 * the file's tests. Call it after `setUpAppInBrowser`, at the top level of the test file.
 */
export function setUpStackDatabase(app: AppInBrowser): StackDatabase {
  let client: pg.Client | undefined
  beforeAll(async () => {
    client = new pg.Client({ connectionString: app.stack.databaseUrl })
    await client.connect()
  })
  afterAll(async () => {
    await client?.end()
  })
  return {
    query: (text, values) => {
      if (!client) throw new Error('The stack database is open only while the tests run.')
      return client.query(text, values)
    },
  }
}

/**
 * What the page showed when a test failed, written to the test's output: without it a failure
 * seen only in CI (a timeout waiting for a heading, say) says nothing about why.
 */
async function reportPageOnFailure(page: Page): Promise<void> {
  const snapshot = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2000 })
    .catch((error: unknown) => `(no snapshot: ${String(error)})`)
  console.error(
    [
      `Page at failure: ${page.url()}`,
      snapshot,
      `Browser problems: ${pageProblems.length ? `\n${describeProblems(pageProblems)}` : 'none'}`,
    ].join('\n'),
  )
}

/**
 * Each test gets its own context: no session or storage leaks from one page check to the next.
 * Its pages' console errors and uncaught errors count against the current test.
 */
export async function newAppContext(browser: Browser, appUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 390, height: 844 },
  })
  watchForProblems(context)
  return context
}

/** Reads the runtime config the server hands the app, from the same /config.js the app loads. */
export async function fetchAppConfig(appUrl: string): Promise<Record<string, string>> {
  const response = await fetch(new URL('/config.js', appUrl))
  const body = await response.text()
  return parseConfigScript(body)
}

export function parseConfigScript(body: string): Record<string, string> {
  const match = /window\.__APP_CONFIG__\s*=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(body.trim())
  if (!match?.[1]) {
    throw new Error(`Unexpected /config.js body: ${body.slice(0, 200)}`)
  }
  return JSON.parse(match[1]) as Record<string, string>
}

/** Compares URLs the way a browser does, so "http://host" and "http://host/" are equal. */
export function sameUrl(actual: string | null, expected: string): boolean {
  return actual !== null && new URL(actual).href === new URL(expected).href
}

export type GuestSession = { accessToken: string; refreshToken: string; userId: string }

/** A real guest session from the stack's auth server (anonymous sign-up, as the app offers). */
export async function signInAsGuest(appUrl: string): Promise<GuestSession> {
  const config = await fetchAppConfig(appUrl)
  const anonKey = config.PUBLIC_SUPABASE_ANON_KEY ?? ''
  const response = await fetch(new URL('/auth/v1/signup', config.PUBLIC_SUPABASE_URL), {
    method: 'POST',
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ data: {} }),
  })
  if (!response.ok) {
    throw new Error(`Guest sign-in failed: ${response.status} ${await response.text()}`)
  }
  const session = (await response.json()) as {
    access_token: string
    refresh_token: string
    user: { id: string }
  }
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    userId: session.user.id,
  }
}

/** The URL hash an auth link carries, as the reset and upload pages read it. */
export function sessionHash({ accessToken, refreshToken }: GuestSession): string {
  return `#access_token=${accessToken}&refresh_token=${refreshToken}&expires_in=3600&token_type=bearer`
}
