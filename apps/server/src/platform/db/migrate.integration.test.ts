import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import {
  migrate,
  PUBLIC_MIGRATIONS_DIR,
  readMigrations,
  SERVICE_MIGRATIONS_DIR,
} from './migrate.ts'

const logger = pino({ level: 'silent' })

describe('migration runner', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    // Start from an empty database: drop what the template brought.
    await database.pool.query(`
      drop schema if exists app_migrations, auth, storage, private cascade;
      drop schema public cascade; create schema public;`)
  })
  afterAll(() => database.drop())

  it('applies every migration once when two processes start at the same time', async () => {
    const clients = [new pg.Client(database.url), new pg.Client(database.url)]
    await Promise.all(clients.map((client) => client.connect()))
    const results = await Promise.all(
      clients.map((client) => migrate(client, { includeServiceSchemas: true, logger })),
    )
    await Promise.all(clients.map((client) => client.end()))

    const expected = await readMigrations([SERVICE_MIGRATIONS_DIR, PUBLIC_MIGRATIONS_DIR])
    // One process applied everything; the other waited for the lock and found nothing to do.
    expect(results.map((applied) => applied.length).sort((a, b) => a - b)).toEqual([
      0,
      expected.length,
    ])
    const { rows } = await database.pool.query<{ version: string }>(
      'select version from app_migrations.schema_migrations order by version',
    )
    expect(rows.map((row) => row.version)).toEqual(expected.map((migration) => migration.version))
  })

  it('does nothing on a second run', async () => {
    const client = new pg.Client(database.url)
    await client.connect()
    expect(await migrate(client, { includeServiceSchemas: true, logger })).toEqual([])
    await client.end()
  })
})
