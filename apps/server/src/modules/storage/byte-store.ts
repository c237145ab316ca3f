import { randomUUID } from 'node:crypto'
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
} from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where the bytes of storage objects live. Their rows (`storage.objects`) are in PostgreSQL;
 * the bytes are written here, by bucket and object name. Names are checked before they touch
 * the file system: no `.` or `..` segments, no empty segments, no absolute paths, no NUL.
 *
 * Writes are staged: the bytes go to a temporary place first and `commit` puts them in place
 * whole, so the Storage service can write an object's row and then its bytes in one
 * transaction (see `object-writes.ts`). `s3-byte-store.ts` implements the same calls on an
 * S3-compatible service (staging = an upload to a temporary key, commit = copy into place);
 * `byteStoreFromConfig` (`configured-byte-store.ts`) picks one from `STORAGE_BACKEND`.
 */
export type ByteStore = {
  /** Writes the object whole: a reader sees the old bytes or the new, never a mix. */
  put: (bucket: string, objectPath: string, data: Uint8Array) => Promise<void>
  /** The object's bytes, or null when there is no such object. */
  get: (bucket: string, objectPath: string) => Promise<Buffer | null>
  /**
   * Writes `source` to a temporary place, invisible to readers until committed. With
   * `ownedChunks`, nothing else holds the chunks once they are handed over (a request's body),
   * and a store may free their memory once written (`releaseChunk`).
   */
  stage: (
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options?: { ownedChunks?: boolean },
  ) => Promise<StagedBytes>
  /** The object opened for reading, or null when there is no such object. */
  open: (bucket: string, objectPath: string) => Promise<StoredBytes | null>
  /** Moves an object's bytes, replacing any at the destination; false when there were none. */
  move: (from: ObjectLocation, to: ObjectLocation) => Promise<boolean>
  /** Removes these objects; names that do not exist are ignored. */
  remove: (bucket: string, objectPaths: string[]) => Promise<void>
  /** Removes the folder `prefix` ("<user id>" or "<user id>/sub/") and everything in it. */
  removePrefix: (bucket: string, prefix: string) => Promise<void>
  /**
   * Removes staged bytes older than `before` that were never committed (an upload cut off by
   * a crash); answers how many. Uploads still running elsewhere are younger than that.
   */
  sweepStaged: (before: Date) => Promise<number>
}

export type ObjectLocation = { bucket: string; name: string }

export type StagedBytes = {
  size: number
  /** Puts the bytes in place as this object, replacing its old bytes in one step. */
  commit: (bucket: string, objectPath: string) => Promise<void>
  /** Drops the staged bytes unless they were committed. */
  discard: () => Promise<void>
}

/** Inclusive byte offsets, as in an HTTP Range. */
export type ByteRange = { start: number; end: number }

export type StoredBytes = {
  size: number
  modifiedAt: Date
  /** The bytes (all, or one range); the stream owns the opened object and closes it. */
  stream: (range?: ByteRange) => Readable
  /**
   * Reads the bytes (all, or one range) into `target`, exactly `target.length` of them, and
   * closes the object; where a store can, so a download reads into a reused buffer
   * (`buffer-pool.ts`) rather than allocating per chunk.
   */
  readInto?: (target: Buffer, range?: ByteRange) => Promise<void>
  /** Closes the object when its bytes are not read. */
  close: () => Promise<void>
}

export class InvalidObjectPathError extends Error {
  override name = 'InvalidObjectPathError'
}

const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/
/** Files being written wait here, beside the buckets, so a rename puts them in place. */
const PARTIAL_DIR = '.partial'
const READ_CHUNK_BYTES = 1024 * 1024
/** Incoming chunks (64 KiB socket reads) are written to the staging file this many at a time. */
const WRITE_BATCH_BYTES = 1024 * 1024
/** What the file system answers when a name and a folder collide (`a/b` beside `a/b/c`). */
const NAME_CLASH_CODES = new Set(['EEXIST', 'EISDIR', 'ENOTDIR', 'ENOTEMPTY'])
/** What it answers for a name with no file behind it. */
const MISSING_CODES = new Set(['ENOENT', 'EISDIR', 'ENOTDIR'])

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code
}

/** An object name's segments, refused (`InvalidObjectPathError`) when it could escape its bucket. */
export function checkedSegments(objectPath: string): string[] {
  if (objectPath.includes('\0')) {
    throw new InvalidObjectPathError('An object name cannot contain NUL')
  }
  if (objectPath.startsWith('/') || objectPath.startsWith('\\') || path.isAbsolute(objectPath)) {
    throw new InvalidObjectPathError(`An object name cannot be absolute: ${objectPath}`)
  }
  const segments = objectPath.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new InvalidObjectPathError(`Invalid object name: ${objectPath}`)
  }
  return segments
}

/** Refuses a bucket name that is not a plain name (`..`, `.partial`, `a/b`, empty). */
export function checkBucketName(bucket: string): void {
  if (!BUCKET_NAME.test(bucket)) {
    throw new InvalidObjectPathError(`Invalid bucket name: ${bucket}`)
  }
}

/** Writes `chunks` whole at the file's current position, resuming after a short write. */
async function writeAllOf(file: FileHandle, chunks: Uint8Array[]): Promise<void> {
  let pending = chunks
  while (pending.length > 0) {
    const { bytesWritten } = await file.writev(pending)
    let skipped = bytesWritten
    const rest: Uint8Array[] = []
    for (const chunk of pending) {
      if (skipped >= chunk.byteLength) {
        skipped -= chunk.byteLength
      } else {
        rest.push(skipped > 0 ? chunk.subarray(skipped) : chunk)
        skipped = 0
      }
    }
    pending = rest
  }
}

/** Below this a chunk may sit in Node's shared 8 KiB allocation pool: never freed here. */
const RELEASED_CHUNK_MIN_BYTES = 16 * 1024

/**
 * Frees a written chunk's memory now, when the chunk is the whole of its own ArrayBuffer (a
 * request body's chunk: Node's HTTP parser copies each socket read into a new one). Left to the
 * garbage collector, every few dozen MB of such memory starts a full collection of the server's
 * whole heap, which cost more than the upload itself (docs/performance.md, "Storage").
 * Detaching it (`ArrayBuffer.prototype.transfer(0)`) frees it at once; only for chunks nothing
 * else will read again.
 */
export function releaseChunk(chunk: Uint8Array): void {
  const buffer = chunk.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }
  if (
    chunk.byteOffset === 0 &&
    chunk.byteLength === buffer.byteLength &&
    chunk.byteLength >= RELEASED_CHUNK_MIN_BYTES &&
    typeof buffer.transfer === 'function' &&
    !(buffer instanceof SharedArrayBuffer)
  ) {
    buffer.transfer(0)
  }
}

/**
 * Copies `source` into `file` without copying a chunk: chunks are gathered by reference until
 * WRITE_BATCH_BYTES, then written with ONE `writev`, while the next batch is gathered; at most
 * one batch is being written and one gathered, so an upload holds about two batches however
 * large it is (the socket waits meanwhile). Answers the number of bytes written.
 */
export async function writeChunks(
  file: FileHandle,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: { ownedChunks?: boolean } = {},
): Promise<number> {
  let size = 0
  let batch: Uint8Array[] = []
  let batchBytes = 0
  let writing: Promise<void> = Promise.resolve()
  let failure: { error: unknown } | null = null
  const flush = async () => {
    await writing
    if (failure) {
      throw failure.error
    }
    const chunks = batch
    batch = []
    batchBytes = 0
    writing = writeAllOf(file, chunks).then(
      () => {
        if (options.ownedChunks) {
          chunks.forEach(releaseChunk)
        }
      },
      (error: unknown) => {
        failure = { error }
      },
    )
  }
  try {
    // for await reads sync iterables too; the cast only tells the linter the chunks' type.
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      batch.push(chunk)
      batchBytes += chunk.byteLength
      if (batchBytes >= WRITE_BATCH_BYTES) {
        await flush()
      }
    }
    if (batch.length > 0) {
      await flush()
    }
  } finally {
    await writing // never left running behind a failed source
  }
  if (failure) {
    throw (failure as { error: unknown }).error
  }
  return size
}

/** A byte store on the local disk, rooted at `<dataDir>/storage/<bucket>/<object name>`. */
export function createLocalByteStore(dataDir: string): ByteStore {
  const root = path.resolve(dataDir, 'storage')
  const partialDir = path.join(root, PARTIAL_DIR)

  function bucketDir(bucket: string): string {
    checkBucketName(bucket)
    return path.join(root, bucket)
  }

  function fileOf(bucket: string, objectPath: string): string {
    const base = bucketDir(bucket)
    const file = path.join(base, ...checkedSegments(objectPath))
    // The checks above already rule this out; the file system is worth a second guard.
    if (!file.startsWith(base + path.sep)) {
      throw new InvalidObjectPathError(`Invalid object name: ${objectPath}`)
    }
    return file
  }

  /** Renames `from` to the object's file, creating its folders. */
  async function placeAt(from: string, bucket: string, objectPath: string) {
    const file = fileOf(bucket, objectPath)
    try {
      await mkdir(path.dirname(file), { recursive: true })
      await rename(from, file)
    } catch (error) {
      if (NAME_CLASH_CODES.has(errorCode(error) ?? '')) {
        throw new InvalidObjectPathError(`The name clashes with a folder or file: ${objectPath}`)
      }
      throw error
    }
  }

  /** Removes the now-empty folders between a removed file and its bucket. */
  async function pruneEmptyFolders(base: string, file: string) {
    for (let dir = path.dirname(file); dir.startsWith(base + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir)
      } catch {
        return // not empty (or already gone): the folders above are not empty either
      }
    }
  }

  async function stage(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options: { ownedChunks?: boolean } = {},
  ) {
    const partial = path.join(partialDir, randomUUID())
    await mkdir(partialDir, { recursive: true })
    // The file is opened before the copy starts and closed before it is removed, so nothing
    // can create it again after a failed copy was cleaned up.
    const file = await open(partial, 'wx')
    let size: number
    try {
      size = await writeChunks(file, source, options)
    } catch (error) {
      await file.close().catch(() => undefined)
      await rm(partial, { force: true })
      throw error
    }
    await file.close()
    let committed = false
    const staged: StagedBytes = {
      size,
      commit: async (bucket, objectPath) => {
        await placeAt(partial, bucket, objectPath)
        committed = true
      },
      discard: async () => {
        if (!committed) {
          await rm(partial, { force: true })
        }
      },
    }
    return staged
  }

  return {
    stage,

    async put(bucket, objectPath, data) {
      fileOf(bucket, objectPath) // refuse a bad name before writing anything
      const staged = await stage([data])
      try {
        await staged.commit(bucket, objectPath)
      } finally {
        await staged.discard()
      }
    },

    async get(bucket, objectPath) {
      try {
        return await readFile(fileOf(bucket, objectPath))
      } catch (error) {
        if (MISSING_CODES.has(errorCode(error) ?? '')) {
          return null
        }
        throw error
      }
    },

    async open(bucket, objectPath) {
      let handle
      try {
        handle = await open(fileOf(bucket, objectPath), 'r')
      } catch (error) {
        if (MISSING_CODES.has(errorCode(error) ?? '')) {
          return null
        }
        throw error
      }
      const stats = await handle.stat()
      if (!stats.isFile()) {
        await handle.close()
        return null
      }
      const opened = handle
      let streaming = false
      return {
        size: stats.size,
        modifiedAt: stats.mtime,
        stream: (range) => {
          streaming = true
          // 1 MiB reads: fewer, larger socket writes (downloads ran half as fast again as with
          // the 64 KiB default in `npm run bench -- storage`).
          return opened.createReadStream({ ...range, highWaterMark: READ_CHUNK_BYTES })
        },
        readInto: async (target, range) => {
          streaming = true
          try {
            let filled = 0
            const start = range?.start ?? 0
            while (filled < target.length) {
              const { bytesRead } = await opened.read(
                target,
                filled,
                target.length - filled,
                start + filled,
              )
              if (bytesRead === 0) {
                throw new Error(`${bucket}/${objectPath} ended after ${filled} bytes`)
              }
              filled += bytesRead
            }
          } finally {
            await opened.close()
          }
        },
        close: async () => {
          if (!streaming) {
            await opened.close()
          }
        },
      }
    },

    async move(from, to) {
      const source = fileOf(from.bucket, from.name)
      fileOf(to.bucket, to.name)
      try {
        await placeAt(source, to.bucket, to.name)
      } catch (error) {
        if (MISSING_CODES.has(errorCode(error) ?? '')) {
          return false
        }
        throw error
      }
      await pruneEmptyFolders(bucketDir(from.bucket), source)
      return true
    },

    async remove(bucket, objectPaths) {
      const base = bucketDir(bucket)
      for (const objectPath of objectPaths) {
        const file = fileOf(bucket, objectPath)
        await rm(file, { force: true })
        await pruneEmptyFolders(base, file)
      }
    },

    async removePrefix(bucket, prefix) {
      const folder = fileOf(bucket, prefix.replace(/\/+$/, ''))
      await rm(folder, { recursive: true, force: true })
      await pruneEmptyFolders(bucketDir(bucket), folder)
    },

    async sweepStaged(before) {
      const names = await readdir(partialDir).catch(() => [] as string[])
      let removed = 0
      for (const name of names) {
        const file = path.join(partialDir, name)
        const info = await stat(file).catch(() => null)
        if (info && info.mtime < before) {
          await rm(file, { force: true })
          removed++
        }
      }
      return removed
    },
  }
}
