import type pg from 'pg'

/**
 * Counts the database round trips of everything `pool` serves: the ReadyForQuery messages
 * (one per Sync, so one per round trip, a pipeline included) of every connection it hands
 * out. `reset()` before the request to count, `count` after it.
 */
export function countRoundTrips(pool: pg.Pool): { readonly count: number; reset: () => void } {
  let count = 0
  const counted = new WeakSet<object>()
  pool.on('acquire', (client: pg.PoolClient) => {
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection
    if (!counted.has(connection)) {
      counted.add(connection)
      connection.on('readyForQuery', () => count++)
    }
  })
  return {
    get count() {
      return count
    },
    reset: () => {
      count = 0
    },
  }
}
