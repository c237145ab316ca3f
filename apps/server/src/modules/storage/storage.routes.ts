import type { FastifyInstance } from 'fastify'
import { registerBucketRoutes } from './bucket.routes.ts'
import { registerObjectRoutes } from './object.routes.ts'
import { registerSignedUrlRoutes } from './signed-url.routes.ts'
import { createStorageContext, type StorageServiceOptions } from './storage-context.ts'
import { storageErrors, toStorageError } from './storage-errors.ts'
import { registerUploadRoutes } from './upload.routes.ts'
import { noteFailedRequest } from '../../platform/error-reporting.ts'

/**
 * The Supabase-compatible Storage API (protocol §3), mounted at `/storage/v1`: buckets, object
 * upload/download/info/list/remove/move/copy and signed URLs, as storage-js calls them. Rows
 * live in `storage.objects`, where row-level security is the only authority on access; bytes
 * live in the byte store. This encapsulated plugin answers errors in Storage's shape. JSON
 * routes keep Fastify's parsers; upload routes sit in a child context whose bodies are left
 * unread, to be streamed to the byte store.
 */
export type { StorageServiceOptions } from './storage-context.ts'

/** Mounts the Storage API at `/storage/v1`, in a context of its own (its errors). */
export async function registerStorageRoutes(app: FastifyInstance, deps: StorageServiceOptions) {
  await app.register(storageApi, { prefix: '/storage/v1', ...deps })
}

async function storageApi(app: FastifyInstance, options: StorageServiceOptions) {
  const ctx = createStorageContext(options)

  app.setErrorHandler((error, request, reply) => {
    const storageError = toStorageError(error)
    if (storageError.httpStatus >= 500) {
      request.log.error({ err: error }, 'storage request failed')
      noteFailedRequest(error, request, 'storage')
    }
    // A refused upload's body is still arriving: read and drop it, so the client (still
    // sending) receives the answer instead of a reset connection.
    if (!request.raw.readableEnded) {
      request.raw.resume()
    }
    return reply
      .status(storageError.httpStatus)
      .headers(storageError.headers)
      .send(storageError.toBody())
  })
  app.setNotFoundHandler((request, reply) => {
    const notFound = storageErrors.routeNotFound(request.method, request.url)
    return reply.status(notFound.httpStatus).send(notFound.toBody())
  })

  await app.register(async (json) => {
    registerBucketRoutes(json, ctx)
    registerObjectRoutes(json, ctx)
    registerSignedUrlRoutes(json, ctx)
  })
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers()
    uploads.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    registerUploadRoutes(uploads, ctx)
  })
}
