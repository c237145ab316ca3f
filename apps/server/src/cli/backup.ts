/**
 * `npm run backup [-- --out <file>]`: one archive of the install (ADR 0033, README "Backup and
 * restore"): every table's rows from one consistent snapshot, every stored file, the data
 * folder's key files, and a manifest of checksums, while the app keeps serving. Written to
 * `<out>.partial` and renamed when complete; prints where, how big and how long.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { writeBackup } from '../modules/backup/index.ts'
import { byteStoreFromConfig } from '../modules/storage/index.ts'
import { loadConfig, REPO_ROOT } from '../platform/config.ts'
import { openDatabaseBesideServer } from '../platform/db/tool-database.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import { createLogger } from '../platform/logger.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
const config = loadConfig()
const logger = createLogger({
  level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
  pretty: process.stdout.isTTY,
})
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const out = path.resolve(
  values.out ?? path.join(config.DATA_DIR, 'backups', `backup-${stamp}.tar.gz`),
)
const partial = `${out}.partial`
const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  version: string
}

const started = performance.now()
const database = await openDatabaseBesideServer(
  config,
  await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET),
  logger,
)
const db = new pg.Pool({ connectionString: database.url, max: 1, application_name: 'backup' })
// Stopping the embedded PostgreSQL may end a connection the pool has not closed yet.
db.on('error', () => undefined)
try {
  await mkdir(path.dirname(out), { recursive: true })
  // The archive holds the install's secrets and password hashes: readable by its owner only.
  const file = createWriteStream(partial, { mode: 0o600 })
  const summary = await writeBackup(
    { db, byteStore: byteStoreFromConfig(config), dataDir: config.DATA_DIR, appVersion: version },
    file,
  ).catch(async (error: unknown) => {
    file.destroy()
    await rm(partial, { force: true })
    throw error
  })
  await rename(partial, out)
  const seconds = (performance.now() - started) / 1000
  const { size } = await stat(out)
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0)
  const fileBytes = summary.files.reduce((sum, item) => sum + item.size, 0)
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  console.log(`Backup written: ${out}`)
  console.log(
    `  ${mb(size)} (${mb(summary.uncompressedBytes)} before compression) in ${seconds.toFixed(1)} s`,
  )
  console.log(
    `  ${summary.tables.length} tables, ${rows} rows; ${summary.files.length} files, ${mb(fileBytes)}`,
  )
  if (summary.skippedFiles.length > 0) {
    console.log(
      `  ${summary.skippedFiles.length} file(s) deleted while the backup ran were skipped (their rows are forgotten on restore)`,
    )
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.end()
  await database.close()
}
