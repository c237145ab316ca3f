import { REQUIRED_WEB_CONFIG_KEYS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { parseConfigScript, setUpAppInBrowser } from './support.ts'

const app = setUpAppInBrowser()

/** Serves the stack's real /config.js with `change` applied to the config object. */
async function serveChangedConfig(change: (config: Record<string, string>) => void) {
  await app.page.route('**/config.js', async (route) => {
    const response = await route.fetch()
    const config = parseConfigScript(await response.text())
    change(config)
    await route.fulfill({ response, body: `window.__APP_CONFIG__ = ${JSON.stringify(config)};` })
  })
}

describe('runtime config', () => {
  it('is loaded from /config.js before the app script', async () => {
    const html = await (await fetch(app.stack.appUrl)).text()
    const configScript = html.indexOf('<script src="/config.js"')
    expect(configScript).toBeGreaterThan(-1)
    expect(configScript).toBeLessThan(html.indexOf('<script type="module"'))
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
