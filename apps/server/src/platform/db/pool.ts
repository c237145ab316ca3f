import pg from 'pg'

export type Database = pg.Pool
/** A pool or a client inside a transaction: repository functions accept either. */
export type Queryable = pg.Pool | pg.PoolClient

export function createPool(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, application_name: 'jobsearch-server' })
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined)
  return pool
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(
  db: Database,
  work: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
