/**
 * Starts the whole product in one process:
 * 1. secrets (generated on first start, kept in the data folder);
 * 2. the database: `DATABASE_URL`, or the embedded PostgreSQL when it is unset;
 * 3. migrations (the service schemas only when this server provides auth and storage);
 * 4. demo data;
 * 5. the app (API + web) and the marketing site, each on its own port.
 * `close()` undoes it in reverse order.
 */
import pg from 'pg'
import type { Config } from './config.ts'
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded-postgres.ts'
import { migrate } from './db/migrate.ts'
import { createPool } from './db/pool.ts'
import { buildApp } from './http/app.ts'
import type { Logger } from './lib/logger.ts'
import { loadOrCreateSecrets } from './modules/keys/install-secrets.ts'
import { buildMarketingServer } from './modules/marketing/marketing-server.ts'
import { buildWebConfig, publicUrls } from './modules/web-config/web-config.ts'
import { seedDemoData } from './seed/demo-data.ts'

/** The database the product uses inside the embedded cluster. */
const EMBEDDED_DATABASE_NAME = 'jobsearch'

export type RunningServer = {
  appUrl: string
  /** The database in use (the embedded one's superuser URL when DATABASE_URL is unset). */
  databaseUrl: string
  marketingUrl: string
  close: () => Promise<void>
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
  const webConfig = buildWebConfig(config, secrets)

  let embedded: EmbeddedDatabase | undefined
  let databaseUrl = config.DATABASE_URL
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_POSTGRES_PORT,
      password: secrets.postgresPassword,
      logger,
    })
    await createDatabaseIfMissing(embedded.connectionString(), EMBEDDED_DATABASE_NAME)
    databaseUrl = embedded.connectionString(EMBEDDED_DATABASE_NAME)
  }

  const db = createPool(databaseUrl)
  try {
    const client = await db.connect()
    try {
      await migrate(client, { includeServiceSchemas: config.PROVIDE_SUPABASE_SERVICES, logger })
      if (config.SEED_DEMO_DATA) {
        await seedDemoData(client, logger)
      }
    } finally {
      client.release()
    }

    const app = await buildApp({ db, logger, webConfig, webDistDir: config.WEB_DIST_DIR })
    await app.listen({ host: config.HOST, port: config.PORT })
    const urls = publicUrls(config)
    const marketing = await buildMarketingServer({
      distDir: config.MARKETING_DIST_DIR,
      appUrl: urls.appUrl,
      logger,
    })
    await marketing.listen({ host: config.HOST, port: config.MARKETING_PORT })

    return {
      appUrl: urls.appUrl,
      databaseUrl,
      marketingUrl: urls.marketingUrl,
      close: async () => {
        await Promise.all([app.close(), marketing.close()])
        await db.end()
        await embedded?.stop()
      },
    }
  } catch (error) {
    await db.end()
    await embedded?.stop()
    throw error
  }
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
