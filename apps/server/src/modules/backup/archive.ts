import type { Column, SequenceValue } from './catalog.ts'

/**
 * The archive's layout (ADR 0033): a gzip-compressed POSIX tar of
 *   backup.json                     the head: format, app and schema versions, table shapes,
 *                                   sequences, the install's key files' checksums
 *   install/<file>.json             the data folder's key files (secrets, signing keys)
 *   tables/<schema>.<table>/<n>.jsonl  rows, one JSON array of text values per line
 *   files/<bucket>/<object name>    every stored object's bytes
 *   manifest.json                   last: rows and sha256 per table, size and sha256 per file,
 *                                   the objects skipped (deleted while the backup ran)
 */
export const ARCHIVE_FORMAT = 'jobsearch-backup'
export const ARCHIVE_FORMAT_VERSION = 1
export const HEAD_ENTRY = 'backup.json'
export const MANIFEST_ENTRY = 'manifest.json'
export const INSTALL_PREFIX = 'install/'
export const TABLES_PREFIX = 'tables/'
export const FILES_PREFIX = 'files/'

export type AppliedMigration = { version: string; name: string; checksum: string }

export type ArchiveHead = {
  format: typeof ARCHIVE_FORMAT
  formatVersion: number
  appVersion: string
  createdAt: string
  /** The schema version: every migration the database had applied, oldest first. */
  migrations: AppliedMigration[]
  tables: { schema: string; name: string; columns: Column[] }[]
  sequences: SequenceValue[]
  installFiles: { name: string; size: number; sha256: string }[]
}

export type TableDigest = { schema: string; name: string; rows: number; sha256: string }
export type FileDigest = { bucket: string; name: string; size: number; sha256: string }

export type ArchiveManifest = {
  tables: TableDigest[]
  files: FileDigest[]
  /** Objects whose rows are in the snapshot but whose bytes were deleted before being read. */
  skippedFiles: { bucket: string; name: string }[]
  finishedAt: string
}

export const tableEntryName = (schema: string, table: string, part: number) =>
  `${TABLES_PREFIX}${schema}.${table}/${String(part).padStart(6, '0')}.jsonl`

export const fileEntryName = (bucket: string, name: string) => `${FILES_PREFIX}${bucket}/${name}`

/** A tar entry's table (`schema.table`), or null when the entry is not a table part. */
export function tableOfEntry(entry: string): string | null {
  const match = /^tables\/([^/]+)\/\d+\.jsonl$/.exec(entry)
  return match ? match[1]! : null
}

/** A tar entry's object (`bucket`, `name`), or null when the entry is not a file. */
export function objectOfEntry(entry: string): { bucket: string; name: string } | null {
  if (!entry.startsWith(FILES_PREFIX)) {
    return null
  }
  const rest = entry.slice(FILES_PREFIX.length)
  const slash = rest.indexOf('/')
  return slash > 0 ? { bucket: rest.slice(0, slash), name: rest.slice(slash + 1) } : null
}

/** Why an archive cannot be restored, said so a person can act on it. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError'
}
