import pg from 'pg'
import type { Logger } from '../logger.ts'

export type Database = pg.Pool
/** A pool or a client inside a transaction: repository functions accept either. */
export type Queryable = pg.Pool | pg.PoolClient

export type PoolOptions = {
  /** Connections this process keeps at most (`DATABASE_POOL_SIZE`, default 10). */
  max?: number
  /**
   * How long getting a connection may take before the request fails (`database_unavailable`)
   * instead of waiting on a database that does not answer (`DATABASE_CONNECT_TIMEOUT_MS`).
   */
  connectTimeoutMs?: number
  /** Shown in `pg_stat_activity` (which process of the install holds the connection). */
  applicationName?: string
  /** Where lost connections are reported (at `warn`); default nowhere. */
  logger?: Logger
}

/**
 * The process's connection pool. A lost connection never crashes the process: an idle one is
 * dropped by the pool, and one in use (a query running, a transaction open) fails that query
 * with an error the surfaces answer as 503, and is discarded on release. The next checkout
 * opens a new connection, so everything resumes by itself once PostgreSQL is back.
 */
export function createPool(connectionString: string, options: number | PoolOptions = {}): Database {
  const {
    max = 10,
    connectTimeoutMs = 5000,
    applicationName = 'jobsearch-server',
    logger,
  } = typeof options === 'number' ? { max: options } : options
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
    // A connection whose peer vanished (a failover, a dropped network) is noticed by the OS.
    keepAlive: true,
  })
  const reportLost = (error: Error) =>
    logger?.warn(
      { err: { message: error.message, code: (error as { code?: unknown }).code } },
      'database connection lost',
    )
  // An idle client losing its connection (database restart) is reported here by the pool ...
  pool.on('error', reportLost)
  // ... and a client in use on the client itself, which has no listener while checked out:
  // without this one, `pg_terminate_backend` during a transaction would end the process.
  pool.on('connect', (client) => {
    client.on('error', reportLost)
  })
  return pool
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(
  db: Database,
  work: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withOwnTransaction(db, async (client) => {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  })
}

/**
 * Runs `work` on one connection on which `work` itself begins and ends a transaction, so that it
 * can send `begin` and `commit` together with its statements (one round trip each, issue 21).
 * When `work` throws, whatever it left open is rolled back; a connection that cannot even roll
 * back is destroyed rather than given back to the pool.
 */
export async function withOwnTransaction<T>(
  db: Database,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect()
  let broken: Error | undefined
  try {
    return await work(client)
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError
    })
    throw error
  } finally {
    client.release(broken)
  }
}
