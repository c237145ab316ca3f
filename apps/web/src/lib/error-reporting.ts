/**
 * Error reporting (Sentry, spec §2 and §9; issue 22, item 6). The SDK is not in the first
 * route's bundle: `startErrorReporting` imports it when the browser is idle after the first
 * paint, and only where reporting is on (`errorReportingEnabled`). Errors that happen before it
 * has loaded (the error boundary's, uncaught ones, unhandled rejections) wait in a short queue
 * and are sent once it has.
 *
 * This file imports nothing that needs the runtime config, so the error fallback can use it
 * when the config itself is what broke.
 */

/** What the lazily loaded SDK offers the rest of the app. */
export type ErrorReporter = {
  captureException(error: unknown, context?: { handled: boolean }): void
}

/** The settings `startErrorReporting` needs (a subset of the runtime config). */
export type ErrorReportingConfig = {
  PUBLIC_APP_ENV: 'development' | 'staging' | 'production'
  PUBLIC_ERROR_REPORTING_DSN: string
  PUBLIC_APP_VERSION: string
}

/** Set in the Performance timeline once the SDK is running (tests and diagnostics wait on it). */
export const ERROR_REPORTING_STARTED_MARK = 'error-reporting:started'

const MAX_PENDING = 20

let reporter: ErrorReporter | null = null
let pending: Array<{ error: unknown; handled: boolean }> | null = null

/**
 * Whether this deployment reports errors: in staging and production, with a DSN that is not the
 * local placeholder the server hands development installs. Never in development (the console
 * is where a developer looks) nor in tests.
 */
export function errorReportingEnabled(config: ErrorReportingConfig): boolean {
  return config.PUBLIC_APP_ENV !== 'development' && isRealDsn(config.PUBLIC_ERROR_REPORTING_DSN)
}

/** A DSN the SDK can send to: `https://<key>@<host>/<project>`, not the `local@…/0` placeholder. */
export function isRealDsn(dsn: string): boolean {
  try {
    const url = new URL(dsn)
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username !== '' &&
      url.username !== 'local' &&
      /^\/(.+\/)?\d+$/.test(url.pathname) &&
      url.pathname !== '/0'
    )
  } catch {
    return false
  }
}

/** Reports `error` (an error boundary's catch, say): now if the SDK runs, else once it does. */
export function reportError(error: unknown, options: { handled?: boolean } = {}): void {
  const handled = options.handled ?? false
  if (reporter) {
    reporter.captureException(error, { handled })
  } else if (pending && pending.length < MAX_PENDING) {
    pending.push({ error, handled })
  }
}

function onEarlyError(event: ErrorEvent) {
  reportError(event.error ?? event.message)
}

function onEarlyRejection(event: PromiseRejectionEvent) {
  reportError(event.reason)
}

/**
 * Starts error reporting where it is on: queues errors at once, loads the SDK when the browser
 * is idle. `router` is the app's TanStack Router, for route names and navigation breadcrumbs.
 */
export function startErrorReporting(config: ErrorReportingConfig, router: unknown): void {
  if (!errorReportingEnabled(config) || pending || reporter) {
    return
  }
  pending = []
  window.addEventListener('error', onEarlyError)
  window.addEventListener('unhandledrejection', onEarlyRejection)
  whenIdle(async () => {
    try {
      const { startSentry } = await import('./error-reporting-sentry')
      const started = startSentry({
        dsn: config.PUBLIC_ERROR_REPORTING_DSN,
        environment: config.PUBLIC_APP_ENV,
        release: config.PUBLIC_APP_VERSION,
        router,
      })
      // From here the SDK's own handlers see uncaught errors.
      window.removeEventListener('error', onEarlyError)
      window.removeEventListener('unhandledrejection', onEarlyRejection)
      const waiting = pending ?? []
      pending = null
      reporter = started
      for (const { error, handled } of waiting) {
        started.captureException(error, { handled })
      }
      performance.mark(ERROR_REPORTING_STARTED_MARK)
    } catch (error) {
      // A chunk that failed to load (offline, a new deployment): the app works without it.
      console.warn('Error reporting is unavailable', error)
    }
  })
}

/** Runs `task` once the browser is idle after the first paint (at most 3 s later). */
export function whenIdle(task: () => void | Promise<void>): void {
  const run = () => void task()
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback(run, { timeout: 3000 })
  } else {
    setTimeout(run, 1)
  }
}
