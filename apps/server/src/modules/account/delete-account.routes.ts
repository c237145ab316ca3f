import type { FastifyBaseLogger } from 'fastify'
import { withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { deleteUser } from '../auth/index.ts'
import type { ByteStore } from '../storage/index.ts'

/**
 * DELETE /api/auth/delete-account (spec section 7): the signed-in user and everything they own
 * go. In one transaction: their storage objects' rows (every object in their folder
 * `<user id>/…`, and any other object they own) and their `auth.users` row, from which every
 * table of theirs cascades (sessions included, so their tokens stop working). After the commit,
 * the files' bytes. Answers 204 No Content: the spec names no response.
 */
type StoredObject = { bucket_id: string; name: string }

export function registerDeleteAccountRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { byteStore: ByteStore },
) {
  app.delete('/auth/delete-account', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { objects, buckets } = await withTransaction(ctx.db, async (tx) => {
      if (!(await deleteUser(tx, user.id))) {
        throw new AppError('not_found', 'User not found')
      }
      const deleted = await tx.query<StoredObject>(
        `delete from storage.objects
         where name like $1 or owner = $2 or owner_id = $3
         returning bucket_id, name`,
        [`${user.id}/%`, user.id, user.id],
      )
      const allBuckets = await tx.query<{ id: string }>('select id from storage.buckets')
      return { objects: deleted.rows, buckets: allBuckets.rows.map((bucket) => bucket.id) }
    })
    await removeFiles(ctx.byteStore, user.id, objects, buckets, request.log)
    return reply.status(204).send()
  })
}

/**
 * The bytes of the deleted objects, then whatever is left in the user's folder of each bucket
 * (an upload whose row was never written). The account is gone by now whatever happens here,
 * so a failure is logged with what remains rather than answered.
 */
async function removeFiles(
  byteStore: ByteStore,
  userId: string,
  objects: StoredObject[],
  buckets: string[],
  log: FastifyBaseLogger,
) {
  const namesByBucket = Map.groupBy(objects, (object) => object.bucket_id)
  for (const bucket of new Set([...buckets, ...namesByBucket.keys()])) {
    const names = (namesByBucket.get(bucket) ?? []).map((object) => object.name)
    try {
      await byteStore.remove(bucket, names)
      await byteStore.removePrefix(bucket, userId)
    } catch (error) {
      log.error({ err: error, userId, bucket, names }, 'deleted account left files behind')
    }
  }
}
