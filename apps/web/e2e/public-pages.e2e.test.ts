import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { storedSessionUserId } from './accounts.ts'
import { sameUrl, setUpAppInBrowser } from './support.ts'

const app = setUpAppInBrowser()

async function expectNotFoundPage() {
  const heading = app.page.getByRole('heading', { level: 1 })
  await heading.waitFor()
  expect(await heading.textContent()).toBe('Oops! Page not found')
  await app.page
    .getByText("We couldn't find the page you're looking for.", { exact: true })
    .waitFor()
}

describe('not-found page', () => {
  it('is what / shows, with "Go home" leading to the marketing site', async () => {
    await app.page.goto('/')
    await expectNotFoundPage()

    const goHome = app.page.getByRole('link', { name: 'Go home', exact: true })
    expect(sameUrl(await goHome.getAttribute('href'), app.stack.marketingUrl)).toBe(true)
    await goHome.click()
    await app.page.waitForURL((url) => url.origin === new URL(app.stack.marketingUrl).origin)
    expect(app.page.url()).toBe(new URL('/', app.stack.marketingUrl).href)
  })

  it('is shown for any unknown path', async () => {
    // Unknown paths, also nested ones; paths under a signed-in area such as /jobs go to sign-in first.
    for (const path of ['/no-such-page', '/no-such-section/42/nothing-here']) {
      await app.page.goto(path)
      await expectNotFoundPage()
      expect(new URL(app.page.url()).pathname).toBe(path)
    }
  })
})

describe('marketing site', () => {
  it('sends "Get started" and "Open the app" into the product through /open-app', async () => {
    await app.page.goto(app.stack.marketingUrl)
    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toContain('Your job search')

    for (const name of ['Get started', 'Open the app']) {
      const links = app.page.getByRole('link', { name, exact: true })
      expect(await links.count()).toBeGreaterThan(0)
      for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
        expect(href).toBe('/open-app')
      }
    }
    // A new visitor starts onboarding, on the app's origin.
    await app.page.getByRole('link', { name: 'Get started', exact: true }).first().click()
    await app.page.waitForURL(
      (url) =>
        url.origin === new URL(app.stack.appUrl).origin &&
        url.pathname === '/onboarding/job-search-status',
    )
    // Onboarding signed the visitor in as a guest: the next visit goes straight to the deck.
    await expect.poll(() => storedSessionUserId(app.page)).not.toBeNull()
    await app.page.goto(app.stack.marketingUrl)
    await app.page.getByRole('link', { name: 'Open the app', exact: true }).first().click()
    await app.page.waitForURL(
      (url) => url.origin === new URL(app.stack.appUrl).origin && url.pathname === '/jobs',
    )
  })
})

describe('generic error fallback', () => {
  it('shows the exact heading in red and a Refresh button that goes to the origin', async () => {
    // /__error-test throws while rendering outside production; the stack runs in development.
    // React logs the error the router's boundary caught; the test checks that line below.
    app.expectConsoleError(/Deliberate render error from \/__error-test/)
    await app.page.goto('/__error-test')
    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    // textContent, not innerText: the trailing space of the spec's text must be there.
    expect(await heading.textContent()).toBe('Oops, something went wrong :( ')
    expect(isReddish(await renderedTextColor(heading))).toBe(true)
    expect(app.consoleErrors.some((line) => line.includes('Deliberate render error'))).toBe(true)

    await app.page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await app.page.waitForURL(new URL('/', app.stack.appUrl).href)
    await expectNotFoundPage()
  })
})

describe('onboarding', () => {
  it('redirects /onboarding to the first step', async () => {
    await app.page.goto('/onboarding')
    await app.page.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
    await app.page.getByText('Step 1 of 17', { exact: true }).waitFor()
    await app.page
      .getByRole('heading', { level: 1, name: 'Where are you in your job search?' })
      .waitFor()
  })

  it('answers an unknown step with the onboarding not-found page', async () => {
    await app.page.goto('/onboarding/not-a-step')
    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toBe('Onboarding Page Not Found')
    await app.page
      .getByText("The onboarding step you're looking for doesn't exist.", { exact: true })
      .waitFor()
    // Only a real step starts the wizard's guest session.
    expect(await storedSessionUserId(app.page)).toBeNull()

    const back = app.page.getByRole('link', { name: 'Go back to onboarding', exact: true })
    expect(await back.getAttribute('href')).toBe('/onboarding/job-search-status')
    await back.click()
    await app.page.waitForURL((url) => url.pathname === '/onboarding/job-search-status')
    await app.page.getByText('Step 1 of 17', { exact: true }).waitFor()
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
