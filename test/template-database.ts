import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { TEMPLATE_DATABASE } from './test-cluster.ts'

export type TestDatabase = {
  name: string
  /** Superuser connection string of this database. */
  url: string
  pool: pg.Pool
  drop: () => Promise<void>
}

function urlFor(adminUrl: string, database: string) {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/**
 * A fresh, fully migrated database on the cluster at `adminUrl`, cloned from the template in a
 * few milliseconds. Call `drop()` when done. (Tests use `createTestDatabase`, which finds the
 * run's cluster; the benchmarks, which run outside Vitest, call this directly.)
 */
export async function createDatabaseFromTemplate(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`),
  )
  const url = urlFor(adminUrl, name)
  const pool = new pg.Pool({ connectionString: url, max: 5 })
  // `drop … with (force)` may end an idle connection that `pool.end()` has not closed yet.
  pool.on('error', () => undefined)
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end()
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      )
    },
  }
}

/** A fresh database with no schema of ours at all (what `npm run restore` fills); `drop()` it. */
export async function createEmptyDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `empty_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template template0`))
  const url = urlFor(adminUrl, name)
  const pool = new pg.Pool({ connectionString: url, max: 5 })
  pool.on('error', () => undefined)
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end()
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      )
    },
  }
}
