import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { auditAccessibility, expectAccessible } from '../../../test/accessibility.ts'
import { setUpAppInBrowser } from './support.ts'

/**
 * Every page the app and the marketing site show passes Lighthouse's accessibility audits
 * (test/accessibility.ts), at a phone's width and a desktop's. The onboarding steps and the
 * first-hour journey are audited where they are walked (first-hour.e2e.test.ts).
 */
const app = setUpAppInBrowser()

/** The development install's demo account (seeded by the stack, as by `npm start`). */
const DEMO = { email: 'demo@jobsearch.local', password: 'demo-password' }

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/sign-in')
}

/** Opens a page and waits until its main heading shows (the app renders after loading). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.getByRole('heading').first().waitFor()
  // Loading lines and skeletons are not what a user audits: wait for the page to settle.
  await page.waitForLoadState('networkidle')
  const asked = new URL(path, page.url()).pathname
  expect(new URL(page.url()).pathname, 'the page audited is the one asked for').toBe(asked)
}

describe('the accessibility audit', () => {
  it('finds what Lighthouse would fail', async () => {
    await app.page.setContent(
      '<html><body><main><h1>Form</h1><input type="text"><img src="x.png"></main></body></html>',
    )
    const rules = (await auditAccessibility(app.page)).map((violation) => violation.rule)
    expect(rules).toEqual(expect.arrayContaining(['html-has-lang', 'image-alt', 'label']))
  })
})

describe.each(VIEWPORTS)('accessibility at $name size ($width×$height)', (viewport) => {
  it('passes on the pages a visitor reaches signed out', async () => {
    // /forgot-password opened without a link's tokens says so, as the spec draws it, and logs it.
    app.expectConsoleError(/Missing authentication token/)
    await app.page.setViewportSize(viewport)
    await app.page.goto(app.stack.marketingUrl)
    await app.page.waitForLoadState('networkidle')
    await expectAccessible(app.page, 'the marketing page')
    for (const path of [
      '/',
      '/sign-in',
      '/sign-up',
      '/forgot-password',
      '/forgot-password/code',
      '/onboarding/1',
    ]) {
      await open(app.page, path)
      await expectAccessible(app.page, path)
    }
  })

  it('passes on the pages of a signed-in seeker', async () => {
    await app.page.setViewportSize(viewport)
    await signInAsDemo(app.page)
    for (const path of [
      '/jobs',
      '/jobs/list',
      '/account',
      '/account/profile',
      '/account/security',
      '/account/data',
      '/applications',
      '/applications?view=board',
      '/applications/inbox',
      '/applications/calendar',
      '/resume',
    ]) {
      await open(app.page, path)
      await expectAccessible(app.page, path)
    }
    // A job's details, as the list links to them.
    await open(app.page, '/jobs/list')
    const jobLink = app.page.locator('main a[href^="/jobs/"]').filter({ hasText: /\w/ }).first()
    const jobPath = new URL((await jobLink.getAttribute('href')) ?? '', app.stack.appUrl).pathname
    expect(jobPath).toMatch(/^\/jobs\/[0-9a-f-]{36}$/)
    await open(app.page, jobPath)
    await expectAccessible(app.page, 'a job’s details')
    // An application's page, as Saved links to it.
    await open(app.page, '/applications')
    const applicationLink = app.page.locator(
      'main a[href^="/applications/"][aria-label^="Details:"]',
    )
    const applicationPath = new URL(
      (await applicationLink.first().getAttribute('href')) ?? '',
      app.stack.appUrl,
    ).pathname
    expect(applicationPath).toMatch(/^\/applications\/[0-9a-f-]{36}$/)
    await open(app.page, applicationPath)
    await expectAccessible(app.page, 'an application’s page')
  })

  it('passes while the jobs load: the deck’s and the list’s placeholders', async () => {
    // What a seeker sees on a slow network; the audits above wait it out.
    await app.page.setViewportSize(viewport)
    await signInAsDemo(app.page)
    for (const path of ['/jobs', '/jobs/list']) {
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      const isJobsList = (url: URL) => url.pathname === '/api/jobs'
      await app.page.route(isJobsList, async (route) => {
        await released
        // The page may have moved on, cancelling the request.
        await route.continue().catch(() => undefined)
      })
      await app.page.goto(path)
      await app.page.getByRole('status', { name: 'Loading jobs' }).waitFor()
      await expectAccessible(app.page, `${path} while its jobs load`)
      release()
      await app.page.unroute(isJobsList)
    }
  })
})
