import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { ObjectLocation, StagedBytes } from './byte-store.ts'
import {
  type BucketRules,
  checkDeclaredType,
  checkMimeType,
  checkSendable,
  hasTypeList,
  inspectBytes,
  type InspectionRules,
  sizeLimitOf,
} from './bucket-rules.ts'
import { contentRuleOf, isGenericType, OCTET_STREAM } from './content-types.ts'
import {
  type BucketRow,
  consumeUploadToken,
  deleteObjects,
  findBucketStatement,
  findObject,
  type ObjectMetadata,
  type ObjectRow,
  renameObject,
  rulesOf,
  objectWriteProbeStatement,
  WRITE_PROBE_ALLOWED,
  writeObjectRow,
} from './objects.repository.ts'
import {
  asService,
  queryAs,
  readAs,
  type RequestScope,
  runAs,
  type StorageContext,
} from './storage-context.ts'
import { storageErrors } from './storage-errors.ts'
import { ownerOf } from './storage-identity.ts'
import { type IncomingFile, readIncomingFile } from './upload-body.ts'

/**
 * Writing objects: their rows and their bytes kept in step. Rows are written as the request's
 * role, so row-level security refuses what it must, and the bytes are put in place inside the
 * same transaction, after the row statement and before the commit, while PostgreSQL holds
 * that row's lock (concurrent writers of one name queue on it, so bytes and rows land in the
 * same order). The order, and what a crash between two steps leaves:
 *
 * - upload and copy: bytes to a temporary file (size, type and content checked on the way),
 *   row insert/upsert, rename into place, commit. Before the rename: nothing visible (the
 *   temporary file is dropped). Between rename and commit: bytes without a row, which nothing
 *   serves (every read starts from the row); for a replaced object, the new bytes under the
 *   old row, served with the old row's type and ETag but their own length.
 * - remove: row delete, file removal, commit. Between the two: a row without bytes, which a
 *   download answers with 404 NoSuchKey, never 500, and which can be removed again.
 * - move: row rename, file rename, commit. Between the two: the source row without bytes (404)
 *   and bytes at the destination without a row (not served).
 */
export type WriteTarget = ObjectLocation & {
  upsert: boolean
  owner: string | null
  /** A signed upload URL's token: spent in the transaction that writes the object. */
  uploadToken?: { id: string; expiresAt: Date }
}

/** The bucket's settings, read as the server: 404 `Bucket not found` when there is none. */
export async function loadBucket(
  ctx: StorageContext,
  scope: RequestScope,
  bucketId: string,
): Promise<BucketRow> {
  const [bucket] = await readAs<BucketRow>(ctx, asService(scope), findBucketStatement(bucketId))
  if (!bucket) {
    throw storageErrors.noSuchBucket()
  }
  return bucket
}

/**
 * Tries the row write and rolls it back, in one round trip (`objectWriteProbeStatement`):
 * what row-level security (or an existing object) would refuse at the end is refused before a
 * byte is read, as Supabase does.
 */
export async function checkWritePermission(
  ctx: StorageContext,
  scope: RequestScope,
  target: WriteTarget,
): Promise<void> {
  const probe: ObjectMetadata = {
    eTag: '',
    size: 0,
    mimetype: 'application/octet-stream',
    cacheControl: 'no-cache',
    lastModified: ctx.now().toISOString(),
    contentLength: 0,
    httpStatusCode: 200,
  }
  const statement = objectWriteProbeStatement(
    { ...target, version: randomUUID(), metadata: probe, userMetadata: null },
    { upsert: target.upsert },
  )
  try {
    await queryAs(ctx, scope, { readOnly: false }, statement)
  } catch (error) {
    if ((error as { code?: unknown }).code === WRITE_PROBE_ALLOWED) {
      return // the write would succeed; it was rolled back with the probe's failure
    }
    throw error
  }
  throw new Error('the write probe succeeded, which it never should')
}

/**
 * What the bytes of a file declared as `mimeType` must show in this bucket. Everywhere, an
 * inert type served inline (an image, a PDF, audio) must carry its signature, so a page or a
 * script cannot pass for one. Plain text is checked (UTF-8, no NUL) only in a bucket that
 * lists its types, where the list is a promise about content: in a bucket without a list any
 * bytes may be stored as `text/plain` (storage-js's default type for raw bodies), which is
 * served with `nosniff` and so never runs, whatever it holds.
 */
function contentRuleFor(bucket: BucketRules, mimeType: string): InspectionRules['content'] {
  const rule = contentRuleOf(mimeType)
  return rule.kind === 'text' && !hasTypeList(bucket) ? { kind: 'none' } : rule
}

/**
 * Streams a file into a staged write, checking it against the bucket's rules on the way: its
 * declared type (sendable, allowed), its size, and its bytes against that type. A file sent
 * without a type of its own takes the type its bytes show when the bucket lists types.
 */
async function stageFile(ctx: StorageContext, bucket: BucketRules, file: IncomingFile) {
  checkDeclaredType(bucket, file.mimeType)
  const namedByBytes = isGenericType(file.mimeType) && hasTypeList(bucket)
  const content: InspectionRules['content'] = namedByBytes
    ? { kind: 'detect' }
    : contentRuleFor(bucket, file.mimeType)
  const inspection = inspectBytes(file.bytes, {
    limit: sizeLimitOf(bucket, ctx.maxFileSize),
    content,
  })
  const staged = await ctx.store.stage(inspection.chunks, { ownedChunks: file.ownedChunks })
  const { size, eTag, detected } = inspection.result()
  const mimeType = namedByBytes ? (detected ?? OCTET_STREAM) : file.mimeType
  if (namedByBytes) {
    try {
      checkMimeType(bucket, mimeType)
    } catch (error) {
      await staged.discard()
      throw error
    }
  }
  const metadata: ObjectMetadata = {
    eTag,
    size,
    mimetype: mimeType,
    cacheControl: file.cacheControl,
    lastModified: ctx.now().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  }
  return { staged, metadata }
}

/** Writes the row as `scope` and puts the staged bytes in place before that commits. */
async function saveObject(
  ctx: StorageContext,
  scope: RequestScope,
  target: WriteTarget,
  staged: StagedBytes,
  metadata: ObjectMetadata,
  userMetadata: Record<string, unknown> | null,
): Promise<ObjectRow> {
  try {
    return await runAs(ctx, scope, { readOnly: false }, async (client) => {
      if (target.uploadToken) {
        const spent = await consumeUploadToken(client, target.uploadToken, ctx.now())
        if (!spent) {
          throw storageErrors.uploadUrlUsed()
        }
      }
      const row = await writeObjectRow(
        client,
        { ...target, version: randomUUID(), metadata, userMetadata },
        { upsert: target.upsert },
      )
      await staged.commit(target.bucket, target.name)
      return row
    })
  } finally {
    await staged.discard()
  }
}

/**
 * An upload (POST/PUT `/object/…`, or a signed upload URL, whose permission was checked when
 * it was signed): the bucket's limits, then the permission, then the body.
 */
export async function uploadObject(
  ctx: StorageContext,
  request: FastifyRequest,
  scope: RequestScope,
  target: WriteTarget,
  options: { permissionChecked: boolean },
): Promise<ObjectRow> {
  const bucket = rulesOf(await loadBucket(ctx, scope, target.bucket))
  if (!options.permissionChecked) {
    await checkWritePermission(ctx, scope, target)
  }
  const file = await readIncomingFile(request, sizeLimitOf(bucket, ctx.maxFileSize))
  const { staged, metadata } = await stageFile(ctx, bucket, file)
  return saveObject(ctx, scope, target, staged, metadata, file.userMetadata)
}

/** Removes the named objects the caller may remove; the others are left alone, unnamed. */
export async function removeObjects(
  ctx: StorageContext,
  scope: RequestScope,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  return runAs(ctx, scope, { readOnly: false }, async (client) => {
    const removed = await deleteObjects(client, bucket, names)
    if (removed.length > 0) {
      await ctx.store.remove(
        bucket,
        removed.map((row) => row.name),
      )
    }
    return removed
  })
}

/**
 * Refuses an existing object that the destination bucket would not take as an upload: its
 * type, its size and, where the bucket lists its types, its bytes read again against its type.
 */
async function checkFitsBucket(
  ctx: StorageContext,
  bucket: BucketRules,
  location: ObjectLocation,
  metadata: ObjectMetadata | null,
) {
  const mimeType = metadata?.mimetype ?? OCTET_STREAM
  checkSendable(mimeType)
  checkMimeType(bucket, mimeType)
  const limit = sizeLimitOf(bucket, ctx.maxFileSize)
  if ((metadata?.size ?? 0) > limit) {
    throw storageErrors.entityTooLarge()
  }
  const content = contentRuleOf(mimeType)
  if (!hasTypeList(bucket) || content.kind === 'none') {
    return
  }
  const stored = await ctx.store.open(location.bucket, location.name)
  if (!stored) {
    throw storageErrors.noSuchKey()
  }
  const bytes = stored.stream()
  try {
    for await (const chunk of inspectBytes(bytes, { limit, content }).chunks) {
      void chunk // read through: the inspection throws on the first mismatch
    }
  } finally {
    bytes.destroy()
  }
}

export async function moveObject(
  ctx: StorageContext,
  scope: RequestScope,
  from: ObjectLocation,
  to: ObjectLocation,
): Promise<ObjectRow> {
  const destination =
    from.bucket === to.bucket ? null : rulesOf(await loadBucket(ctx, scope, to.bucket))
  return runAs(ctx, scope, { readOnly: false }, async (client) => {
    const moved = await renameObject(client, from, { ...to, owner: ownerOf(scope.identity) })
    if (!moved) {
      throw storageErrors.noSuchKey()
    }
    if (destination) {
      await checkFitsBucket(ctx, destination, from, moved.metadata)
    }
    if (!(await ctx.store.move(from, to))) {
      throw storageErrors.noSuchKey()
    }
    return moved
  })
}

/** Copies an object the caller can read to a name they can write, as a new object. */
export async function copyObject(
  ctx: StorageContext,
  scope: RequestScope,
  from: ObjectLocation,
  to: WriteTarget,
): Promise<ObjectRow> {
  const source = await runAs(ctx, scope, { readOnly: true }, (client) =>
    findObject(client, from.bucket, from.name),
  )
  if (!source) {
    throw storageErrors.noSuchKey()
  }
  const destination = rulesOf(await loadBucket(ctx, scope, to.bucket))
  const stored = await ctx.store.open(from.bucket, from.name)
  if (!stored) {
    throw storageErrors.noSuchKey()
  }
  const bytes = stored.stream()
  let staging
  try {
    staging = await stageFile(ctx, destination, {
      mimeType: source.metadata?.mimetype ?? 'application/octet-stream',
      cacheControl: source.metadata?.cacheControl ?? 'no-cache',
      userMetadata: source.user_metadata,
      bytes,
      ownedChunks: false,
    })
  } catch (error) {
    bytes.destroy() // refused before it was read: the file is closed here
    throw error
  }
  const { staged, metadata } = staging
  return saveObject(ctx, scope, to, staged, metadata, source.user_metadata)
}
