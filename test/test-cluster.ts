import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { REPO_ROOT } from '../apps/server/src/platform/config.ts'
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts'
import { migrate } from '../apps/server/src/platform/db/migrate.ts'
import { findFreePort } from './free-port.ts'

/** The migrated database every test database is cloned from. */
export const TEMPLATE_DATABASE = 'app_template'

/**
 * Starts a throw-away PostgreSQL cluster for one test run (fresh every run, so results never
 * depend on a previous run) and migrates the template database. Returns the superuser URL of
 * the cluster's `postgres` database and a stop function.
 */
export async function startTestCluster() {
  const dataDir = path.join(REPO_ROOT, '.test-data', `run-${randomBytes(4).toString('hex')}`)
  const logger = pino({ level: 'warn' })
  const cluster = await startEmbeddedPostgres({
    dataDir,
    port: await findFreePort(),
    password: randomBytes(18).toString('base64url'),
    logger,
  })
  try {
    await createTemplate(
      cluster.connectionString(),
      cluster.connectionString(TEMPLATE_DATABASE),
      logger,
    )
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return {
    adminUrl: cluster.connectionString(),
    stop: async () => {
      await cluster.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function createTemplate(adminUrl: string, templateUrl: string, logger: pino.Logger) {
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  await admin.query(`create database ${TEMPLATE_DATABASE}`)
  await admin.end()

  const template = new pg.Client(templateUrl)
  await template.connect()
  try {
    await migrate(template, { includeServiceSchemas: true, logger })
  } finally {
    await template.end()
  }
}
