import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * The first route loads only what it renders (issue 21, ADR 0034): / and the not-found page
 * show a heading and a link, so they download neither supabase-js (about 200 KB, loaded on first
 * use by lib/supabase.ts) nor the offline cache's IndexedDB code, in few files. Checked on the
 * built app as the server serves it, by what each script response contains.
 */
const app = setUpAppInBrowser()

/** Markers of code that must not load: strings its minified build keeps. */
const NOT_ON_PUBLIC_PAGES = [
  { name: 'supabase-js (auth-js)', marker: 'GoTrueClient' },
  { name: 'idb-keyval (the offline cache)', marker: 'keyval-store' },
]

/**
 * The files / may load: the entry, the bundler's runtime, React, the router, the app's start
 * (with every route's light half), the app's few shared chunks and its own page. Once it was 57,
 * one for each route's light half: on a phone's network each costs a round trip (issue 21).
 * One of the nine is the few bytes through which app.tsx imports the route tree in a task of its
 * own, preloaded with the rest (scripts/preload-app-start.ts).
 */
const FIRST_ROUTE_MAX_SCRIPTS = 9

/**
 * The files /jobs may load, signed in: the start's, the backend client and the offline cache,
 * the shell, the deck's code in few files (the jobs pages' own, the shared building blocks and
 * React Query's hooks: groups in vite.config.ts) and, after the first paint, the swipe cards'
 * motion: 26 today, 44 before the groups (issue 21).
 */
const JOBS_MAX_SCRIPTS = 26

/** A string react-hook-form's minified build keeps: the report form's library. */
const FORM_LIBRARY_MARKER = 'shouldUseNativeValidation'

/** React, the router and the app's start are each far larger than this; a route's chunk is not. */
const LARGE_SCRIPT_CHARACTERS = 20_000

type Script = { path: string; body: string }

/**
 * Records every script `page` receives from now on; `loaded()` waits until the page has settled
 * (the load event, and whatever it starts after its first paint: idle callbacks) and gives them.
 */
function recordScripts(page: Page): { loaded: () => Promise<Script[]> } {
  const scripts: Promise<Script | null>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response.text().then(
          (body) => ({ path: new URL(response.url()).pathname, body }),
          () => null,
        ),
      )
    }
  })
  return {
    loaded: async () => {
      await page.waitForLoadState('load')
      await page.waitForTimeout(1500)
      return (await Promise.all(scripts)).filter((script) => script !== null)
    },
  }
}

/**
 * Signs in as a guest and leaves the page the sign-in opened: its late scripts (the next page's
 * code, fetched once the browser is idle) would otherwise be counted as the next route's.
 */
async function signInAsGuestAndLeave(page: Page): Promise<void> {
  await continueAsGuest(page)
  await page.goto('about:blank')
}

const carriesSupabase = (scripts: Script[]) =>
  scripts.some((script) => script.body.includes('GoTrueClient'))

describe('the first route', () => {
  for (const path of ['/', '/no-such-page']) {
    it(`${path} loads few files, no supabase-js and no offline cache`, async () => {
      const recorded = recordScripts(app.page)
      await app.page.goto(path)
      const heading = app.page.getByRole('heading', { level: 1 })
      await heading.waitFor()
      expect(await heading.textContent()).toBe('Oops! Page not found')
      const scripts = await recorded.loaded()
      expect(scripts.length).toBeGreaterThan(0)
      for (const { name, marker } of NOT_ON_PUBLIC_PAGES) {
        const carriers = scripts.filter((script) => script.body.includes(marker))
        expect(
          carriers.map((script) => script.path),
          `${name} loaded on ${path}`,
        ).toEqual([])
      }
      expect(scripts.length, scripts.map((script) => script.path).join(' ')).toBeLessThanOrEqual(
        FIRST_ROUTE_MAX_SCRIPTS,
      )
    })
  }

  it('is announced in its page: the large scripts of the first load are preloaded', async () => {
    // The entry imports the app only dynamically (so it runs before the app's code arrives):
    // the page's preload links make the browser fetch React, the router and the app's start at
    // once, not a round trip later, after the entry. (The route's own small chunk is asked for
    // by the app's start.)
    const recorded = recordScripts(app.page)
    const page = await app.page.goto('/')
    const html = (await page?.text()) ?? ''
    const scripts = await recorded.loaded()
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1],
    )
    const large = scripts.filter((script) => script.body.length > LARGE_SCRIPT_CHARACTERS)
    expect(large.length).toBeGreaterThanOrEqual(3)
    expect(large.map((script) => script.path).filter((path) => !preloaded.includes(path))).toEqual(
      [],
    )
  })

  it('/forgot-password without a link shows its error without loading supabase-js', async () => {
    // Its only use of the client is the link's session (ADR 0034, addendum): no session in the
    // URL, nothing to load. The page logs the missing token, as the spec's page does.
    app.expectConsoleError(/Missing authentication token/)
    const recorded = recordScripts(app.page)
    await app.page.goto('/forgot-password')
    await app.page.getByText("We couldn't authenticate your forgot password session.").waitFor()
    const scripts = await recorded.loaded()
    expect(scripts.length).toBeGreaterThan(0)
    expect(carriesSupabase(scripts)).toBe(false)
  })

  it('/jobs asks for its first cards while its code downloads, and only once', async () => {
    await signInAsGuestAndLeave(app.page)
    // Every request in the order the page sent them, and which scripts carry supabase-js.
    const sent: string[] = []
    app.page.on('request', (request) =>
      sent.push(new URL(request.url()).pathname + new URL(request.url()).search),
    )
    const recorded = recordScripts(app.page)
    await app.page.goto('/jobs')
    await app.page.getByRole('region', { name: 'Job deck' }).waitFor()
    const scripts = await recorded.loaded()
    const supabaseScript = scripts.find((script) => script.body.includes('GoTrueClient'))
    expect(supabaseScript).toBeDefined()

    // The deck's first page and the credits, each asked once: the early request was taken.
    expect(sent.filter((path) => path === '/api/jobs?widen=true')).toHaveLength(1)
    expect(sent.filter((path) => path === '/api/credits')).toHaveLength(1)
    // … and asked before supabase-js was even requested, which the app's own query waits for.
    expect(sent.indexOf('/api/jobs?widen=true')).toBeLessThan(
      sent.indexOf(supabaseScript?.path ?? ''),
    )
  })

  it('/jobs loads its code in few files, and the report form only once a job is reported', async () => {
    await signInAsGuestAndLeave(app.page)
    const recorded = recordScripts(app.page)
    await app.page.goto('/jobs')
    await app.page.getByRole('region', { name: 'Job deck' }).waitFor()
    const scripts = await recorded.loaded()
    const paths = scripts.map((script) => script.path)
    expect(scripts.length, paths.join(' ')).toBeLessThanOrEqual(JOBS_MAX_SCRIPTS)
    const withForms = () => scripts.filter((script) => script.body.includes(FORM_LIBRARY_MARKER))
    expect(withForms()).toEqual([])

    // The counter-check: the marker is right, and reporting a job loads the form.
    const later = recordScripts(app.page)
    await app.page
      .locator('[data-top-card]')
      .getByRole('button', { name: /^More about / })
      .click()
    await app.page.getByRole('button', { name: 'Report this job' }).click()
    await app.page
      .getByRole('dialog', { name: 'Report this job' })
      .getByRole('button', { name: 'Send report' })
      .waitFor()
    const formScripts = await later.loaded()
    expect(formScripts.some((script) => script.body.includes(FORM_LIBRARY_MARKER))).toBe(true)
  })

  it('a page that talks to the backend still loads supabase-js when it needs it', async () => {
    // The counter-check: the marker is right, and /sign-in (whose guard reads the session) loads it.
    const recorded = recordScripts(app.page)
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).waitFor()
    expect(carriesSupabase(await recorded.loaded())).toBe(true)
  })
})
