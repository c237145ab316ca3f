import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import {
  type ByteStore,
  checkBucketName,
  checkedSegments,
  type StagedBytes,
  type StoredBytes,
} from './byte-store.ts'

/**
 * A byte store in one bucket of an S3-compatible service (AWS S3, Cloudflare R2, MinIO): the
 * bytes of the object `<name>` of the storage bucket `<bucket>` are at the key
 * `<bucket>/<name>`. Content types and every other piece of metadata stay in
 * `storage.objects`, as with the local store; S3 holds bytes only.
 *
 * - Staged writes go to `.staged/<uuid>` (no storage bucket can be named so: bucket names start
 *   with a letter or digit), streamed: a single PUT when the bytes fit in one part, else a
 *   multipart upload of `partBytes` parts, so memory stays bounded whatever the size. `commit`
 *   copies the staged key into place on the server side (one step: a reader sees the old
 *   object or the new) and deletes the staged key.
 * - `open` reads the size and the ETag (HEAD); `stream` GETs the bytes or one range,
 *   `If-Match` that ETag, so an object replaced in between fails instead of mixing versions.
 * - S3 has no folders: unlike the local disk, `a` and `a/b` can both exist.
 */
export type S3ByteStoreOptions = {
  client: S3Client
  /** The one S3 bucket every storage bucket lives in (`S3_BUCKET`). */
  bucket: string
  /** Size of one multipart part (S3's minimum is 5 MiB); default 8 MiB. */
  partBytes?: number
}

export type S3ConnectionSettings = {
  /** Unset: AWS S3 of `region`. Set: MinIO, R2 or any S3-compatible endpoint. */
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

const STAGED_PREFIX = '.staged/'
const DEFAULT_PART_BYTES = 8 * 1024 * 1024
const MIN_PART_BYTES = 5 * 1024 * 1024
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000

/** An S3 client for these settings (credentials from the environment's chain when unset). */
export function createS3Client(settings: S3ConnectionSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: R2, MinIO and older S3-compatible services refuse
    // the SDK's default CRC32 trailers on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** Whether an S3 error means "no such object". */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return (
    failure.name === 'NoSuchKey' ||
    failure.name === 'NotFound' ||
    failure.$metadata?.httpStatusCode === 404
  )
}

/** Chunks of exactly `size` bytes (the last one shorter) from any byte source. */
async function* partsOf(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  size: number,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    let view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    while (pendingBytes + view.byteLength >= size) {
      const take = size - pendingBytes
      pending.push(view.subarray(0, take))
      yield Buffer.concat(pending)
      pending = []
      pendingBytes = 0
      view = view.subarray(take)
    }
    if (view.byteLength > 0) {
      // Copied: the source may reuse its buffer for the next chunk.
      pending.push(Buffer.from(view))
      pendingBytes += view.byteLength
    }
  }
  if (pendingBytes > 0) {
    yield Buffer.concat(pending)
  }
}

export function createS3ByteStore(options: S3ByteStoreOptions): ByteStore {
  const { client, bucket: s3Bucket } = options
  const partBytes = Math.max(options.partBytes ?? DEFAULT_PART_BYTES, MIN_PART_BYTES)

  function keyOf(bucket: string, objectPath: string): string {
    checkBucketName(bucket)
    return `${bucket}/${checkedSegments(objectPath).join('/')}`
  }

  /** `CopySource`: the bucket and the key, URL-encoded but for the slashes. */
  function copySource(key: string): string {
    return `${s3Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
  }

  async function deleteKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH)
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: s3Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      )
      const failed = (result.Errors ?? []).filter((failure) => failure.Code !== 'NoSuchKey')
      if (failed.length > 0) {
        throw new Error(
          `S3 could not delete ${failed.length} object(s): ${failed[0]?.Key} (${failed[0]?.Code})`,
        )
      }
    }
  }

  /** Every key under `prefix`, page by page. */
  async function* keysUnder(prefix: string) {
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3Bucket, Prefix: prefix, ContinuationToken: token }),
      )
      for (const entry of page.Contents ?? []) {
        if (entry.Key) {
          yield { key: entry.Key, lastModified: entry.LastModified }
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  /** Copies `from` to `to` on the server side; false when `from` does not exist. */
  async function copy(fromKey: string, toKey: string): Promise<boolean> {
    try {
      await client.send(
        new CopyObjectCommand({ Bucket: s3Bucket, Key: toKey, CopySource: copySource(fromKey) }),
      )
      return true
    } catch (error) {
      if (isMissing(error)) {
        return false
      }
      throw error
    }
  }

  /** Uploads `source` to `key`: one PUT for a single part, else a multipart upload. */
  async function upload(
    key: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<number> {
    const parts = partsOf(source, partBytes)
    const first = await parts.next()
    const firstPart = first.done ? Buffer.alloc(0) : first.value
    const second = first.done ? first : await parts.next()
    if (second.done) {
      await client.send(new PutObjectCommand({ Bucket: s3Bucket, Key: key, Body: firstPart }))
      return firstPart.byteLength
    }
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3Bucket, Key: key }),
    )
    const uploadId = created.UploadId
    const done: { PartNumber: number; ETag: string | undefined }[] = []
    let size = 0
    const sendPart = async (body: Buffer) => {
      const PartNumber = done.length + 1
      const sent = await client.send(
        new UploadPartCommand({
          Bucket: s3Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
        }),
      )
      done.push({ PartNumber, ETag: sent.ETag })
      size += body.byteLength
    }
    try {
      await sendPart(firstPart)
      await sendPart(second.value)
      for await (const part of parts) {
        await sendPart(part)
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: s3Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done },
        }),
      )
      return size
    } catch (error) {
      // Best effort: a service that refuses the abort expires the parts by its own lifecycle.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: s3Bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined)
      throw error
    }
  }

  async function stage(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    const stagedKey = `${STAGED_PREFIX}${randomUUID()}`
    const size = await upload(stagedKey, source)
    let committed = false
    const dropStaged = () =>
      client.send(new DeleteObjectCommand({ Bucket: s3Bucket, Key: stagedKey }))
    const staged: StagedBytes = {
      size,
      commit: async (bucket, objectPath) => {
        const key = keyOf(bucket, objectPath)
        if (!(await copy(stagedKey, key))) {
          throw new Error(`The staged bytes of ${bucket}/${objectPath} are gone`)
        }
        committed = true
        await dropStaged()
      },
      discard: async () => {
        if (!committed) {
          await dropStaged()
        }
      },
    }
    return staged
  }

  async function open(bucket: string, objectPath: string): Promise<StoredBytes | null> {
    const key = keyOf(bucket, objectPath)
    let head
    try {
      head = await client.send(new HeadObjectCommand({ Bucket: s3Bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) {
        return null
      }
      throw error
    }
    const etag = head.ETag
    return {
      size: head.ContentLength ?? 0,
      modifiedAt: head.LastModified ?? new Date(0),
      stream: (range) => {
        async function* body() {
          const answer = await client.send(
            new GetObjectCommand({
              Bucket: s3Bucket,
              Key: key,
              IfMatch: etag,
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
          )
          if (answer.Body) {
            yield* answer.Body as Readable
          }
        }
        return Readable.from(body(), { objectMode: false })
      },
      close: async () => {},
    }
  }

  return {
    stage,

    async put(bucket, objectPath, data) {
      const key = keyOf(bucket, objectPath)
      // One PUT replaces an object whole on S3: no staging needed.
      await client.send(new PutObjectCommand({ Bucket: s3Bucket, Key: key, Body: data }))
    },

    async get(bucket, objectPath) {
      const key = keyOf(bucket, objectPath)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: s3Bucket, Key: key }))
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? [])
      } catch (error) {
        if (isMissing(error)) {
          return null
        }
        throw error
      }
    },

    open,

    async move(from, to) {
      const fromKey = keyOf(from.bucket, from.name)
      const toKey = keyOf(to.bucket, to.name)
      if (fromKey === toKey) {
        return (await open(from.bucket, from.name)) !== null
      }
      if (!(await copy(fromKey, toKey))) {
        return false
      }
      await client.send(new DeleteObjectCommand({ Bucket: s3Bucket, Key: fromKey }))
      return true
    },

    async remove(bucket, objectPaths) {
      const keys = objectPaths.map((objectPath) => keyOf(bucket, objectPath))
      await deleteKeys(keys)
    },

    async removePrefix(bucket, prefix) {
      const folder = keyOf(bucket, prefix.replace(/\/+$/, ''))
      const keys = [folder]
      for await (const entry of keysUnder(`${folder}/`)) {
        keys.push(entry.key)
      }
      await deleteKeys(keys)
    },

    async sweepStaged(before) {
      const old: string[] = []
      for await (const entry of keysUnder(STAGED_PREFIX)) {
        if (entry.lastModified && entry.lastModified < before) {
          old.push(entry.key)
        }
      }
      await deleteKeys(old)
      // Multipart uploads cut off before completing hold parts, not objects; abort those too
      // where the service lists them (some S3-compatible servers do not).
      try {
        const uploads = await client.send(
          new ListMultipartUploadsCommand({ Bucket: s3Bucket, Prefix: STAGED_PREFIX }),
        )
        for (const pending of uploads.Uploads ?? []) {
          if (pending.Initiated && pending.Initiated < before && pending.Key && pending.UploadId) {
            await client
              .send(
                new AbortMultipartUploadCommand({
                  Bucket: s3Bucket,
                  Key: pending.Key,
                  UploadId: pending.UploadId,
                }),
              )
              .catch(() => undefined)
          }
        }
      } catch {
        // not supported here: the service's lifecycle rules expire such parts
      }
      return old.length
    },
  }
}
