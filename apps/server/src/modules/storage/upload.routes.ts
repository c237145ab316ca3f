import type { FastifyInstance } from 'fastify'
import { objectAddress } from './object-names.ts'
import { uploadObject } from './object-writes.ts'
import { identifyRequest, scopeOf, type StorageContext } from './storage-context.ts'
import { ownerOf, SERVICE_IDENTITY } from './storage-identity.ts'

/**
 * The routes that take a file body (protocol §3.2): upload (`POST`, replacing an existing
 * object only with `x-upsert: true`), update (`PUT`, which replaces), and upload to a signed
 * URL, which writes as the server with the owner and upsert choice the URL was signed for.
 * They are registered where bodies are left unread, for `readIncomingFile` to stream.
 */
type ObjectRequest = { Params: { bucket: string; '*': string } }

export function registerUploadRoutes(app: FastifyInstance, ctx: StorageContext) {
  const upload = (method: 'POST' | 'PUT') =>
    app.route<ObjectRequest>({
      method,
      url: '/object/:bucket/*',
      handler: async (request) => {
        const { bucket, name } = objectAddress(request.params)
        const scope = await identifyRequest(ctx, request)
        const upsert = method === 'PUT' || request.headers['x-upsert'] === 'true'
        const row = await uploadObject(
          ctx,
          request,
          scope,
          { bucket, name, upsert, owner: ownerOf(scope.identity) },
          { permissionChecked: false },
        )
        return { Id: row.id, Key: `${bucket}/${name}` }
      },
    })
  upload('POST')
  upload('PUT')

  app.put<ObjectRequest & { Querystring: { token?: string } }>(
    '/object/upload/sign/:bucket/*',
    async (request) => {
      const { bucket, name } = objectAddress(request.params)
      const grant = await ctx.tokens.verifyUpload(request.query.token ?? '', bucket, name)
      const row = await uploadObject(
        ctx,
        request,
        scopeOf(request, SERVICE_IDENTITY),
        { bucket, name, ...grant },
        { permissionChecked: true },
      )
      return { Id: row.id, Key: `${bucket}/${name}` }
    },
  )
}
