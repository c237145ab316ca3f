/**
 * Runs before every unit test file; only the web app's component tests (jsdom, by their
 * `// @vitest-environment jsdom` line) need anything from it:
 * 1. the runtime config that /config.js writes in the browser (lib/env.ts reads it when first
 *    imported, so it must be in place before any test imports the app);
 * 2. a silent `scrollTo`: the router restores the scroll position, which jsdom does not
 *    implement (it logs "Not implemented" instead);
 * 3. Testing Library's cleanup after each test (it registers it itself only where test globals
 *    are on, and they are off here), and the end of each test's stubbed globals (fetch).
 */
import { afterEach, vi } from 'vitest'
import { TEST_API_BASE_URL, TEST_SUPABASE_URL } from './fake-fetch'

if (typeof window !== 'undefined') {
  window.__APP_CONFIG__ = {
    PUBLIC_ANALYTICS_KEY: 'test-analytics-key',
    PUBLIC_ANALYTICS_HOST: 'http://analytics.test',
    PUBLIC_ERROR_REPORTING_TOKEN: 'test-error-token',
    PUBLIC_ERROR_REPORTING_DSN: 'test-error-dsn',
    PUBLIC_SUPABASE_ANON_KEY: 'test-anon-key',
    PUBLIC_SUPABASE_URL: TEST_SUPABASE_URL,
    PUBLIC_API_BASE_URL: TEST_API_BASE_URL,
    PUBLIC_APP_ENV: 'development',
    PUBLIC_APP_URL: 'http://app.test',
    PUBLIC_MARKETING_URL: 'http://marketing.test',
    PUBLIC_APP_VERSION: '0.0.0-test',
  }
  window.scrollTo = () => {}
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
}
