import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { continueAsGuest } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The app shell (issue 13) in Chromium against the real server: the areas as a bottom tab bar
 * on a phone (360×740) and a side navigation on a desktop (1280×800), the current area marked,
 * no page wider than the screen, the deck's buttons clear of the tab bar, the skip link first
 * and landing in the page's main region, the first card a few Tab presses away (it was the
 * 57th tab stop), the credits one tap away, and the spec's own pages outside the shell.
 */
const app = setUpAppInBrowser()

const db = setUpStackDatabase(app)

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

/** Three jobs of one fictional company: the deck filtered to them is the test's own. */
async function insertCompanyJobs(): Promise<string> {
  const company = `Shellworks ${randomUUID().slice(0, 8)}`
  for (const [index, title] of [
    'Backend Engineer',
    'Frontend Engineer',
    'Data Engineer',
  ].entries()) {
    await db.query(
      `insert into public.jobs (source, source_id, title, company_name, location, locations,
         country_codes, location_names, work_location, job_type, description, apply_url, posted_at)
       values ('manual', $1, $2, $3, 'Berlin, Germany', '[{"name": "Berlin", "countryCode": "DE"}]',
         '{DE}', '{berlin}', 'HYBRID', 'FULL_TIME', 'We build things.',
         'https://careers.example.com/apply', now() - make_interval(hours => $4))`,
      [randomUUID(), title, company, index + 1],
    )
  }
  return company
}

/** "Continue as guest" on /sign-in, as a visitor would. */
async function startAsGuest(): Promise<string> {
  return continueAsGuest(app.page)
}

const appNav = () => app.page.getByRole('navigation', { name: 'App' })
const deckOf = (company: string) =>
  `/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(where: string) {
  const { scrollWidth, innerWidth } = await app.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(
    scrollWidth,
    `${where} is ${scrollWidth} px wide in a ${innerWidth} px window`,
  ).toBeLessThanOrEqual(innerWidth)
}

/** The area links of the shell marked as the current page. */
async function currentAreas(): Promise<string[]> {
  return appNav().locator('a[aria-current="page"]').allTextContents()
}

/** Each signed-in area's pages, the area they belong to and a heading that says they loaded. */
const PAGES = (company: string) => [
  { path: deckOf(company), area: 'Jobs', heading: 'Jobs for you' },
  {
    path: `/jobs/list?companies=${encodeURIComponent(JSON.stringify([company]))}`,
    area: 'Jobs',
    heading: 'Jobs for you',
  },
  { path: '/applications', area: 'Saved', heading: 'Saved jobs' },
  { path: '/interviews', area: 'Practice', heading: 'Practice' },
  { path: '/resume', area: 'Resume', heading: 'Resume' },
  { path: '/credits', area: 'Credits', heading: 'Credits' },
  { path: '/account', area: 'Account', heading: 'Your account' },
  { path: '/account/security', area: 'Account', heading: 'Security' },
]

describe('the app shell', () => {
  for (const [name, viewport] of [
    ['on a phone', PHONE],
    ['on a desktop', DESKTOP],
  ] as const) {
    it(`${name}: every area in the navigation, the current one marked, nothing wider than the screen`, async () => {
      const company = await insertCompanyJobs()
      await app.page.setViewportSize(viewport)
      await startAsGuest()

      for (const page of PAGES(company)) {
        await app.page.goto(page.path)
        await app.page.getByRole('heading', { level: 1, name: page.heading }).waitFor()
        expect(await appNav().getByRole('link').allTextContents()).toEqual([
          'Jobs',
          'Saved',
          'Practice',
          'Resume',
          'Credits',
          'Account',
        ])
        expect(await currentAreas(), page.path).toEqual([page.area])
        await expectNoHorizontalOverflow(page.path)
        // The credits meter is in the shell on every page.
        await app.page.getByTestId('credits-remaining').waitFor()
        await expectAccessible(app.page, `${page.path} at ${viewport.width}px`)
      }

      const nav = await appNav().boundingBox()
      if (viewport === PHONE) {
        // A tab bar along the bottom edge.
        expect(nav).toMatchObject({ x: 0, width: PHONE.width })
        expect((nav?.y ?? 0) + (nav?.height ?? 0)).toBe(PHONE.height)
        expect(nav?.height).toBeLessThanOrEqual(64)
      } else {
        // A column down the left edge.
        expect(nav).toMatchObject({ x: 0, y: 0, height: DESKTOP.height })
        expect(nav?.width).toBeLessThanOrEqual(256)
      }
    })
  }

  it('on a phone, the tab bar leaves the deck’s buttons in view', async () => {
    const company = await insertCompanyJobs()
    await app.page.setViewportSize(PHONE)
    await startAsGuest()
    await app.page.goto(deckOf(company))
    const save = app.page.getByRole('button', { name: 'Save', exact: true })
    await save.waitFor()
    const button = await save.boundingBox()
    const nav = await appNav().boundingBox()
    expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(nav?.y ?? 0)
    expect(await app.page.evaluate(() => window.scrollY)).toBe(0)
  })

  it('the skip link is the first tab stop and moves focus to the main region', async () => {
    const company = await insertCompanyJobs()
    await app.page.setViewportSize(DESKTOP)
    await startAsGuest()
    for (const path of [deckOf(company), '/applications', '/account/profile']) {
      await app.page.goto(path)
      await app.page.getByRole('heading', { level: 1 }).first().waitFor()
      await app.page.keyboard.press('Tab')
      const skip = app.page.getByRole('link', { name: 'Skip to main content' })
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true)
      expect(await skip.isVisible()).toBe(true)
      await app.page.keyboard.press('Enter')
      expect(await app.page.evaluate(() => document.activeElement?.tagName), path).toBe('MAIN')
      // The next Tab continues inside the page, not in the navigation.
      await app.page.keyboard.press('Tab')
      expect(
        await app.page.evaluate(() => document.activeElement?.closest('main') !== null),
        path,
      ).toBe(true)
    }
  })

  it('on a desktop, the first card is a few Tab presses away, not behind the filters', async () => {
    const company = await insertCompanyJobs()
    await app.page.setViewportSize(DESKTOP)
    await startAsGuest()
    await app.page.goto(deckOf(company))
    await app.page.locator('[data-top-card]').waitFor()
    // Before the shell it took 57 presses: the filter sidebar's fields came first.
    let presses = 0
    while (presses < 60) {
      await app.page.keyboard.press('Tab')
      presses += 1
      const onCard = await app.page.evaluate(
        () => document.activeElement?.hasAttribute('data-top-card') === true,
      )
      if (onCard) {
        break
      }
    }
    expect(presses).toBeLessThanOrEqual(11)
    // Skip link, the six areas, Deck, List, the credits, then the card.
    expect(presses).toBe(11)
  })

  it('the credits are one tap away: what is left and when the next credits arrive', async () => {
    await app.page.setViewportSize(PHONE)
    const userId = await startAsGuest()
    await db.query(
      'update public.credit_balances set balance = 0, used_in_period = 10 where user_id = $1',
      [userId],
    )
    await app.page.goto('/account')
    const meter = app.page.getByRole('button', { name: /0 credits left/ })
    await meter.click()
    expect(await meter.getAttribute('aria-expanded')).toBe('true')
    await app.page.getByText("You've used today's 10 credits.").waitFor()
    await app.page.getByText(/New credits arrive at \d\d:\d\d/).waitFor()
    await expectNoHorizontalOverflow('the open credits panel')
    await app.page.keyboard.press('Escape')
    expect(await meter.getAttribute('aria-expanded')).toBe('false')
  })

  it('the spec’s own pages stay outside the shell', async () => {
    await app.page.setViewportSize(PHONE)
    for (const [path, heading] of [
      ['/', 'Oops! Page not found'],
      ['/sign-in', 'Sign in'],
      ['/sign-up', 'Create your account'],
    ] as const) {
      await app.page.goto(path)
      await app.page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(await appNav().count(), path).toBe(0)
    }
    await startAsGuest()
    // The link pages opened without a link's tokens log why they cannot go on, as they should.
    app.expectConsoleError(/^Missing authentication token\b/)
    for (const path of ['/', '/forgot-password', `/upload/${randomUUID()}`, '/onboarding']) {
      await app.page.goto(path)
      await app.page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await appNav().count(), path).toBe(0)
    }
  })

  it('signed out while on a page of the shell: to /sign-in, and back to that page after', async () => {
    await app.page.setViewportSize(PHONE)
    await startAsGuest()
    await app.page.goto('/applications?status=SAVED')
    await app.page.getByRole('heading', { level: 1, name: 'Saved jobs' }).waitFor()
    // Another tab of the same browser signs out.
    const otherTab = await app.context.newPage()
    await otherTab.goto('/account/security')
    // Once the page has loaded: a request it still has in flight would be refused (403) once
    // the session is gone, which the browser logs.
    await otherTab.getByText('A guest account has no sign-in method yet.').waitFor()
    await otherTab.getByRole('button', { name: 'Sign out' }).click()
    await otherTab.waitForURL((url) => url.pathname === '/sign-in')
    await app.page.waitForURL((url) => url.pathname === '/sign-in')
    expect(new URL(app.page.url()).searchParams.get('redirect')).toBe('/applications?status=SAVED')
  })
})
