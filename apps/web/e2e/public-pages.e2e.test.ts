import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchChromium } from '../../../test/browser.ts'
import { startStack, type TestStack } from '../../../test/stack.ts'
import { collectConsoleErrors, newAppContext, sameUrl } from './support.ts'

let stack: TestStack
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})
beforeEach(async () => {
  context = await newAppContext(browser, stack.appUrl)
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
})

async function expectNotFoundPage() {
  const heading = page.getByRole('heading', { level: 1 })
  await heading.waitFor()
  expect(await heading.textContent()).toBe('Oops! Page not found')
  await page.getByText("We couldn't find the page you're looking for.", { exact: true }).waitFor()
}

describe('not-found page', () => {
  it('is what / shows, with "Go home" leading to the marketing site', async () => {
    await page.goto('/')
    await expectNotFoundPage()

    const goHome = page.getByRole('link', { name: 'Go home', exact: true })
    expect(sameUrl(await goHome.getAttribute('href'), stack.marketingUrl)).toBe(true)
    await goHome.click()
    await page.waitForURL((url) => url.origin === new URL(stack.marketingUrl).origin)
    expect(page.url()).toBe(new URL('/', stack.marketingUrl).href)
  })

  it('is shown for any unknown path', async () => {
    for (const path of ['/no-such-page', '/jobs/42/nothing-here']) {
      await page.goto(path)
      await expectNotFoundPage()
      expect(new URL(page.url()).pathname).toBe(path)
    }
  })
})

describe('marketing site', () => {
  it('sends "Get started" and "Open the app" to the web app through /open-app', async () => {
    await page.goto(stack.marketingUrl)
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toContain('Your job search')

    for (const name of ['Get started', 'Open the app']) {
      const links = page.getByRole('link', { name, exact: true })
      expect(await links.count()).toBeGreaterThan(0)
      for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
        expect(href).toBe('/open-app')
      }
    }
    await page.getByRole('link', { name: 'Get started', exact: true }).first().click()
    await page.waitForURL((url) => url.origin === new URL(stack.appUrl).origin)
    await expectNotFoundPage()
  })
})

describe('generic error fallback', () => {
  it('shows the exact heading in red and a Refresh button that goes to the origin', async () => {
    const consoleErrors = collectConsoleErrors(page)
    // /__error-test throws while rendering outside production; the stack runs in development.
    await page.goto('/__error-test')
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    // textContent, not innerText: the trailing space of the spec's text must be there.
    expect(await heading.textContent()).toBe('Oops, something went wrong :( ')
    expect(isReddish(await renderedTextColor(heading))).toBe(true)
    expect(consoleErrors.some((line) => line.includes('Deliberate render error'))).toBe(true)

    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await page.waitForURL(new URL('/', stack.appUrl).href)
    await expectNotFoundPage()
  })
})

describe('onboarding', () => {
  it('redirects /onboarding to the first step', async () => {
    await page.goto('/onboarding')
    await page.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
    await page.getByText('Step 1 of 17', { exact: true }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Job search status')
  })

  it('shows each known step in its shell and moves between steps', async () => {
    await page.goto('/onboarding/minimum-salary')
    await page.getByText('Step 9 of 17', { exact: true }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Minimum salary')
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('53')

    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL((url) => url.pathname === '/onboarding/interviews-per-week')
    await page.getByText('Step 10 of 17', { exact: true }).waitFor()

    await page.getByRole('link', { name: 'Back' }).click()
    await page.waitForURL((url) => url.pathname === '/onboarding/minimum-salary')

    await page.goto('/onboarding/success')
    await page.getByText('Step 17 of 17', { exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0)
  })

  it('answers an unknown step with the onboarding not-found page', async () => {
    await page.goto('/onboarding/not-a-step')
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toBe('Onboarding Page Not Found')
    await page
      .getByText("The onboarding step you're looking for doesn't exist.", { exact: true })
      .waitFor()

    const back = page.getByRole('link', { name: 'Go back to onboarding', exact: true })
    expect(await back.getAttribute('href')).toBe('/onboarding/job-search-status')
    await back.click()
    await page.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
    await page.getByText('Step 1 of 17', { exact: true }).waitFor()
  })
})

function isReddish([red = 0, green = 0, blue = 0]: number[]): boolean {
  return red > 150 && red > green * 1.5 && red > blue * 1.5
}

/** The text colour as sRGB channels; painting it on a canvas converts oklch() and friends. */
function renderedTextColor(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d')
    if (!context) {
      return []
    }
    context.fillStyle = getComputedStyle(element).color
    context.fillRect(0, 0, 1, 1)
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3))
  })
}
