/**
 * A user's files when their account goes: the rows first, inside the caller's transaction (the
 * one that deletes the user), then, once it has committed, the bytes. A crash between the two
 * leaves only unreachable bytes, never a row whose download fails.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../../platform/db/pool.ts'
import type { ByteStore } from './byte-store.ts'
import { deleteUserObjectRows, listBucketIds } from './objects.repository.ts'

export type DeletedUserFiles = {
  userId: string
  objects: { bucket_id: string; name: string }[]
  buckets: string[]
}

/** Deletes the rows of every object of the user's (their folder in each bucket, and any they own). */
export async function deleteUserFileRows(tx: Queryable, userId: string): Promise<DeletedUserFiles> {
  const objects = await deleteUserObjectRows(tx, userId)
  return { userId, objects, buckets: await listBucketIds(tx) }
}

/**
 * The bytes of the deleted objects, then whatever is left in the user's folder of each bucket
 * (an upload whose row was never written). The account is gone by now whatever happens here,
 * so a failure is logged with what remains rather than thrown.
 */
export async function removeDeletedUserFiles(
  byteStore: ByteStore,
  deleted: DeletedUserFiles,
  log: FastifyBaseLogger,
): Promise<void> {
  const { userId } = deleted
  const namesByBucket = Map.groupBy(deleted.objects, (object) => object.bucket_id)
  for (const bucket of new Set([...deleted.buckets, ...namesByBucket.keys()])) {
    const names = (namesByBucket.get(bucket) ?? []).map((object) => object.name)
    try {
      await byteStore.remove(bucket, names)
      await byteStore.removePrefix(bucket, userId)
    } catch (error) {
      log.error({ err: error, userId, bucket, names }, 'deleted account left files behind')
    }
  }
}
