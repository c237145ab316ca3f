import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import type { Database } from '../../platform/db/pool.ts'
import { applyMigrationsWithin, type Migration } from '../../platform/db/migrate.ts'
import { type ByteStore, forgetObjectRows, type StagedBytes } from '../storage/index.ts'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveHead,
  type ArchiveManifest,
  HEAD_ENTRY,
  INSTALL_PREFIX,
  MANIFEST_ENTRY,
  objectOfEntry,
  RestoreRefusedError,
  tableOfEntry,
} from './archive.ts'
import { BACKED_UP_SCHEMAS, insertRowsSql, qualified, readTableShapes } from './catalog.ts'
import { ArchiveFormatError, readTar, type TarEntry } from './tar.ts'

/** Rows inserted per statement. */
const INSERT_ROWS = 2000

/** The archive's entries, gunzipped; a damaged or truncated file is refused, not half read. */
async function* archiveEntries(file: string): AsyncGenerator<TarEntry> {
  const gunzip = createReadStream(file).pipe(createGunzip())
  const source = (async function* () {
    try {
      for await (const chunk of gunzip) {
        yield chunk as Buffer
      }
    } catch (error) {
      throw new ArchiveFormatError(
        `the archive is damaged or truncated (${(error as Error).message})`,
      )
    }
  })()
  try {
    yield* readTar(source)
  } finally {
    gunzip.destroy()
  }
}

async function readAll(entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of entry.body()) {
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

function parseHead(bytes: Buffer): ArchiveHead {
  let head: ArchiveHead
  try {
    head = JSON.parse(bytes.toString('utf8')) as ArchiveHead
  } catch {
    throw new RestoreRefusedError('This is not a backup archive: its backup.json is not JSON.')
  }
  if (head.format !== ARCHIVE_FORMAT) {
    throw new RestoreRefusedError('This is not a backup archive written by `npm run backup`.')
  }
  if (head.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new RestoreRefusedError(
      `The archive's format version is ${head.formatVersion}; this version of the app reads ${ARCHIVE_FORMAT_VERSION}.`,
    )
  }
  return head
}

export type ArchiveOpening = {
  head: ArchiveHead
  /** The install's key files, checked against the head's checksums. */
  installFiles: { name: string; bytes: Buffer }[]
}

/**
 * The archive's head and its install key files, read and checked before anything is written:
 * what `npm run restore` needs before it opens (or creates) the database.
 */
export async function openArchive(file: string): Promise<ArchiveOpening> {
  const entries = archiveEntries(file)
  try {
    const first = await entries.next()
    if (first.done || first.value.name !== HEAD_ENTRY) {
      throw new RestoreRefusedError(
        'This is not a backup archive: it does not start with backup.json.',
      )
    }
    const head = parseHead(await readAll(first.value))
    const installFiles: ArchiveOpening['installFiles'] = []
    for (const expected of head.installFiles) {
      const next = await entries.next()
      if (next.done || next.value.name !== `${INSTALL_PREFIX}${expected.name}`) {
        throw new RestoreRefusedError(`The archive lacks its ${expected.name}: it is damaged.`)
      }
      const bytes = await readAll(next.value)
      if (createHash('sha256').update(bytes).digest('hex') !== expected.sha256) {
        throw new RestoreRefusedError(
          `The archive is corrupt: ${expected.name} does not match its checksum.`,
        )
      }
      installFiles.push({ name: expected.name, bytes })
    }
    return { head, installFiles }
  } finally {
    await entries.return(undefined)
  }
}

/**
 * The migrations to run for this archive: exactly the archive's list, which this code must
 * carry in the same order, with nothing of its own in between. Newer migrations of the code
 * are left for the server's start; an archive from newer code, or from another branch, is
 * refused here, before anything is written.
 */
export function migrationsForArchive(head: ArchiveHead, carried: Migration[]): Migration[] {
  const byVersion = new Map(carried.map((migration) => [migration.version, migration]))
  const missing = head.migrations.filter(
    (applied) => byVersion.get(applied.version)?.name !== applied.name,
  )
  if (missing.length > 0) {
    throw new RestoreRefusedError(
      `The archive's schema version does not match this code: it was made by a database that had applied ${missing
        .slice(0, 3)
        .map((migration) => `${migration.version}_${migration.name}`)
        .join(
          ', ',
        )}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}, which this code does not have. Restore it with the version of the app that made it (${head.appVersion}).`,
    )
  }
  const newest = head.migrations.at(-1)?.version ?? ''
  const inArchive = new Set(head.migrations.map((migration) => migration.version))
  const between = carried.filter(
    (migration) => migration.version <= newest && !inArchive.has(migration.version),
  )
  if (between.length > 0) {
    throw new RestoreRefusedError(
      `The archive's schema version does not match this code: this code has ${between
        .map((migration) => `${migration.version}_${migration.name}`)
        .join(', ')}, which the archived database had not applied.`,
    )
  }
  return head.migrations.map((applied) => byVersion.get(applied.version)!)
}

type TableTally = Map<string, { hash: ReturnType<typeof createHash>; rows: number }>
type FileTally = Map<string, { size: number; sha256: string }>

/**
 * Reads the whole archive once, touching nothing: gzip's CRC, the tar structure, every
 * table's rows and every file's bytes against the manifest's counts and checksums. A damaged
 * archive can decompress into plausible garbage long before gzip notices at its end, so this
 * pass comes before anything is loaded.
 */
export async function verifyArchive(file: string): Promise<ArchiveManifest> {
  try {
    const tables: TableTally = new Map()
    const files: FileTally = new Map()
    let manifest: ArchiveManifest | null = null
    for await (const entry of archiveEntries(file)) {
      if (manifest) {
        throw new ArchiveFormatError('the archive has entries after its manifest')
      }
      const table = tableOfEntry(entry.name)
      const object = objectOfEntry(entry.name)
      if (table) {
        const bytes = await readAll(entry)
        const tally = tables.get(table) ?? { hash: createHash('sha256'), rows: 0 }
        tables.set(table, tally)
        tally.hash.update(bytes)
        tally.rows += countLines(bytes)
      } else if (object) {
        const hash = createHash('sha256')
        let size = 0
        for await (const chunk of entry.body()) {
          hash.update(chunk)
          size += chunk.byteLength
        }
        files.set(`${object.bucket}/${object.name}`, { size, sha256: hash.digest('hex') })
      } else if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(await readAll(entry))
      } else if (entry.name !== HEAD_ENTRY && !entry.name.startsWith(INSTALL_PREFIX)) {
        throw new ArchiveFormatError(`it holds an unknown entry ${entry.name}`)
      }
    }
    if (!manifest) {
      throw new ArchiveFormatError('it has no manifest.json (truncated)')
    }
    checkAgainstManifest(manifest, tables, files)
    return manifest
  } catch (error) {
    if (error instanceof ArchiveFormatError) {
      throw new RestoreRefusedError(
        `The archive is corrupt: ${error.message}. Nothing was restored.`,
      )
    }
    throw error
  }
}

function countLines(bytes: Buffer): number {
  let lines = 0
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) {
    lines++
  }
  return lines
}

function parseManifest(bytes: Buffer): ArchiveManifest {
  try {
    return JSON.parse(bytes.toString('utf8')) as ArchiveManifest
  } catch {
    throw new ArchiveFormatError('its manifest.json is not JSON')
  }
}

export type RestoreDependencies = {
  /** A superuser connection to the (empty) target database. */
  db: Database
  byteStore: ByteStore
  /** The code's migrations (`readMigrations` of both folders). */
  migrations: Migration[]
}

export type RestoreSummary = {
  tables: number
  rows: number
  files: number
  fileBytes: number
  skippedFiles: number
}

/**
 * Restores an archive into an empty database and byte store, all or nothing (ADR 0033):
 * one transaction builds the schema (the archive's migrations), loads every row with triggers
 * and foreign-key checks off (`session_replication_role = replica`: rows arrive in any order),
 * sets every sequence; object bytes are staged in the byte store meanwhile. Only when every
 * table and file matched the manifest's row counts and checksums are the staged bytes put in
 * place and the transaction committed; any failure rolls back and drops the staged bytes.
 */
export async function restoreBackup(
  deps: RestoreDependencies,
  file: string,
): Promise<RestoreSummary> {
  const { head } = await openArchive(file)
  const migrations = migrationsForArchive(head, deps.migrations)
  await verifyArchive(file)
  const client = await deps.db.connect()
  const staged: { bucket: string; name: string; bytes: StagedBytes }[] = []
  const committed: { bucket: string; name: string }[] = []
  try {
    const { rows: present } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any ($1) and c.relkind in ('r', 'p')`,
      // The app's own schemas; a hosted Supabase project's `auth` and `storage` are not ours.
      [['app_migrations', 'public']],
    )
    if ((present[0]?.count ?? 0) > 0) {
      throw new RestoreRefusedError(
        'The database is not empty (it has tables of the app already): restore into a new, empty database or data folder.',
      )
    }
    await client.query('begin')
    await client.query('set local session_replication_role = replica').catch((error: unknown) => {
      throw new RestoreRefusedError(
        `Restore needs a superuser connection to load rows with triggers off (${(error as Error).message}).`,
      )
    })
    await applyMigrationsWithin(client, migrations)
    const shapes = new Map(
      (await readTableShapes(client)).map((shape) => [`${shape.schema}.${shape.name}`, shape]),
    )
    for (const table of head.tables) {
      const key = `${table.schema}.${table.name}`
      const shape = shapes.get(key)
      if (!shape || JSON.stringify(shape.columns) !== JSON.stringify(table.columns)) {
        throw new RestoreRefusedError(
          `The archive's table ${key} does not have the shape this code's migrations give it: the archive does not match this code.`,
        )
      }
    }
    // Migrations insert reference rows (buckets, plans): the archive's rows replace them.
    if (head.tables.length > 0) {
      await client.query(`truncate ${head.tables.map((table) => qualified(table)).join(', ')}`)
    }
    // Indexes are built once at the end rather than row by row (a million jobs' search
    // indexes: ten times faster); those behind constraints (keys, uniques) stay.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any ($1)
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [BACKED_UP_SCHEMAS],
    )
    for (const index of indexes) {
      await client.query(`drop index ${index.name}`)
    }

    const tableHashes: TableTally = new Map()
    const files: FileTally = new Map()
    let manifest: ArchiveManifest | null = null
    const entries = archiveEntries(file)
    for await (const entry of entries) {
      if (manifest) {
        throw new ArchiveFormatError('the archive has entries after its manifest')
      }
      const table = tableOfEntry(entry.name)
      const object = objectOfEntry(entry.name)
      if (entry.name === HEAD_ENTRY || entry.name.startsWith(INSTALL_PREFIX)) {
        continue // read and checked by openArchive
      } else if (table) {
        const shape = shapes.get(table)
        if (!shape || !head.tables.some((known) => `${known.schema}.${known.name}` === table)) {
          throw new RestoreRefusedError(`The archive holds rows of an unknown table ${table}.`)
        }
        const bytes = await readAll(entry)
        const digest = tableHashes.get(table) ?? { hash: createHash('sha256'), rows: 0 }
        tableHashes.set(table, digest)
        digest.hash.update(bytes)
        const lines = bytes.toString('utf8').split('\n')
        lines.pop() // every line ends with \n
        digest.rows += countLines(bytes)
        const sql = insertRowsSql(shape)
        for (let start = 0; start < lines.length; start += INSERT_ROWS) {
          await client.query(sql, [`[${lines.slice(start, start + INSERT_ROWS).join(',')}]`])
        }
      } else if (object) {
        const hash = createHash('sha256')
        const body = entry.body()
        const bytes = await deps.byteStore.stage(
          (async function* () {
            for await (const chunk of body) {
              hash.update(chunk)
              yield chunk
            }
          })(),
        )
        staged.push({ ...object, bytes })
        files.set(`${object.bucket}/${object.name}`, {
          size: bytes.size,
          sha256: hash.digest('hex'),
        })
      } else if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(await readAll(entry))
      } else {
        throw new ArchiveFormatError(`unknown entry ${entry.name}`)
      }
    }
    if (!manifest) {
      throw new RestoreRefusedError('The archive is truncated: it has no manifest.json.')
    }
    checkAgainstManifest(manifest, tableHashes, files)

    await client.query(`set local maintenance_work_mem = '256MB'`)
    for (const index of indexes) {
      await client.query(index.definition)
    }
    await forgetObjectRows(client, manifest.skippedFiles)
    for (const sequence of head.sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
        qualified(sequence),
        sequence.lastValue,
        sequence.isCalled,
      ])
    }
    // Bytes in place first, then the rows that point at them: a failed commit leaves bytes
    // no row names, which are then removed.
    for (const item of staged) {
      await item.bytes.commit(item.bucket, item.name)
      committed.push(item)
    }
    await client.query('commit')
    const rows = [...tableHashes.values()].reduce((sum, digest) => sum + digest.rows, 0)
    return {
      tables: head.tables.length,
      rows,
      files: staged.length,
      fileBytes: staged.reduce((sum, item) => sum + item.bytes.size, 0),
      skippedFiles: manifest.skippedFiles.length,
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    for (const item of staged) {
      await item.bytes.discard().catch(() => undefined)
    }
    for (const item of committed) {
      await deps.byteStore.remove(item.bucket, [item.name]).catch(() => undefined)
    }
    if (error instanceof ArchiveFormatError) {
      throw new RestoreRefusedError(
        `The archive is corrupt: ${error.message}. Nothing was restored.`,
      )
    }
    throw error
  } finally {
    client.release()
  }
}

function checkAgainstManifest(manifest: ArchiveManifest, tables: TableTally, files: FileTally) {
  const problems: string[] = []
  const seenTables = new Set<string>()
  for (const expected of manifest.tables) {
    const key = `${expected.schema}.${expected.name}`
    seenTables.add(key)
    const found = tables.get(key)
    const rows = found?.rows ?? 0
    const sha256 = found ? found.hash.digest('hex') : createHash('sha256').digest('hex')
    if (rows !== expected.rows || sha256 !== expected.sha256) {
      problems.push(`table ${key} (${rows} rows read, ${expected.rows} in the manifest)`)
    }
  }
  for (const key of tables.keys()) {
    if (!seenTables.has(key)) {
      problems.push(`table ${key} (not in the manifest)`)
    }
  }
  const listed = new Set<string>()
  for (const expected of manifest.files) {
    const key = `${expected.bucket}/${expected.name}`
    listed.add(key)
    const found = files.get(key)
    if (!found || found.size !== expected.size || found.sha256 !== expected.sha256) {
      problems.push(`file ${key}`)
    }
  }
  for (const key of files.keys()) {
    if (!listed.has(key)) {
      problems.push(`file ${key} (not in the manifest)`)
    }
  }
  if (problems.length > 0) {
    throw new RestoreRefusedError(
      `The archive is corrupt: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''} do not match the manifest's checksums. Nothing was restored.`,
    )
  }
}
