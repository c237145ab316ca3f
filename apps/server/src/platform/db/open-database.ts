import pg from 'pg'
import type { Config } from '../config.ts'
import type { Logger } from '../logger.ts'
import type { InstallSecrets } from '../keys/install-secrets.ts'
import { startEmbeddedPostgres } from './embedded-postgres.ts'

/** The database the product uses inside the embedded cluster. */
export const EMBEDDED_DATABASE_NAME = 'jobsearch'

export type OpenDatabase = {
  /** Superuser (or configured) connection string of the product's database. */
  url: string
  /** Stops the embedded server, if we started one. */
  close: () => Promise<void>
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL, started on demand. */
export async function openDatabase(
  config: Config,
  secrets: InstallSecrets,
  logger: Logger,
): Promise<OpenDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, close: async () => undefined }
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_POSTGRES_PORT,
    password: secrets.postgresPassword,
    logger,
    // A crashed database comes back by itself; the pools reconnect (ADR 0031).
    restartOnExit: true,
  })
  try {
    await createDatabaseIfMissing(embedded.connectionString(), EMBEDDED_DATABASE_NAME)
  } catch (error) {
    await embedded.stop()
    throw error
  }
  return { url: embedded.connectionString(EMBEDDED_DATABASE_NAME), close: embedded.stop }
}

async function createDatabaseIfMissing(adminUrl: string, name: string) {
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount === 0) {
      await admin.query(`create database ${name}`)
    }
  } finally {
    await admin.end()
  }
}
