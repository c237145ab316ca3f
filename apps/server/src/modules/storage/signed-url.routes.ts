import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { downloadParam, sendObject } from './object-download.ts'
import { checkBucketName, objectAddress } from './object-names.ts'
import { checkWritePermission, loadBucket } from './object-writes.ts'
import {
  findObject,
  findObjects,
  findObjectStatement,
  type ObjectRow,
} from './objects.repository.ts'
import { checkedSignedUrlLifetime, tokenOf } from './signed-url-tokens.ts'
import { identifyRequest, readAs, runAs, scopeOf, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'
import { SERVICE_IDENTITY, ownerOf } from './storage-identity.ts'

/**
 * Signed URLs (protocol §3.2). Signing acts as the bearer token: a download URL only for an
 * object the caller can see, an upload URL only for a name row-level security lets them write
 * (checked by trying the write and rolling it back). Fetching a signed download URL needs no
 * JWT: the token names the one object and its expiry, and the object is read as the server.
 * Uploading to a signed URL is in `upload.routes.ts`.
 *
 * A download URL works from 1 second to 7 days (`expiresIn`, refused beyond). With a separate
 * content origin (`STORAGE_PUBLIC_URL`), a signed download asked of the app's own host is
 * redirected there, so the browser reads the file in an origin that holds no session.
 */
type ObjectRequest = { Params: { bucket: string; '*': string } }

const SignBody = z.object({ expiresIn: z.number().transform(checkedSignedUrlLifetime) })
const SignManyBody = z.object({
  expiresIn: z.number().transform(checkedSignedUrlLifetime),
  paths: z.array(z.string()).min(1).max(1000),
})

/** Where to send a signed download asked of the app's host, when content has its own origin. */
function contentOriginRedirect(ctx: StorageContext, request: FastifyRequest): string | null {
  const origin = ctx.contentOrigin
  if (!origin || request.host !== origin.appHost || request.host === origin.host) {
    return null
  }
  return `${origin.baseUrl}${request.url}`
}

const NOT_FOUND_OR_DENIED = 'Either the object does not exist or you do not have access to it'

export function registerSignedUrlRoutes(app: FastifyInstance, ctx: StorageContext) {
  const signedDownloadUrl = async (bucket: string, name: string, expiresIn: number) =>
    `/object/sign/${bucket}/${name}?token=${await ctx.tokens.signDownload(bucket, name, expiresIn)}`

  app.post<ObjectRequest>('/object/sign/:bucket/*', async (request) => {
    const { expiresIn } = SignBody.parse(request.body)
    const { bucket, name } = objectAddress(request.params)
    const scope = await identifyRequest(ctx, request)
    const row = await runAs(ctx, scope, { readOnly: true }, (client) =>
      findObject(client, bucket, name),
    )
    if (!row) {
      throw storageErrors.noSuchKey()
    }
    return { signedURL: await signedDownloadUrl(bucket, name, expiresIn) }
  })

  app.post<{ Params: { bucket: string } }>('/object/sign/:bucket', async (request) => {
    const { expiresIn, paths } = SignManyBody.parse(request.body)
    const bucket = checkBucketName(request.params.bucket)
    const scope = await identifyRequest(ctx, request)
    const visible = await runAs(ctx, scope, { readOnly: true }, (client) =>
      findObjects(client, bucket, paths),
    )
    const names = new Set(visible.map((row) => row.name))
    return Promise.all(
      paths.map(async (path) =>
        names.has(path)
          ? { error: null, path, signedURL: await signedDownloadUrl(bucket, path, expiresIn) }
          : { error: NOT_FOUND_OR_DENIED, path, signedURL: null },
      ),
    )
  })

  app.get<ObjectRequest & { Querystring: { token?: unknown; download?: unknown } }>(
    '/object/sign/:bucket/*',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const { bucket, name } = objectAddress(request.params)
      const elsewhere = contentOriginRedirect(ctx, request)
      if (elsewhere) {
        return reply.redirect(elsewhere, 307)
      }
      // The token is the only key: any page may fetch the file with it (no credentials).
      reply.header('access-control-allow-origin', '*')
      const expires = await ctx.tokens.verifyDownload(tokenOf(request.query), bucket, name)
      const [row] = await readAs<ObjectRow>(
        ctx,
        scopeOf(request, SERVICE_IDENTITY),
        findObjectStatement(bucket, name),
      )
      if (!row) {
        throw storageErrors.noSuchKey()
      }
      return sendObject(ctx, request, reply, row, {
        download: downloadParam(request.query.download),
        expires,
        headersOnly: false,
      })
    },
  )

  app.post<ObjectRequest>('/object/upload/sign/:bucket/*', async (request) => {
    const { bucket, name } = objectAddress(request.params)
    const scope = await identifyRequest(ctx, request)
    const grant = { owner: ownerOf(scope.identity), upsert: request.headers['x-upsert'] === 'true' }
    await loadBucket(ctx, scope, bucket)
    await checkWritePermission(ctx, scope, { bucket, name, ...grant })
    const token = await ctx.tokens.signUpload(bucket, name, grant)
    return { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token }
  })
}
