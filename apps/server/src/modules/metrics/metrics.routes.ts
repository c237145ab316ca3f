import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors/app-error.ts'
import { sendRouteNotFound } from '../../platform/errors/error-handler.ts'
import type { AppMetrics } from './app-metrics.ts'

/**
 * Who may read `GET /metrics`: nobody (the default: 404), or a scraper sending
 * `Authorization: Bearer <METRICS_TOKEN>`.
 */
export type MetricsAccess = { kind: 'off' } | { kind: 'token'; token: string }

/** `GET /metrics` in Prometheus's text format. */
export function registerMetricsRoutes(
  app: FastifyInstance,
  deps: { metrics: AppMetrics; access: MetricsAccess },
) {
  app.get('/metrics', async (request, reply) => {
    const { access } = deps
    if (access.kind === 'off') {
      return sendRouteNotFound(request, reply)
    }
    if (!bearerMatches(request, access.token)) {
      throw new AppError('not_authenticated', 'Send Authorization: Bearer <METRICS_TOKEN>')
    }
    const { contentType, body } = await deps.metrics.render()
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body)
  })
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? ''
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(token))
}
