/**
 * `npm run restore -- <archive>`: restores what `npm run backup` wrote into an empty database
 * (`DATABASE_URL`, or the embedded PostgreSQL of an empty `DATA_DIR`) and the configured byte
 * store (ADR 0033, README "Backup and restore"). Refuses, with the reason and nothing
 * restored, an archive that is corrupt or truncated, whose schema version this code does not
 * match, or a database that is not empty.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  migrationsForArchive,
  openArchive,
  RestoreRefusedError,
  restoreBackup,
} from '../modules/backup/index.ts'
import { byteStoreFromConfig } from '../modules/storage/index.ts'
import { loadConfig } from '../platform/config.ts'
import {
  PUBLIC_MIGRATIONS_DIR,
  readMigrations,
  SERVICE_MIGRATIONS_DIR,
} from '../platform/db/migrate.ts'
import { openDatabaseBesideServer } from '../platform/db/tool-database.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import { createLogger } from '../platform/logger.ts'

const { positionals } = parseArgs({ allowPositionals: true })
const archive = positionals[0]
if (!archive || positionals.length > 1) {
  console.error('Usage: npm run restore -- <archive.tar.gz>')
  process.exit(2)
}
if (!existsSync(archive)) {
  console.error(`No such archive: ${archive}`)
  process.exit(2)
}

const config = loadConfig()
const logger = createLogger({
  level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
  pretty: process.stdout.isTTY,
})
const started = performance.now()

async function main() {
  // Everything that can refuse without touching anything comes first.
  const { head, installFiles } = await openArchive(archive!)
  const migrations = await readMigrations(
    config.PROVIDE_SUPABASE_SERVICES
      ? [SERVICE_MIGRATIONS_DIR, PUBLIC_MIGRATIONS_DIR]
      : [PUBLIC_MIGRATIONS_DIR],
  )
  migrationsForArchive(head, migrations)

  // The install's keys, before the database: a new embedded cluster takes its password from
  // secrets.json. A data folder's own keys are kept.
  await mkdir(config.DATA_DIR, { recursive: true })
  for (const key of installFiles) {
    const target = path.join(config.DATA_DIR, key.name)
    const existing = await readFile(target).catch(() => null)
    if (!existing) {
      await writeFile(target, key.bytes, { mode: 0o600 })
    } else if (!existing.equals(key.bytes)) {
      console.warn(`Keeping this data folder's ${key.name}, which differs from the archive's.`)
    }
  }

  const database = await openDatabaseBesideServer(
    config,
    await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET),
    logger,
  )
  const db = new pg.Pool({ connectionString: database.url, max: 1, application_name: 'restore' })
  // Stopping the embedded PostgreSQL may end a connection the pool has not closed yet.
  db.on('error', () => undefined)
  try {
    const summary = await restoreBackup(
      { db, byteStore: byteStoreFromConfig(config), migrations },
      archive!,
    )
    const seconds = (performance.now() - started) / 1000
    console.log(`Restored ${archive} (made ${head.createdAt} by version ${head.appVersion})`)
    console.log(
      `  ${summary.tables} tables, ${summary.rows} rows; ${summary.files} files, ${(summary.fileBytes / 1024 / 1024).toFixed(1)} MB; in ${seconds.toFixed(1)} s`,
    )
    if (summary.skippedFiles > 0) {
      console.log(`  ${summary.skippedFiles} file(s) deleted while the backup ran were left out`)
    }
  } finally {
    await db.end()
    await database.close()
  }
}

try {
  await main()
} catch (error) {
  if (error instanceof RestoreRefusedError) {
    console.error(`Restore refused: ${error.message}`)
  } else {
    console.error(`Restore failed: ${(error as Error).message}`)
  }
  process.exitCode = 1
}
