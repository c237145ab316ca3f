/**
 * A file the server itself stores, with no request and no row-level security (the demo data's
 * resume): the row, then the bytes put in place before the caller's transaction commits, as an
 * upload does (object-writes.ts), so a rollback leaves at most unreachable bytes.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../../platform/db/pool.ts'
import type { ByteStore } from './byte-store.ts'
import { writeObjectRow } from './objects.repository.ts'

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
