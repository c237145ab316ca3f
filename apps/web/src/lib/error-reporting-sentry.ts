/**
 * The Sentry SDK, loaded only by `startErrorReporting` (its own chunk, never in the first
 * route's bundle). What it sends is scrubbed by the shared rules of `@app/contracts`
 * (`scrubReport`): no emails, tokens, one-time codes or resume text; URLs without hash or query
 * values; no headers, cookies or bodies; no user but what the app sets (nothing today).
 */
import { FILTERED, scrubReport } from '@app/contracts'
import type { Breadcrumb, ErrorEvent } from '@sentry/react'
import { captureException, init, tanstackRouterBrowserTracingIntegration } from '@sentry/react'

/** The spec's breadcrumb limit (§9), set explicitly so a change of the SDK's default cannot move it. */
export const MAX_BREADCRUMBS = 100

/** An event as it may leave: request reduced to its scrubbed URL, user to an id, all scrubbed. */
export function scrubErrorEvent(event: ErrorEvent): ErrorEvent {
  const { request, user } = event
  const scrubbed = scrubReport({
    ...event,
    request: request?.url ? { url: request.url } : undefined,
    user: user?.id === undefined ? undefined : { id: user.id },
  })
  if (!scrubbed.request) delete scrubbed.request
  if (!scrubbed.user) delete scrubbed.user
  return scrubbed
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb | null {
  // Request and response bodies are never kept, even if an integration adds them.
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined
  for (const key of ['body', 'request_body', 'response_body', 'input']) {
    if (data && key in data) data[key] = FILTERED
  }
  return scrubReport({ ...breadcrumb, data })
}

export function startSentry(options: {
  dsn: string
  environment: string
  release: string
  router: unknown
}): { captureException(error: unknown, context?: { handled: boolean }): void } {
  init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // Route templates name events and navigation spans; no performance data is sent (rate 0)
    // and no tracing header is added to the app's own calls.
    integrations: [tanstackRouterBrowserTracingIntegration(options.router)],
    tracesSampleRate: 0,
    tracePropagationTargets: [],
    // What `sendDefaultPii: false` was: no user, cookies, headers, bodies or query values.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  })
  return {
    captureException(error, context) {
      captureException(error, {
        mechanism: { type: 'generic', handled: context?.handled ?? false },
      })
    },
  }
}
