import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where the bytes of storage objects live. Their rows (`storage.objects`) are in PostgreSQL;
 * the bytes are written here, by bucket and object name. Names are checked before they touch
 * the file system: no `.` or `..` segments, no empty segments, no absolute paths, no NUL.
 */
export type ByteStore = {
  /** Writes the object whole: a reader sees the old bytes or the new, never a mix. */
  put: (bucket: string, objectPath: string, data: Uint8Array) => Promise<void>
  /** The object's bytes, or null when there is no such object. */
  get: (bucket: string, objectPath: string) => Promise<Buffer | null>
  /** Removes these objects; names that do not exist are ignored. */
  remove: (bucket: string, objectPaths: string[]) => Promise<void>
  /** Removes the folder `prefix` ("<user id>" or "<user id>/sub/") and everything in it. */
  removePrefix: (bucket: string, prefix: string) => Promise<void>
}

export class InvalidObjectPathError extends Error {
  override name = 'InvalidObjectPathError'
}

const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/
/** Files being written wait here, beside the buckets, so a rename puts them in place. */
const PARTIAL_DIR = '.partial'

function checkedSegments(objectPath: string): string[] {
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

/** A byte store on the local disk, rooted at `<dataDir>/storage/<bucket>/<object name>`. */
export function createLocalByteStore(dataDir: string): ByteStore {
  const root = path.resolve(dataDir, 'storage')

  function bucketDir(bucket: string): string {
    if (!BUCKET_NAME.test(bucket)) {
      throw new InvalidObjectPathError(`Invalid bucket name: ${bucket}`)
    }
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

  return {
    async put(bucket, objectPath, data) {
      const file = fileOf(bucket, objectPath)
      const partialDir = path.join(root, PARTIAL_DIR)
      const partial = path.join(partialDir, randomUUID())
      await mkdir(partialDir, { recursive: true })
      await mkdir(path.dirname(file), { recursive: true })
      try {
        await writeFile(partial, data)
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },

    async get(bucket, objectPath) {
      try {
        return await readFile(fileOf(bucket, objectPath))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') {
          return null
        }
        throw error
      }
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
  }
}
