import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { BUCKET_SORT_COLUMNS, findBucket, listBuckets } from './objects.repository.ts'
import { identifyRequest, runAs, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * Reading buckets (protocol §3.2): `listBuckets` and `getBucket`, as the bearer token, so
 * row-level security on `storage.buckets` decides (the service role sees every bucket; the
 * migrations give users no bucket policy, as on a default Supabase project). Buckets are
 * created by migrations, not through this API.
 */
const BucketListQuery = z.object({
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  sortColumn: z.enum(BUCKET_SORT_COLUMNS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().optional(),
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
}
