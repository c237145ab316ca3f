import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpAppInBrowser } from './support.ts'

/**
 * The pages' security headers as Chromium enforces them (issue 12, item 2): the app works under
 * its Content-Security-Policy without a single violation, the policy blocks script the page did
 * not ship, no other site may frame the app, and only the microphone is available to it.
 */
const app = setUpAppInBrowser()

declare global {
  interface Window {
    __cspViolations?: string[]
    __injectedScriptRan?: boolean
  }
}

/** Records every CSP violation of the page's documents, from their first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`)
    })
  })
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? [])

describe('the Content-Security-Policy in Chromium', () => {
  it('lets every main page load and run with no violation', async () => {
    await recordViolations(app.page)
    for (const path of ['/sign-in', '/sign-up', '/sign-in?view=magic-link', '/onboarding']) {
      const response = await app.page.goto(path)
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'")
      await app.page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await violations(app.page), path).toEqual([])
    }
    // Signed in as a guest: the account and a step of onboarding (the UI's primitives, styles
    // and motion, the calls to /auth/v1, /rest/v1 and /api).
    await app.page.goto('/sign-in')
    await app.page.getByRole('button', { name: 'Continue as guest' }).click()
    await app.page.waitForURL((url) => url.pathname === '/account')
    await app.page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await violations(app.page)).toEqual([])
    await app.page.goto('/onboarding')
    await app.page.waitForURL((url) => url.pathname.startsWith('/onboarding/'))
    await app.page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await violations(app.page)).toEqual([])
  })

  it('blocks script the page did not ship', async () => {
    // Chromium logs each refusal as a console error: that is the point of this test.
    app.expectConsoleError(/Content Security Policy/)
    await recordViolations(app.page)
    await app.page.goto('/sign-in')
    await app.page.getByRole('heading', { level: 1 }).first().waitFor()
    await app.page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injectedScriptRan = true'
      document.head.append(script)
      const image = document.createElement('img')
      image.setAttribute('onerror', 'window.__injectedScriptRan = true')
      image.src = 'data:,'
      document.body.append(image)
    })
    await expect.poll(() => violations(app.page)).toContain('script-src-elem inline')
    await expect.poll(() => violations(app.page)).toContain('script-src-attr inline')
    expect(await app.page.evaluate(() => window.__injectedScriptRan)).toBeUndefined()
  })

  it('refuses to be framed by another page', async () => {
    // The refusal is logged by Chromium as a console error.
    app.expectConsoleError(/frame-ancestors|Refused to (frame|display)/)
    await app.page.setContent(`<iframe src="${app.stack.appUrl}/sign-in"></iframe>`)
    const frame = app.page.frames().find((candidate) => candidate !== app.page.mainFrame())
    // Chromium shows its own error page in the frame ("… is blocked"), never the app.
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/)
    expect(await frame?.evaluate(() => document.getElementById('root'))).toBeNull()
  })

  it('gives the page the microphone and no camera or location', async () => {
    await app.page.goto('/sign-in')
    const allowed = await app.page.evaluate(() => {
      const policy = (
        document as Document & { featurePolicy?: { allowsFeature: (name: string) => boolean } }
      ).featurePolicy
      return policy
        ? ['microphone', 'camera', 'geolocation'].map((name) => policy.allowsFeature(name))
        : null
    })
    expect(allowed).toEqual([true, false, false])
  })
})
