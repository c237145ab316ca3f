import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { REPO_ROOT } from '../apps/server/src/config.ts'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts'
import { migrate } from '../apps/server/src/db/migrate.ts'

/** The migrated database every test database is cloned from. */
export const TEMPLATE_DATABASE = 'app_template'

/**
 * Starts a throw-away PostgreSQL cluster for one test run (fresh every run, so results never
 * depend on a previous run) and migrates the template database. Returns the superuser URL of
 * the cluster's `postgres` database and a stop function.
 */
export async function startTestCluster() {
  const dataDir = path.join(REPO_ROOT, '.test-data', `run-${process.pid}`)
  await rm(dataDir, { recursive: true, force: true })
  const logger = pino({ level: 'warn' })
  const cluster = await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.TEST_POSTGRES_PORT ?? 54340),
    password: randomBytes(18).toString('base64url'),
    logger,
  })
  const admin = new pg.Client(cluster.connectionString())
  await admin.connect()
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`)
  await admin.query(`create database ${TEMPLATE_DATABASE}`)
  await admin.end()

  const template = new pg.Client(cluster.connectionString(TEMPLATE_DATABASE))
  await template.connect()
  await migrate(template, { includeServiceSchemas: true, logger })
  await template.end()

  return {
    adminUrl: cluster.connectionString(),
    stop: async () => {
      await cluster.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
