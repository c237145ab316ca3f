/**
 * One JSON log line per answered request (instead of Fastify's two), with the request id that
 * the `x-request-id` header also carries, and nothing secret: the path is rebuilt from the
 * route's pattern with any parameter named like a secret (`:token`, `:code`…) or declared one
 * by its route (`{config: {secretParams: ['file']}}`) masked, the query string is reduced to its
 * keys (signed URLs and email links carry tokens there), and headers are not logged at all (the
 * bearer token, the refresh token, API keys).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Parameters of this route that hold a secret under another name (a feed's file name). */
    secretParams?: string[]
  }
}

const SECRET_NAME = /token|code|secret|key|password|signature/i

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: loggablePath(request),
        query: Object.keys((request.query as Record<string, unknown> | undefined) ?? {}),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    )
  })
}

export function loggablePath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url
  if (!pattern) {
    return request.url.split('?')[0] ?? ''
  }
  const secret = new Set(request.routeOptions.config.secretParams ?? [])
  const params = (request.params ?? {}) as Record<string, string | undefined>
  return pattern.replaceAll(/:(\w+)|\*/g, (_match, name: string | undefined) => {
    if (name === undefined) return params['*'] ?? ''
    return SECRET_NAME.test(name) || secret.has(name) ? '[redacted]' : (params[name] ?? '')
  })
}
