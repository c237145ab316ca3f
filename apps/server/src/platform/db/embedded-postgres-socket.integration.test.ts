import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'

/**
 * The embedded PostgreSQL is reached over a Unix socket in its own folder (issue 21): every test
 * database comes from a cluster `startEmbeddedPostgres` started, so its URL is the one the
 * product uses. A connection over TCP would report the loopback address as its server's.
 */
describe('the embedded PostgreSQL connection', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
  })

  afterAll(async () => {
    await database.drop()
  })

  it('goes through the Unix socket its URL names, with the password still asked', async () => {
    const url = new URL(database.url)
    const socketDir = url.searchParams.get('host')
    expect(socketDir).toMatch(/[\\/]postgres$/)
    const { rows } = await database.pool.query<{ address: string | null }>(
      'select inet_server_addr() as address',
    )
    expect(rows[0]?.address).toBeNull()

    const pg = (await import('pg')).default
    const wrongPassword = new pg.Client({
      host: socketDir ?? '',
      port: Number(url.port),
      user: url.username,
      password: 'not-the-password',
      database: url.pathname.slice(1),
    })
    await expect(wrongPassword.connect()).rejects.toThrow(/password authentication failed/)
  })
})
