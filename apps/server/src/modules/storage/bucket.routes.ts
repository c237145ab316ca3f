import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  changeBucket,
  checkNewBucketId,
  createBucket,
  deleteBucket,
  emptyBucket,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
} from './bucket-management.ts'
import { checkBucketName } from './object-names.ts'
import { BUCKET_SORT_COLUMNS, findBucket, listBuckets } from './objects.repository.ts'
import { identifyRequest, runAs, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * Buckets (protocol §3.2): list, get, create, update, empty and delete, each as the bearer
 * token, so row-level security on `storage.buckets` decides (the service role manages every
 * bucket; the migrations give users no bucket policy, as on a default Supabase project, so
 * they are refused). The product's own buckets are created by migrations (`bucket-management.ts`
 * and docs/supabase-compatibility/storage.md say what may change them).
 */
const BucketListQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  sortColumn: z.enum(BUCKET_SORT_COLUMNS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().optional(),
})

/** Only standard buckets: analytics (Iceberg) and vector buckets are not provided. */
const BucketType = z.literal('STANDARD', {
  error: 'Only STANDARD buckets are supported: analytics and vector buckets are not',
})

const CreateBucketBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().default(false),
  file_size_limit: z.unknown().optional(),
  allowed_mime_types: z.unknown().optional(),
  type: BucketType.optional(),
})

const UpdateBucketBody = z.object({
  public: z.boolean().optional(),
  file_size_limit: z.unknown().optional(),
  allowed_mime_types: z.unknown().optional(),
  type: BucketType.optional(),
})

export function registerBucketRoutes(app: FastifyInstance, ctx: StorageContext) {
  app.get('/bucket', async (request) => {
    const query = BucketListQuery.parse(request.query)
    const scope = await identifyRequest(ctx, request)
    return runAs(ctx, scope, { readOnly: true }, (client) =>
      listBuckets(client, {
        search: query.search || null,
        sortColumn: query.sortColumn,
        sortOrder: query.sortOrder,
        limit: query.limit ?? null,
        offset: query.offset,
      }),
    )
  })

  app.get<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    const scope = await identifyRequest(ctx, request)
    const bucket = await runAs(ctx, scope, { readOnly: true }, (client) =>
      findBucket(client, request.params.id),
    )
    if (!bucket) {
      throw storageErrors.noSuchBucket()
    }
    return bucket
  })

  app.post('/bucket', async (request) => {
    const body = CreateBucketBody.parse(request.body ?? {})
    const id = checkNewBucketId(body.id ?? body.name)
    if (body.name !== id) {
      throw storageErrors.invalidRequest("A bucket's name must be its id")
    }
    const bucket = {
      id,
      public: body.public,
      fileSizeLimit: parseFileSizeLimit(body.file_size_limit, ctx.maxFileSize),
      allowedMimeTypes: parseAllowedMimeTypes(body.allowed_mime_types),
    }
    const scope = await identifyRequest(ctx, request)
    await createBucket(ctx, scope, bucket)
    return { name: id }
  })

  app.put<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    const id = checkBucketName(request.params.id)
    const body = UpdateBucketBody.parse(request.body ?? {})
    const changes = {
      ...(body.public === undefined ? {} : { public: body.public }),
      ...(body.file_size_limit === undefined
        ? {}
        : { fileSizeLimit: parseFileSizeLimit(body.file_size_limit, ctx.maxFileSize) }),
      ...(body.allowed_mime_types === undefined
        ? {}
        : { allowedMimeTypes: parseAllowedMimeTypes(body.allowed_mime_types) }),
    }
    const scope = await identifyRequest(ctx, request)
    await changeBucket(ctx, scope, id, changes)
    return { message: 'Successfully updated' }
  })

  app.post<{ Params: { id: string } }>('/bucket/:id/empty', async (request) => {
    const id = checkBucketName(request.params.id)
    const scope = await identifyRequest(ctx, request)
    await emptyBucket(ctx, scope, id)
    return { message: 'Empty bucket has been queued. Completion may take up to an hour.' }
  })

  app.delete<{ Params: { id: string } }>('/bucket/:id', async (request) => {
    const id = checkBucketName(request.params.id)
    const scope = await identifyRequest(ctx, request)
    await deleteBucket(ctx, scope, id)
    return { message: 'Successfully deleted' }
  })
}
