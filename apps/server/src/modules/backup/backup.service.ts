import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { Database } from '../../platform/db/pool.ts'
import { type ByteStore, listObjectLocations, type ObjectLocation } from '../storage/index.ts'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveHead,
  type ArchiveManifest,
  type FileDigest,
  fileEntryName,
  HEAD_ENTRY,
  INSTALL_PREFIX,
  MANIFEST_ENTRY,
  tableEntryName,
  type TableDigest,
} from './archive.ts'
import { readSequences, readTableShapes, rowsAsJsonSql } from './catalog.ts'
import { TarWriter } from './tar.ts'

export type BackupDependencies = {
  /** A superuser (or owner) connection: every row, no row-level security. */
  db: Database
  byteStore: ByteStore
  /** The install's data folder: its key files (`*.json` at the top) go in the archive. */
  dataDir: string | null
  appVersion: string
}

export type BackupSummary = ArchiveManifest & {
  /** Bytes of the archive's tar stream before compression. */
  uncompressedBytes: number
}

/** Rows fetched from the snapshot at a time, and the largest table part written at once. */
const FETCH_ROWS = 5000
const PART_BYTES = 8 * 1024 * 1024
const OBJECT_PAGE = 1000

/** The data folder's key files: secrets.json, the signing and push keys (not the database). */
async function installFiles(dataDir: string | null) {
  if (!dataDir) {
    return []
  }
  const entries = await readdir(dataDir, { withFileTypes: true }).catch(() => [])
  const files: { name: string; bytes: Buffer; sha256: string }[] = []
  for (const entry of entries.filter((item) => item.isFile() && item.name.endsWith('.json'))) {
    const bytes = await readFile(path.join(dataDir, entry.name))
    files.push({
      name: entry.name,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
  }
  return files.sort((a, b) => a.name.localeCompare(b.name))
}

async function* hashing(source: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk)
    yield chunk
  }
}

/**
 * Writes one archive of the install to `out` (ADR 0033) while the app keeps serving: the rows
 * of every table, read in one REPEATABLE READ, READ ONLY transaction (one consistent snapshot,
 * blocking no writer), then the bytes of every object that snapshot lists. An object deleted
 * after the snapshot but before its bytes were read is skipped and listed in the manifest (a
 * restore forgets its row); every other object is in the archive with its sha256.
 */
export async function writeBackup(deps: BackupDependencies, out: Writable): Promise<BackupSummary> {
  const gzip = createGzip({ level: 6 })
  gzip.pipe(out)
  const done = finished(out)
  // Until the end, `done` is awaited only there; an early failure must not go unhandled.
  done.catch(() => undefined)
  const tar = new TarWriter(gzip)
  const client = await deps.db.connect()
  try {
    await client.query('begin isolation level repeatable read, read only')
    // A policy that would hide rows from this role is an error, not a smaller backup.
    await client.query('set local row_security = off')
    const { rows: migrations } = await client.query<ArchiveHead['migrations'][number]>(
      `select version, name, checksum from app_migrations.schema_migrations order by version`,
    )
    const tables = await readTableShapes(client)
    const keys = await installFiles(deps.dataDir)
    const head: ArchiveHead = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: deps.appVersion,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
      sequences: await readSequences(client),
      installFiles: keys.map((key) => ({
        name: key.name,
        size: key.bytes.byteLength,
        sha256: key.sha256,
      })),
    }
    await tar.add(HEAD_ENTRY, Buffer.from(JSON.stringify(head, null, 2)))
    for (const key of keys) {
      await tar.add(`${INSTALL_PREFIX}${key.name}`, key.bytes)
    }

    const tableDigests: TableDigest[] = []
    for (const table of tables) {
      const hash = createHash('sha256')
      let rows = 0
      let part = 0
      let pending: string[] = []
      let pendingBytes = 0
      const flush = async () => {
        if (pending.length === 0) {
          return
        }
        const bytes = Buffer.from(pending.join(''))
        hash.update(bytes)
        await tar.add(tableEntryName(table.schema, table.name, ++part), bytes)
        pending = []
        pendingBytes = 0
      }
      await client.query(`declare backup_rows no scroll cursor for ${rowsAsJsonSql(table)}`)
      for (;;) {
        const { rows: batch } = await client.query<{ line: string }>(
          `fetch ${FETCH_ROWS} from backup_rows`,
        )
        for (const { line } of batch) {
          pending.push(line + '\n')
          pendingBytes += line.length + 1
        }
        rows += batch.length
        if (pendingBytes >= PART_BYTES) {
          await flush()
        }
        if (batch.length < FETCH_ROWS) {
          break
        }
      }
      await client.query('close backup_rows')
      await flush()
      tableDigests.push({
        schema: table.schema,
        name: table.name,
        rows,
        sha256: hash.digest('hex'),
      })
    }

    const files: FileDigest[] = []
    const skippedFiles: ObjectLocation[] = []
    let after: ObjectLocation | null = null
    for (;;) {
      const page = await listObjectLocations(client, after, OBJECT_PAGE)
      for (const location of page) {
        const stored = await deps.byteStore.open(location.bucket, location.name)
        if (!stored) {
          skippedFiles.push(location)
          continue
        }
        const hash = createHash('sha256')
        await tar.addStream(
          fileEntryName(location.bucket, location.name),
          stored.size,
          hashing(stored.stream(), hash),
        )
        files.push({ ...location, size: stored.size, sha256: hash.digest('hex') })
      }
      if (page.length < OBJECT_PAGE) {
        break
      }
      after = page.at(-1)!
    }
    await client.query('commit')

    const manifest: ArchiveManifest = {
      tables: tableDigests,
      files,
      skippedFiles,
      finishedAt: new Date().toISOString(),
    }
    await tar.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)))
    await tar.finish()
    gzip.end()
    await done
    return { ...manifest, uncompressedBytes: tar.written }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    gzip.destroy()
    throw error
  } finally {
    client.release()
  }
}
