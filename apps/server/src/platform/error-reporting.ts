/**
 * Server-side error reporting (Sentry, issue 22 item 6): the product API's 500s and failed
 * jobs, when `ERROR_REPORTING_DSN` is set. Off (the default), `@sentry/node` is never imported.
 *
 * What leaves is scrubbed by the shared rules of `@app/contracts` (`scrubReport`): no headers,
 * cookies, bodies or query values, no emails, tokens or one-time codes in messages, and of the
 * user only the id. The SDK runs with no default integrations: it does not patch `http`, `pg`
 * or the process's handlers, and sends only what is captured here.
 *
 * Each process reads its own environment on the first error it reports (an HTTP worker, the
 * background worker, a CLI): per process by design, nothing is shared.
 */
import { scrubReport } from '@app/contracts'
import type { ErrorEvent, NodeClient } from '@sentry/node'
import type { FastifyRequest } from 'fastify'
import { type Config, loadConfig } from './config.ts'
import { databaseUnavailable } from './db/database-unavailable.ts'
import { unexpectedErrorsTotal } from './metrics.ts'

/** Where an error happened, as a report may show it (ids and names only). */
export type ErrorContext = {
  /** A request: its id, method and route template; the signed-in user's id if any. */
  request?: { id: string; method: string; route?: string; url: string; userId?: string }
  /** A job: its queue, id and attempt. */
  job?: { queue: string; id: string; retryCount?: number }
}

export type ErrorReporterSettings = {
  dsn: string
  environment: string
  release: string
}

export type ErrorReporter = {
  report(error: unknown, context: ErrorContext): void
  /** Waits (up to `timeoutMs`) until what was reported has been sent. */
  flush(timeoutMs?: number): Promise<boolean>
}

/** The web version the spec names (§1), also the server's release. */
export const RELEASE = '0.2.9'

/** The reporter's settings from the configuration, or null when reporting is off. */
export function errorReportingSettings(config: Config): ErrorReporterSettings | null {
  return config.ERROR_REPORTING_DSN
    ? { dsn: config.ERROR_REPORTING_DSN, environment: config.PUBLIC_APP_ENV, release: RELEASE }
    : null
}

/** A report as it may leave: the request reduced to method and scrubbed URL, the user to an id. */
export function scrubServerEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed = scrubReport({
    ...event,
    request: event.request ? { method: event.request.method, url: event.request.url } : undefined,
    user: event.user?.id === undefined ? undefined : { id: event.user.id },
    // The host name of the machine is not personal, but says nothing useful either.
    server_name: undefined,
  })
  for (const key of ['request', 'user', 'server_name'] as const) {
    if (scrubbed[key] === undefined) delete scrubbed[key]
  }
  return scrubbed
}

/** A reporter sending to `settings.dsn`; the SDK is imported on the first report. */
export function createErrorReporter(settings: ErrorReporterSettings): ErrorReporter {
  let client: Promise<NodeClient | undefined> | undefined
  const pending = new Set<Promise<unknown>>()
  const start = async () => {
    const Sentry = await import('@sentry/node')
    return Sentry.initWithoutDefaultIntegrations({
      dsn: settings.dsn,
      environment: settings.environment,
      release: settings.release,
      maxBreadcrumbs: 100,
      integrations: [Sentry.linkedErrorsIntegration()],
      enableOpenTelemetrySetup: false,
      enableRuntimeChannelInjection: false,
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        databaseQueryData: false,
        queues: false,
        stackFrameVariables: false,
      },
      beforeSend: (event) => scrubServerEvent(event),
      beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
    })
  }
  return {
    report(error, context) {
      client ??= start().catch(() => undefined)
      const sent = client.then(async (started) => {
        if (!started) return
        const Sentry = await import('@sentry/node')
        Sentry.withScope((scope) => {
          if (context.request) {
            const { id, method, route, url, userId } = context.request
            scope.setTag('request_id', id)
            if (route) scope.setTag('route', route)
            scope.addEventProcessor((event) => ({ ...event, request: { method, url } }))
            if (userId) scope.setUser({ id: userId })
          }
          if (context.job) {
            scope.setTag('queue', context.job.queue)
            scope.setContext('job', { ...context.job })
          }
          Sentry.captureException(error, {
            mechanism: { type: context.job ? 'job' : 'request', handled: false },
          })
        })
      })
      pending.add(sent)
      void sent.finally(() => pending.delete(sent))
    },
    async flush(timeoutMs = 2000) {
      await Promise.all(pending)
      const started = await client
      return started ? started.flush(timeoutMs) : true
    },
  }
}

/** The signed-in user of each request, by id alone (set by the product API's `requireUser`). */
const requestUsers = new WeakMap<FastifyRequest, string>()

export function rememberRequestUser(request: FastifyRequest, userId: string): void {
  requestUsers.set(request, userId)
}

/** A request as an error report may name it: id, method, route template, path; the user's id. */
export function requestErrorContext(request: FastifyRequest): ErrorContext {
  return {
    request: {
      id: String(request.id),
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      userId: requestUsers.get(request),
    },
  }
}

let processReporter: ErrorReporter | null | undefined

/** This process's reporter, from its environment; null when `ERROR_REPORTING_DSN` is unset. */
export function processErrorReporter(): ErrorReporter | null {
  if (processReporter === undefined) {
    let settings: ErrorReporterSettings | null = null
    try {
      settings = errorReportingSettings(loadConfig())
    } catch {
      // A configuration this process could not read is reported at its start, not here.
    }
    processReporter = settings ? createErrorReporter(settings) : null
  }
  return processReporter
}

/** Reports an unexpected error (a 500, a failed job) where reporting is on; never throws. */
export function reportUnexpectedError(error: unknown, context: ErrorContext): void {
  try {
    processErrorReporter()?.report(error, context)
  } catch {
    // Reporting must never turn one failure into two.
  }
}

/**
 * A request some surface (`/api`, `/auth/v1`, `/rest/v1`, `/storage/v1`) answered with a 5xx:
 * counted in `unexpected_errors_total` and reported, unless the database was simply away (an
 * outage is expected, retried by clients, and shows in the metrics as 503s).
 */
export function noteFailedRequest(error: unknown, request: FastifyRequest, surface: string): void {
  if (databaseUnavailable(error)) {
    return
  }
  unexpectedErrorsTotal.inc({ where: surface })
  reportUnexpectedError(error, requestErrorContext(request))
}
