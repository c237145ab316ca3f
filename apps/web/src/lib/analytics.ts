/**
 * Product analytics (PostHog, spec §2 and §9; issue 22, item 6).
 *
 * On only when every one of these holds, else posthog-js is not even downloaded:
 * - the build runs as production (`PUBLIC_APP_ENV=production`) on the production host (the page's
 *   host is `PUBLIC_APP_URL`'s): staging, previews and copies of the site send nothing;
 * - a real project key and host are configured (not the development placeholders: the key
 *   `phc_local_development`, or an analytics host equal to the app's own URL);
 * - this device has not opted out (`setAnalyticsOptOut`, the switch in the account settings),
 *   and the browser does not ask for Do Not Track or Global Privacy Control.
 *
 * The SDK is loaded when the browser is idle after the first paint; page views that happen
 * before are queued. What it captures is in `analytics-posthog.ts`.
 */
import { env } from './env'

export interface Analytics {
  capturePageView(url: string): void
}

/** What the lazily loaded SDK offers the rest of the app. */
export type AnalyticsClient = {
  capturePageView(url: string): void
  optOut(): void
  optIn(): void
}

/** The runtime settings analytics reads (a subset of the runtime config). */
export type AnalyticsConfig = {
  PUBLIC_APP_ENV: 'development' | 'staging' | 'production'
  PUBLIC_APP_URL: string
  PUBLIC_ANALYTICS_KEY: string
  PUBLIC_ANALYTICS_HOST: string
}

/** The device's choice, in localStorage: the device keeps it, whoever signs in. */
export const ANALYTICS_OPT_OUT_KEY = 'analytics-opt-out'
/** Set in the Performance timeline once posthog-js runs (tests and diagnostics wait on it). */
export const ANALYTICS_STARTED_MARK = 'analytics:started'

const PLACEHOLDER_KEY = 'phc_local_development'

/** Production settings, served from the production app URL, not a copy of it elsewhere. */
export function isProductionHost(config: AnalyticsConfig, host = window.location.host): boolean {
  return config.PUBLIC_APP_ENV === 'production' && host === new URL(config.PUBLIC_APP_URL).host
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href.replace(/\/$/, '') === new URL(b).href.replace(/\/$/, '')
  } catch {
    return false
  }
}

/** Whether a real analytics project is configured (placeholders send nothing anywhere). */
export function analyticsConfigured(config: AnalyticsConfig): boolean {
  return (
    config.PUBLIC_ANALYTICS_KEY !== '' &&
    config.PUBLIC_ANALYTICS_KEY !== PLACEHOLDER_KEY &&
    !sameUrl(config.PUBLIC_ANALYTICS_HOST, config.PUBLIC_APP_URL)
  )
}

/** The browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function browserRefusesTracking(): boolean {
  const navigatorWithGpc = navigator as Navigator & { globalPrivacyControl?: boolean }
  const windowWithDnt = window as Window & { doNotTrack?: string }
  return (
    navigator.doNotTrack === '1' ||
    windowWithDnt.doNotTrack === '1' ||
    navigatorWithGpc.globalPrivacyControl === true
  )
}

export function isAnalyticsOptedOut(): boolean {
  try {
    return localStorage.getItem(ANALYTICS_OPT_OUT_KEY) === '1'
  } catch {
    return false
  }
}

/** Whether this deployment, on this host, could capture (whatever the device's choice). */
export function analyticsAvailable(config: AnalyticsConfig = env): boolean {
  return isProductionHost(config) && analyticsConfigured(config)
}

let client: AnalyticsClient | null = null
let loading = false
const pendingPageViews: string[] = []

/** Loads posthog-js when idle, if analytics is on here and for this device. */
export function startAnalytics(config: AnalyticsConfig = env): void {
  if (
    client ||
    loading ||
    !analyticsAvailable(config) ||
    isAnalyticsOptedOut() ||
    browserRefusesTracking()
  ) {
    return
  }
  loading = true
  const load = async () => {
    try {
      const { startPostHog } = await import('./analytics-posthog')
      if (isAnalyticsOptedOut()) {
        return // the switch was turned off while the chunk loaded
      }
      client = startPostHog({
        key: config.PUBLIC_ANALYTICS_KEY,
        host: config.PUBLIC_ANALYTICS_HOST,
      })
      for (const url of pendingPageViews.splice(0)) {
        client.capturePageView(url)
      }
      performance.mark(ANALYTICS_STARTED_MARK)
    } catch (error) {
      // A chunk that failed to load (offline, a new deployment): the app works without it.
      console.warn('Analytics is unavailable', error)
    } finally {
      loading = false
    }
  }
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback(() => void load(), { timeout: 3000 })
  } else {
    setTimeout(() => void load(), 1)
  }
}

/** Records this device's choice and applies it at once: no event leaves after an opt-out. */
export function setAnalyticsOptOut(optedOut: boolean): void {
  try {
    if (optedOut) {
      localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1')
    } else {
      localStorage.removeItem(ANALYTICS_OPT_OUT_KEY)
    }
  } catch {
    // Storage refused (private mode): the choice still holds for this page.
  }
  pendingPageViews.length = 0
  if (optedOut) {
    client?.optOut()
  } else if (client) {
    client.optIn()
  } else {
    startAnalytics()
  }
}

export const analytics: Analytics = {
  capturePageView(url) {
    if (client) {
      client.capturePageView(url)
    } else if (loading && pendingPageViews.length < 20) {
      pendingPageViews.push(url)
    }
  },
}
