import { isSendableMediaType } from './content-types.ts'
import {
  type BucketChanges,
  deleteBucketRow,
  deleteObjectBatch,
  findBucket,
  insertBucket,
  updateBucket,
} from './objects.repository.ts'
import { type RequestScope, runAs, type StorageContext } from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'
import { ownerOf } from './storage-identity.ts'

/**
 * Managing buckets (protocol §3.2) as Supabase Storage does: every statement runs as the
 * request's role, so row-level security on `storage.buckets` (and, when emptying, on
 * `storage.objects`) is the only authority. The service role manages every bucket; anon and
 * users only where a policy lets them (none does by default, and none on the product's
 * buckets). A bucket is deleted only once it holds no object: the foreign key of
 * `storage.objects` refuses it otherwise, whoever asks.
 */

/**
 * New bucket ids name a folder of the byte store (a key prefix on S3), hence a rule stricter
 * than Supabase's characters: letters, digits, `_`, `.` and `-`, starting with a letter or
 * digit, 1 to 100 of them.
 */
const NEW_BUCKET_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/

export function checkNewBucketId(id: string): string {
  if (!NEW_BUCKET_ID.test(id)) {
    throw storageErrors.invalidBucketName(id)
  }
  return id
}

const SIZE_WITH_UNIT = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb|kib|mib|gib|tib)?$/i
const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
}

/**
 * A bucket's `file_size_limit` in bytes: a number of bytes, or a string with a unit as
 * storage-js sends it ("20mb" = 20,000,000 bytes; "20MiB" = 20 × 1024²). Null or 0 means no
 * limit of its own. Larger than the server's own limit is refused, as on Supabase.
 */
export function parseFileSizeLimit(value: unknown, serverLimit: number): number | null {
  if (value === null || value === undefined || value === 0 || value === '') {
    return null
  }
  let bytes: number
  if (typeof value === 'number') {
    bytes = value
  } else if (typeof value === 'string' && SIZE_WITH_UNIT.test(value.trim())) {
    const [, amount, unit] = SIZE_WITH_UNIT.exec(value.trim()) ?? []
    bytes = Number(amount) * (UNIT_BYTES[(unit ?? 'b').toLowerCase()] ?? 1)
  } else {
    throw storageErrors.invalidFileSizeLimit()
  }
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw storageErrors.invalidFileSizeLimit()
  }
  bytes = Math.round(bytes)
  if (bytes > serverLimit) {
    throw storageErrors.fileSizeLimitTooLarge(serverLimit)
  }
  return bytes === 0 ? null : bytes
}

/** `type/subtype` or `type/*` (with optional parameters), each a sendable media type. */
const MIME_PATTERN = /^[A-Za-z0-9!#$&^_.+-]+\/(\*|[A-Za-z0-9!#$&^_.+-]+)(\s*;.*)?$/

/** A bucket's `allowed_mime_types`: a list of media types (wildcards allowed); empty: none. */
export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) {
    return null
  }
  if (!Array.isArray(value) || value.length > 100) {
    throw storageErrors.invalidRequest('allowed_mime_types must be a list of media types')
  }
  for (const entry of value) {
    if (typeof entry !== 'string' || !MIME_PATTERN.test(entry) || !isSendableMediaType(entry)) {
      throw storageErrors.invalidMimeTypeFormat(String(entry))
    }
  }
  return value.length === 0 ? null : (value as string[])
}

export type NewBucket = {
  id: string
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

export async function createBucket(
  ctx: StorageContext,
  scope: RequestScope,
  bucket: NewBucket,
): Promise<void> {
  await runAs(ctx, scope, { readOnly: false }, (client) =>
    insertBucket(client, { ...bucket, owner: ownerOf(scope.identity) }),
  )
}

export async function changeBucket(
  ctx: StorageContext,
  scope: RequestScope,
  id: string,
  changes: BucketChanges,
): Promise<void> {
  const changed = await runAs(ctx, scope, { readOnly: false }, (client) =>
    updateBucket(client, id, changes),
  )
  if (!changed) {
    throw storageErrors.noSuchBucket()
  }
}

export async function deleteBucket(
  ctx: StorageContext,
  scope: RequestScope,
  id: string,
): Promise<void> {
  let deleted: boolean
  try {
    deleted = await runAs(ctx, scope, { readOnly: false }, (client) => deleteBucketRow(client, id))
  } catch (error) {
    if ((error as { code?: unknown }).code === '23503') {
      throw storageErrors.bucketNotEmpty()
    }
    throw error
  }
  if (!deleted) {
    throw storageErrors.noSuchBucket()
  }
}

/** How many objects one transaction of `emptyBucket` removes. */
const EMPTY_BATCH = 500

/**
 * Removes every object of the bucket the caller may remove, a batch per transaction (rows
 * and bytes together, as `removeObjects` does); objects they may not remove stay. The bucket
 * must be one the caller sees. Done before answering: no queue, unlike Supabase, whose answer
 * says the work is queued (the same words are kept for the clients that compare them).
 */
export async function emptyBucket(
  ctx: StorageContext,
  scope: RequestScope,
  id: string,
): Promise<void> {
  const bucket = await runAs(ctx, scope, { readOnly: true }, (client) => findBucket(client, id))
  if (!bucket) {
    throw storageErrors.noSuchBucket()
  }
  let after = ''
  for (;;) {
    const batch = await runAs(ctx, scope, { readOnly: false }, async (client) => {
      const result = await deleteObjectBatch(client, id, after, EMPTY_BATCH)
      if (result.deleted.length > 0) {
        await ctx.store.remove(id, result.deleted)
      }
      return result
    })
    if (batch.last === null) {
      return
    }
    after = batch.last
  }
}
