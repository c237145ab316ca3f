import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { Config } from '../config.ts'
import type { InstallSecrets } from '../keys/install-secrets.ts'
import type { Logger } from '../logger.ts'
import { EMBEDDED_DATABASE_NAME, type OpenDatabase, openDatabase } from './open-database.ts'

/**
 * The database for a command that runs beside the server (`npm run backup`, `npm run restore`):
 * `DATABASE_URL` when set; else the embedded PostgreSQL the running server started, reached on
 * its port; else (no server running) the embedded PostgreSQL started for this command and
 * stopped by `close()`. A server that is running is never stopped or restarted.
 */
export async function openDatabaseBesideServer(
  config: Config,
  secrets: InstallSecrets,
  logger: Logger,
): Promise<OpenDatabase> {
  if (config.DATABASE_URL) {
    return openDatabase(config, secrets, logger)
  }
  const url = `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${config.EMBEDDED_POSTGRES_PORT}/${EMBEDDED_DATABASE_NAME}`
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await probe.connect()
    await probe.end()
    return { url, close: async () => undefined }
  } catch (error) {
    await probe.end().catch(() => undefined)
    if (await embeddedServerRunning(config.DATA_DIR)) {
      throw new Error(
        `The embedded PostgreSQL of ${config.DATA_DIR} is running but refused the connection (${(error as Error).message})`,
      )
    }
  }
  return openDatabase(config, secrets, logger)
}

async function embeddedServerRunning(dataDir: string): Promise<boolean> {
  try {
    const pid = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    )
    if (!Number.isInteger(pid) || pid <= 0) {
      return false
    }
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
