/**
 * Files the server itself stores or removes, with no request and no row-level security (the
 * demo data's resume, a cover letter's PDF, an interview's recordings). Storing writes the row,
 * then puts the bytes in place before the caller's transaction commits, as an upload does
 * (object-writes.ts), so a rollback leaves at most unreachable bytes.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../../platform/db/pool.ts'
import type { ByteStore } from './byte-store.ts'
import { deleteObjects, writeObjectRow } from './objects.repository.ts'

export async function storeFileAsServer(
  tx: Queryable,
  store: ByteStore,
  file: {
    bucket: string
    name: string
    /** The user who owns it (their folder's owner). */
    owner: string
    bytes: Uint8Array
    mimeType: string
    now: Date
    /** Replace the file already at that name (default: refuse it). */
    upsert?: boolean
  },
): Promise<void> {
  const staged = await store.stage([file.bytes])
  try {
    await writeObjectRow(
      tx,
      {
        bucket: file.bucket,
        name: file.name,
        owner: file.owner,
        version: randomUUID(),
        metadata: {
          eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
          size: file.bytes.byteLength,
          mimetype: file.mimeType,
          cacheControl: 'max-age=3600',
          lastModified: file.now.toISOString(),
          contentLength: file.bytes.byteLength,
          httpStatusCode: 200,
        },
        userMetadata: null,
      },
      { upsert: file.upsert ?? false },
    )
    await staged.commit(file.bucket, file.name)
  } finally {
    await staged.discard()
  }
}

/**
 * Removes files the server manages: the rows in the caller's transaction; the bytes only when
 * `afterCommit` is called, once that transaction has committed (a rollback then leaves every
 * file whole; a crash between the two leaves only unreachable bytes).
 */
export async function deleteFilesAsServer(
  tx: Queryable,
  store: ByteStore,
  bucket: string,
  names: string[],
): Promise<{ afterCommit: () => Promise<void> }> {
  if (names.length === 0) {
    return { afterCommit: async () => {} }
  }
  await deleteObjects(tx, bucket, names)
  return { afterCommit: () => store.remove(bucket, names) }
}
