import type { FastifyInstance } from 'fastify'
import { objectAddress } from './object-names.ts'
import { uploadObject } from './object-writes.ts'
import { isUploadTokenSpent } from './objects.repository.ts'
import { tokenOf } from './signed-url-tokens.ts'
import { identifyRequest, runAs, scopeOf, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'
import { ownerOf, SERVICE_IDENTITY } from './storage-identity.ts'

/**
 * The routes that take a file body (protocol §3.2): upload (`POST`, replacing an existing
 * object only with `x-upsert: true`), update (`PUT`, which replaces), and upload to a signed
 * URL, which writes as the server with the owner and upsert choice the URL was signed for.
 * A signed upload URL works once: a spent one is refused before its body is read, and the
 * write that spends it is the one that commits (`consumeUploadToken`). They are registered
 * where bodies are left unread, for `readIncomingFile` to stream.
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

  app.put<ObjectRequest & { Querystring: { token?: unknown } }>(
    '/object/upload/sign/:bucket/*',
    async (request) => {
      const { bucket, name } = objectAddress(request.params)
      const { tokenId, expiresAt, ...grant } = await ctx.tokens.verifyUpload(
        tokenOf(request.query),
        bucket,
        name,
      )
      const scope = scopeOf(request, SERVICE_IDENTITY)
      if (
        await runAs(ctx, scope, { readOnly: true }, (client) => isUploadTokenSpent(client, tokenId))
      ) {
        throw storageErrors.uploadUrlUsed()
      }
      const row = await uploadObject(
        ctx,
        request,
        scope,
        { bucket, name, ...grant, uploadToken: { id: tokenId, expiresAt } },
        { permissionChecked: true },
      )
      return { Id: row.id, Key: `${bucket}/${name}` }
    },
  )
}
