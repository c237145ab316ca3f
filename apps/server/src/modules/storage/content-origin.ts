import type { FastifyInstance } from 'fastify'
import { storageErrors } from './storage-errors.ts'
import type { StorageSettings } from './storage-settings.ts'

/** The only paths the content origin answers: signed downloads. */
const CONTENT_PATH = '/storage/v1/object/sign/'

/**
 * With a separate content origin (`STORAGE_PUBLIC_URL`), the same server answers requests
 * addressed to it; this keeps everything but signed downloads off that host (404 in Storage's
 * shape), so the app's pages, its Auth service and its API are never reachable there, and a
 * session can never be created in the origin where user files are read. Register on the root
 * app; nothing happens when no content origin is set.
 */
export function registerContentOriginGuard(app: FastifyInstance, settings?: StorageSettings) {
  if (!settings?.publicUrl) {
    return
  }
  const contentHost = new URL(settings.publicUrl).host
  const appHost = new URL(settings.appUrl).host
  if (contentHost === appHost) {
    return
  }
  app.addHook('onRequest', async (request, reply) => {
    const isContentHost = request.host === contentHost
    if (isContentHost && !(request.method === 'GET' && request.url.startsWith(CONTENT_PATH))) {
      const notFound = storageErrors.routeNotFound(request.method, request.url)
      return reply.status(notFound.httpStatus).send(notFound.toBody())
    }
  })
}
