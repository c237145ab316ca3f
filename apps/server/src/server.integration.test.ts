import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../test/free-port.ts'
import { readConfig } from './platform/config.ts'
import { startServer } from './server.ts'

/** The embedded default, end to end: what `npm start` does when DATABASE_URL is unset. */
describe('the server on its embedded PostgreSQL', () => {
  let dataDir: string
  let env: Record<string, string>
  const logger = pino({ level: 'silent' })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-'))
    env = {
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      MARKETING_PORT: String(await findFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await findFreePort()),
    }
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  async function query<T extends pg.QueryResultRow>(
    url: string,
    sql: string,
    values: unknown[] = [],
  ) {
    const client = new pg.Client(url)
    await client.connect()
    try {
      return (await client.query<T>(sql, values)).rows
    } finally {
      await client.end()
    }
  }

  it('keeps data, secrets and applied migrations across a stop and a restart', async () => {
    const first = await startServer(readConfig(env), logger)
    const secretsBefore = await readFile(path.join(dataDir, 'secrets.json'), 'utf8')
    expect((await fetch(`${first.appUrl}/health`)).status).toBe(200)
    const [created] = await query<{ id: string }>(
      first.databaseUrl,
      "insert into auth.users (email) values ('restart@example.com') returning id",
    )
    const migrationsBefore = await query(
      first.databaseUrl,
      'select * from app_migrations.schema_migrations',
    )
    await first.close()

    // Stopped cleanly: nothing answers any more, and the port can be taken again.
    await expect(fetch(`${first.appUrl}/health`)).rejects.toThrow()

    const second = await startServer(readConfig(env), logger)
    try {
      const rows = await query<{ email: string }>(
        second.databaseUrl,
        'select email from auth.users where id = $1',
        [created!.id],
      )
      expect(rows).toEqual([{ email: 'restart@example.com' }])
      expect(
        await query(second.databaseUrl, 'select * from app_migrations.schema_migrations'),
      ).toEqual(migrationsBefore)
      expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secretsBefore)
      // The secrets file is readable by its owner only.
      expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600)
    } finally {
      await second.close()
    }
  })
})
