import { createHash } from 'node:crypto'
import { REQUIRED_WEB_CONFIG_KEYS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { parseConfigScript, setUpAppInBrowser } from './support.ts'

const app = setUpAppInBrowser()

/** The runtime configuration the server writes into the page, as one inline script. */
const INLINE_CONFIG = /<script>(window\.__APP_CONFIG__ = [\s\S]*?)<\/script>/

/**
 * Serves the stack's real pages with `change` applied to the configuration written into them
 * (and the page's policy allowing the changed script by its hash, as the server does), and the
 * real /config.js with the same change (the service worker's shell reads that one).
 */
async function serveChangedConfig(change: (config: Record<string, string>) => void) {
  const changed = (script: string) => {
    const config = parseConfigScript(script)
    change(config)
    return `window.__APP_CONFIG__ = ${JSON.stringify(config)};`
  }
  await app.page.route('**/config.js', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, body: changed(await response.text()) })
  })
  await app.page.route(
    (url) => url.origin === new URL(app.stack.appUrl).origin && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') {
        return route.fallback()
      }
      const response = await route.fetch()
      const page = await response.text()
      const script = INLINE_CONFIG.exec(page)?.[1]
      if (!script) {
        throw new Error(`no inline configuration in ${route.request().url()}`)
      }
      const newScript = changed(script)
      const hash = createHash('sha256').update(newScript).digest('base64')
      const policy = response.headers()['content-security-policy'] ?? ''
      await route.fulfill({
        response,
        body: page.replace(script, () => newScript),
        headers: {
          ...response.headers(),
          'content-security-policy': policy.replace(/'sha256-[^']+'/, `'sha256-${hash}'`),
        },
      })
    },
  )
}

describe('runtime config', () => {
  it('is written into the page, the same as /config.js, before the app script', async () => {
    const html = await (
      await fetch(new URL('/onboarding/job-search-status', app.stack.appUrl))
    ).text()
    const inline = INLINE_CONFIG.exec(html)
    expect(inline).not.toBeNull()
    expect(inline?.index).toBeLessThan(html.indexOf('<script type="module"'))
    const served = await (await fetch(new URL('/config.js', app.stack.appUrl))).text()
    expect(inline?.[1]).toBe(served)
  })

  it('starts the app without requesting /config.js, the policy allowing the inline script', async () => {
    const requested: string[] = []
    app.page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await app.page.goto('/onboarding/job-search-status')
    await app.page.getByText('Step 1 of 17', { exact: true }).waitFor()
    expect(requested).not.toContain('/config.js')
    // A script the policy refused would have logged an error, which fails every browser test.
  })

  it.each(REQUIRED_WEB_CONFIG_KEYS)('stops the app when %s is empty', async (key) => {
    // The app logs each missing key and the error's title, as the spec asks (§5).
    app.expectConsoleError(new RegExp(`^Missing key ${key} in config\\.env `))
    app.expectConsoleError(/^Invalid environment variables /)
    await serveChangedConfig((config) => {
      config[key] = ''
    })
    await app.page.goto('/onboarding/job-search-status')

    const heading = app.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.textContent()).toBe('Invalid environment variables')
    expect(await app.page.getByRole('listitem').allTextContents()).toEqual([
      `Missing key ${key} in config.env`,
    ])
    expect(app.consoleErrors).toContain(`Missing key ${key} in config.env`)
    expect(await app.page.getByText('Step 1 of 17').count()).toBe(0)
  })

  it('lists every missing key when several are absent', async () => {
    // The app logs each missing key and the error's title, as the spec asks (§5).
    app.expectConsoleError(/^Missing key PUBLIC_(ANALYTICS_KEY|SUPABASE_ANON_KEY) in config\.env /)
    app.expectConsoleError(/^Invalid environment variables /)
    await serveChangedConfig((config) => {
      delete config.PUBLIC_ANALYTICS_KEY
      delete config.PUBLIC_SUPABASE_ANON_KEY
    })
    await app.page.goto('/')
    await app.page.getByRole('heading', { name: 'Invalid environment variables' }).waitFor()
    expect(await app.page.getByRole('listitem').allTextContents()).toEqual([
      'Missing key PUBLIC_ANALYTICS_KEY in config.env',
      'Missing key PUBLIC_SUPABASE_ANON_KEY in config.env',
    ])
  })
})
