/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
import pg from 'pg'
import { loadConfig } from '../platform/config.ts'
import { migrate } from '../platform/db/migrate.ts'
import { openDatabase } from '../platform/db/open-database.ts'
import { createLogger } from '../platform/logger.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'

const config = loadConfig()
const logger = createLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY })
const database = await openDatabase(
  config,
  await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET),
  logger,
)
const client = new pg.Client(database.url)
try {
  await client.connect()
  const applied = await migrate(client, {
    includeServiceSchemas: config.PROVIDE_SUPABASE_SERVICES,
    logger,
  })
  console.log(applied.length ? `Applied:\n  ${applied.join('\n  ')}` : 'Nothing to apply.')
} finally {
  await client.end()
  await database.close()
}
