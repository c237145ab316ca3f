import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../test/free-port.ts'
import { startTelemetryStandIn } from '../../../test/telemetry-stand-in.ts'
import { sessionHash, setUpAppInBrowser, signInAsGuest } from './support.ts'

/**
 * Product analytics and error reporting as the spec says (issue 22, item 6), each against a
 * local stand-in that records what it receives: PostHog only from the production host, within
 * the spec's limits, stopped by the account switch; Sentry with at most 100 breadcrumbs and
 * nothing personal; and in development, nothing sent and neither SDK even downloaded.
 */

// The production host check compares the page's host with PUBLIC_APP_URL's: the stack must
// listen on a port known before it starts.
const standIn = await startTelemetryStandIn()
const productionPort = await findFreePort()
const productionUrl = `http://127.0.0.1:${productionPort}`
afterAll(() => standIn.close())

const telemetryEnv = {
  PUBLIC_ANALYTICS_KEY: 'phc_stand_in_project',
  PUBLIC_ANALYTICS_HOST: standIn.url,
  PUBLIC_ERROR_REPORTING_TOKEN: 'stand-in-token',
  PUBLIC_ERROR_REPORTING_DSN: standIn.dsn,
  AUTH_EMAIL_AUTOCONFIRM: 'true',
}

const SDK_CHUNKS = /analytics-posthog|error-reporting-sentry|posthog|sentry/i

async function until<T>(read: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error('timed out waiting for the stand-in')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const started = (page: Page, mark: string) =>
  page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark)

/**
 * posthog-js drops the events of what looks like a bot, as automated headless Chromium does
 * (its user agent, its brands, `navigator.webdriver`): the page presents itself as a person's
 * desktop Chromium.
 */
async function presentAsDesktopChromium(page: Page) {
  await page.addInitScript(() => {
    const userAgent = navigator.userAgent.replace('HeadlessChrome', 'Chrome')
    Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => userAgent })
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false })
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined })
  })
}

function pageViews() {
  return standIn
    .analyticsEvents()
    .filter((event) => event.event === '$pageview')
    .map((event) => new URL(String(event.properties.$current_url)).pathname)
}

describe('in production, on the production host', () => {
  const app = setUpAppInBrowser({
    env: {
      ...telemetryEnv,
      PORT: String(productionPort),
      PUBLIC_APP_ENV: 'production',
      PUBLIC_APP_URL: productionUrl,
    },
  })

  it('captures page views on navigation, within the spec limits, and stops on opt-out', async () => {
    expect(app.stack.appUrl).toBe(productionUrl)
    const { page } = app
    // A reset link's session, in the hash: analytics sees the page, never the tokens.
    await presentAsDesktopChromium(page)
    const guest = await signInAsGuest(app.stack.appUrl)
    await page.goto(`/forgot-password${sessionHash(guest)}`)
    await started(page, 'analytics:started')
    await until(() => pageViews().includes('/forgot-password'))

    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await until(() => pageViews().includes('/account'))
    // The router reports the client-side navigation itself (no history tracking of the SDK's).
    await page
      .getByRole('link', { name: /your data/i })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === '/account/data')
    await until(() => pageViews().includes('/account/data'))

    // An element with 359 characters of text, in two text nodes as React renders adjacent
    // strings (the SDK cuts each node, not the element), and a 1,100-character attribute.
    const text = 'words '.repeat(60).trim()
    const attribute = 'v'.repeat(1100)
    await page.evaluate(
      ([label, value]) => {
        const button = document.createElement('button')
        button.id = 'long-element'
        button.append(label?.slice(0, 180) ?? '', label?.slice(180) ?? '')
        button.setAttribute('data-long', value ?? '')
        document.body.append(button)
      },
      [text, attribute],
    )
    await page.locator('#long-element').click()
    const click = await until(() =>
      standIn
        .analyticsEvents()
        .find(
          (event) =>
            event.event === '$autocapture' &&
            typeof event.properties.$elements_chain === 'string' &&
            event.properties.$elements_chain.includes('data-long'),
        ),
    )
    // The SDK joins the nodes' trimmed texts; of that, the first 255 characters.
    const joined = text.slice(0, 180).trim() + text.slice(180).trim()
    const elementText = String(click.properties.$el_text)
    expect(elementText).toBe(joined.slice(0, 255))
    const chain = String(click.properties.$elements_chain)
    const capturedAttribute = /attr__data-long="([^"]*)"/.exec(chain)?.[1] ?? ''
    expect(capturedAttribute).toBe('v'.repeat(1024))
    expect(/text="([^"]*)"/.exec(chain)?.[1]).toBe(joined.slice(0, 255))
    const elements = click.properties.$elements as Record<string, string>[] | undefined
    if (elements) {
      expect(elements[0]?.$el_text?.length).toBeLessThanOrEqual(255)
      expect(elements[0]?.['attr__data-long']?.length).toBeLessThanOrEqual(1024)
    }

    // Three clicks within 1 s within 30 px on a control: a rage click.
    const box = await page.locator('#long-element').boundingBox()
    if (!box) throw new Error('the element is not on screen')
    const [x, y] = [box.x + 5, box.y + box.height / 2]
    await page.mouse.click(x, y)
    await page.mouse.click(x + 10, y)
    await page.mouse.click(x + 20, y)
    await until(() => standIn.analyticsEvents().some((event) => event.event === '$rageclick'))

    // Nothing personal in any event: not the reset link's tokens, not the guest's session.
    const sent = JSON.stringify(standIn.analyticsEvents())
    expect(sent).not.toContain(guest.accessToken)
    expect(sent).not.toContain(guest.refreshToken)
    expect(sent).not.toContain('access_token=')
    for (const event of standIn.analyticsEvents()) {
      expect(event.properties.$session_recording_start_reason).toBeUndefined()
    }
    // Only the capture endpoint was called: no flags, remote config, surveys or scripts.
    const analyticsPaths = new Set(
      standIn.requests
        .filter((request) => !/\/api\/\d+\/envelope/.test(request.path))
        .map((request) => request.path),
    )
    expect([...analyticsPaths].every((path) => /^\/(e|i\/v0\/e|batch)\/?$/.test(path))).toBe(true)

    // The switch on /account/data: off, and nothing more leaves this device.
    const share = page.getByRole('switch', { name: 'Share usage analytics from this device' })
    await expect.poll(() => share.isChecked()).toBe(true)
    await share.click()
    await expect.poll(() => share.isChecked()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 4000)) // what was queued has left
    const before = standIn.analyticsEvents().length
    await page.getByRole('heading', { level: 1 }).first().click()
    await page.goto('/account')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page
      .getByRole('link', { name: /your data/i })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === '/account/data')
    await new Promise((resolve) => setTimeout(resolve, 4000))
    expect(standIn.analyticsEvents().length).toBe(before)
    // After the reload the SDK is not even downloaded, and the switch remembers.
    expect(
      await page.evaluate(() => performance.getEntriesByName('analytics:started').length),
    ).toBe(0)
    await expect.poll(() => share.isChecked()).toBe(false)
  })

  it('reports an uncaught error with at most 100 breadcrumbs and nothing personal', async () => {
    const { page } = app
    app.expectConsoleError(/Deliberate uncaught error/)
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await started(page, 'error-reporting:started')
    const accessToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))
      const session = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
        access_token?: string
      }
      return session.access_token ?? ''
    })
    expect(accessToken).not.toBe('')
    const eventsBefore = standIn.errorEvents().length

    // 150 breadcrumbs, each naming an email, a bearer token and a one-time code.
    await page.evaluate((token) => {
      for (let i = 0; i < 150; i++) {
        console.info(`step ${i} for person${i}@example.com Bearer ${token} code 123456`)
      }
      setTimeout(() => {
        throw new Error(`Deliberate uncaught error for someone@example.com with ${token}`)
      })
    }, accessToken)

    const event = await until(() => standIn.errorEvents()[eventsBefore])
    const breadcrumbs = (event.breadcrumbs ?? []) as { message?: string }[]
    expect(breadcrumbs.length).toBeLessThanOrEqual(100)
    expect(breadcrumbs.length).toBeGreaterThanOrEqual(90) // the limit was reached
    const exception = (event.exception as { values: { value: string }[] }).values[0]
    expect(exception?.value).toMatch(/^Deliberate uncaught error for \[email\] with \[filtered\]/)
    expect(exception?.value).not.toContain('eyJ')
    const raw = standIn
      .envelopes()
      .map((envelope) => envelope.raw)
      .join('\n')
    expect(raw).not.toMatch(/[\w.+-]+@example\.com/)
    expect(raw).not.toContain(accessToken)
    expect(raw).not.toContain('123456')
    expect(event).toMatchObject({ environment: 'production', release: '0.2.9' })
  })
})

describe('in staging', () => {
  const app = setUpAppInBrowser({ env: { ...telemetryEnv, PUBLIC_APP_ENV: 'staging' } })

  it('reports what the error boundary caught, and captures no analytics (not the production host)', async () => {
    const { page } = app
    app.expectConsoleError(/Deliberate render error/)
    const eventsBefore = standIn.errorEvents().length
    const analyticsBefore = standIn.analyticsEvents().length
    await page.goto('/__error-test')
    await page.getByRole('heading', { name: /Oops, something went wrong/ }).waitFor()
    const event = await until(() => standIn.errorEvents()[eventsBefore])
    const exception = (event.exception as { values: { value: string }[] }).values[0]
    expect(exception?.value).toBe('Deliberate render error from /__error-test')
    expect(event).toMatchObject({ environment: 'staging', release: '0.2.9' })
    expect(standIn.analyticsEvents().length).toBe(analyticsBefore)
  })
})

describe('in development', () => {
  const app = setUpAppInBrowser({ env: telemetryEnv })

  it('sends nothing to either service and downloads neither SDK', async () => {
    const { page } = app
    app.expectConsoleError(/Deliberate render error/)
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const requestsBefore = standIn.requests.length

    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await page.getByRole('heading', { level: 1 }).first().click()
    await page.goto('/__error-test')
    await page.getByRole('heading', { name: /Oops, something went wrong/ }).waitFor()
    await new Promise((resolve) => setTimeout(resolve, 4000))

    expect(standIn.requests.length).toBe(requestsBefore)
    expect(requested.filter((url) => SDK_CHUNKS.test(url))).toEqual([])
    expect(requested.filter((url) => url.startsWith(standIn.url))).toEqual([])
  })
})
