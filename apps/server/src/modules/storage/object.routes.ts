import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { downloadParam, objectInfo, sendObject } from './object-download.ts'
import { checkBucketName, checkObjectName, objectAddress } from './object-names.ts'
import { copyObject, moveObject, removeObjects } from './object-writes.ts'
import {
  findObjectStatement,
  listFolder,
  listObjectsPage,
  OBJECT_SORT_COLUMNS,
  OBJECT_V2_SORT_COLUMNS,
  type ObjectRow,
} from './objects.repository.ts'
import { decodeListCursor, pageOfEntries } from './object-list-v2.ts'
import { identifyRequest, readAs, runAs, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'
import { ownerOf } from './storage-identity.ts'

/**
 * The object routes that act as the bearer token (protocol §3.2): download (with HEAD), info,
 * list, remove, move and copy. Each reads or writes rows as the token's role, so row-level
 * security decides; an object the caller may not see is answered as one that does not exist.
 */
type ObjectRequest = {
  Params: { bucket: string; '*': string }
  Querystring: { download?: unknown }
}

const ListBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(0).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(OBJECT_SORT_COLUMNS).default('name'),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().default(''),
})

const ListV2Body = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(1000),
  cursor: z.string().max(4096).optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({
      column: z.enum(OBJECT_V2_SORT_COLUMNS).default('name'),
      order: z
        .string()
        .transform((order) => order.toLowerCase())
        .pipe(z.enum(['asc', 'desc']))
        .default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
})

const RemoveBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) })

const TransferBody = z.object({
  bucketId: z.string().transform(checkBucketName),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().transform(checkBucketName).nullish(),
})

/** `prefix` as a folder: '' for the top level, else ending with one '/'. */
function folderOf(prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '')
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`
}

export function registerObjectRoutes(app: FastifyInstance, ctx: StorageContext) {
  async function readRow(request: FastifyRequest<ObjectRequest>) {
    const { bucket, name } = objectAddress(request.params)
    const scope = await identifyRequest(ctx, request)
    const [row] = await readAs<ObjectRow>(ctx, scope, findObjectStatement(bucket, name))
    if (!row) {
      throw storageErrors.noSuchKey()
    }
    return row
  }

  for (const url of ['/object/:bucket/*', '/object/authenticated/:bucket/*']) {
    app.get<ObjectRequest>(url, { exposeHeadRoute: false }, async (request, reply) =>
      sendObject(ctx, request, reply, await readRow(request), {
        download: downloadParam(request.query.download),
        headersOnly: false,
      }),
    )
    app.head<ObjectRequest>(url, async (request, reply) =>
      sendObject(ctx, request, reply, await readRow(request), {
        download: downloadParam(request.query.download),
        headersOnly: true,
      }),
    )
  }

  for (const url of ['/object/info/:bucket/*', '/object/info/authenticated/:bucket/*']) {
    app.get<ObjectRequest>(url, { exposeHeadRoute: false }, async (request) =>
      objectInfo(await readRow(request)),
    )
  }

  app.post<{ Params: { bucket: string } }>('/object/list/:bucket', async (request) => {
    const body = ListBody.parse(request.body ?? {})
    const scope = await identifyRequest(ctx, request)
    return runAs(ctx, scope, { readOnly: true }, (client) =>
      listFolder(client, checkBucketName(request.params.bucket), {
        ...body,
        folder: folderOf(body.prefix),
      }),
    )
  })

  app.post<{ Params: { bucket: string } }>('/object/list-v2/:bucket', async (request) => {
    const body = ListV2Body.parse(request.body ?? {})
    const bucket = checkBucketName(request.params.bucket)
    const cursor = body.cursor ? decodeListCursor(body.cursor, body.sortBy) : null
    const scope = await identifyRequest(ctx, request)
    const entries = await runAs(ctx, scope, { readOnly: true }, (client) =>
      listObjectsPage(client, bucket, {
        prefix: body.prefix.replace(/^\/+/, ''),
        withDelimiter: body.with_delimiter,
        limit: body.limit,
        cursor,
        sortBy: body.sortBy,
      }),
    )
    return pageOfEntries(entries, body.limit, body.sortBy)
  })

  app.delete<{ Params: { bucket: string } }>('/object/:bucket', async (request) => {
    const { prefixes } = RemoveBody.parse(request.body)
    const scope = await identifyRequest(ctx, request)
    return removeObjects(ctx, scope, checkBucketName(request.params.bucket), prefixes)
  })

  app.post('/object/move', async (request) => {
    const body = TransferBody.parse(request.body)
    const scope = await identifyRequest(ctx, request)
    const moved = await moveObject(
      ctx,
      scope,
      { bucket: body.bucketId, name: checkObjectName(body.sourceKey) },
      {
        bucket: body.destinationBucket ?? body.bucketId,
        name: checkObjectName(body.destinationKey),
      },
    )
    return { message: 'Successfully moved', Id: moved.id, Key: moved.name }
  })

  app.post('/object/copy', async (request) => {
    const body = TransferBody.parse(request.body)
    const scope = await identifyRequest(ctx, request)
    const bucket = body.destinationBucket ?? body.bucketId
    const copied = await copyObject(
      ctx,
      scope,
      { bucket: body.bucketId, name: checkObjectName(body.sourceKey) },
      {
        bucket,
        name: checkObjectName(body.destinationKey),
        upsert: request.headers['x-upsert'] === 'true',
        owner: ownerOf(scope.identity),
      },
    )
    return { Id: copied.id, Key: `${bucket}/${copied.name}`, ...copied }
  })
}
