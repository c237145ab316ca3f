import type { FastifyRequest } from 'fastify'
import type { SessionMeta } from './sessions.repository.ts'

/** Small readers of the request shared by the Auth routes. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  const userAgent = request.headers['user-agent']
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip }
}

export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}
