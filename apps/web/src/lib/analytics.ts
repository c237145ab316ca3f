import { env } from './env'

/**
 * Product analytics. The spec captures page views only on the production host. The analytics
 * SDK (posthog-js) is not installed yet, so this is the seam it will plug into: callers already
 * report page views here, and until then nothing leaves the browser.
 */
export interface Analytics {
  capturePageView(url: string): void
}

/** Production build settings served from the production app URL, not a copy of it elsewhere. */
function isProductionHost(): boolean {
  return (
    env.PUBLIC_APP_ENV === 'production' && window.location.host === new URL(env.PUBLIC_APP_URL).host
  )
}

export const analytics: Analytics = {
  capturePageView() {
    if (!isProductionHost()) {
      return
    }
    // No provider yet: posthog-js will capture here, with env.PUBLIC_ANALYTICS_KEY and _HOST.
  },
}
