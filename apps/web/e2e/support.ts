import type { Browser, BrowserContext, Page } from 'playwright-core'

/** Console lines a page writes at level "error", as the browser formats them. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text())
    }
  })
  return errors
}

/** Each test gets its own context: no session or storage leaks from one page check to the next. */
export function newAppContext(browser: Browser, appUrl: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: appUrl, viewport: { width: 390, height: 844 } })
}

/** Reads the runtime config the server hands the app, from the same /config.js the app loads. */
export async function fetchAppConfig(appUrl: string): Promise<Record<string, string>> {
  const response = await fetch(new URL('/config.js', appUrl))
  const body = await response.text()
  return parseConfigScript(body)
}

export function parseConfigScript(body: string): Record<string, string> {
  const match = /window\.__APP_CONFIG__\s*=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(body.trim())
  if (!match?.[1]) {
    throw new Error(`Unexpected /config.js body: ${body.slice(0, 200)}`)
  }
  return JSON.parse(match[1]) as Record<string, string>
}

/** Compares URLs the way a browser does, so "http://host" and "http://host/" are equal. */
export function sameUrl(actual: string | null, expected: string): boolean {
  return actual !== null && new URL(actual).href === new URL(expected).href
}
