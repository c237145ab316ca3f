import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
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
 */
const FIRST_ROUTE_MAX_SCRIPTS = 8

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

  it('a page that talks to the backend still loads supabase-js when it needs it', async () => {
    // The counter-check: the marker is right, and /sign-in (whose guard reads the session) loads it.
    const recorded = recordScripts(app.page)
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).waitFor()
    expect(carriesSupabase(await recorded.loaded())).toBe(true)
  })
})
