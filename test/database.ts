import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { TEMPLATE_DATABASE } from './test-cluster.ts'

export type TestDatabase = {
  name: string
  /** Superuser connection string of this database. */
  url: string
  pool: pg.Pool
  drop: () => Promise<void>
}

function urlFor(database: string) {
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(inject('postgresAdminUrl'))
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/**
 * A fresh, fully migrated database for one test file, cloned from the template in a few
 * milliseconds. Call `drop()` in `afterAll`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`
  await withAdmin((admin) => admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`))
  const url = urlFor(name)
  const pool = new pg.Pool({ connectionString: url, max: 5 })
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end()
      await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}
