import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import { PREPARED_PER_CONNECTION, queryPipeline, statementName } from './pipeline.ts'

/** Counts the ReadyForQuery messages (one per Sync: one per round trip) a client receives. */
function countRoundTrips(client: pg.PoolClient): { count: () => number; stop: () => void } {
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection
  let count = 0
  const listener = () => count++
  connection.on('readyForQuery', listener)
  return { count: () => count, stop: () => connection.off('readyForQuery', listener) }
}

async function preparedNames(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  )
  return rows.map((row) => row.name)
}

describe('queryPipeline', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    await database.pool.query(`
      create table pipeline_rows (id int primary key, owner text not null);
      alter table pipeline_rows enable row level security;
      create policy own_rows on pipeline_rows for select to authenticated
        using (owner = current_setting('request.jwt.claims', true)::json ->> 'sub');
      grant select, insert on pipeline_rows to authenticated;
      insert into pipeline_rows values (1, 'ada'), (2, 'bob');`)
  })
  afterAll(() => database.drop())

  it('runs the statements in one round trip and one transaction: the role set by the first is the role of the next', async () => {
    const client = await database.pool.connect()
    try {
      const trips = countRoundTrips(client)
      const [, who, rows] = await queryPipeline(client, [
        {
          text: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
          values: ['authenticated', JSON.stringify({ sub: 'ada' })],
        },
        { text: 'select current_user as role' },
        { text: 'select id from pipeline_rows order by id', name: 'pipeline_rows_read' },
      ])
      trips.stop()
      expect(trips.count()).toBe(1)
      expect(who?.rows).toEqual([{ role: 'authenticated' }])
      // Row-level security applied as that role: Ada sees only her row.
      expect(rows?.rows).toEqual([{ id: 1 }])

      // The settings ended with the implicit transaction.
      const after = await client.query<{ role: string; claims: string }>(
        `select current_user as role, current_setting('request.jwt.claims', true) as claims`,
      )
      expect(after.rows[0]?.role).not.toBe('authenticated')
      expect(after.rows[0]?.claims ?? '').toBe('')

      // The same prepared statement, now as Bob: planned again for his claims, not reused blindly.
      const [, again] = await queryPipeline(client, [
        {
          text: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
          values: ['authenticated', JSON.stringify({ sub: 'bob' })],
        },
        { text: 'select id from pipeline_rows order by id', name: 'pipeline_rows_read' },
      ])
      expect(again?.rows).toEqual([{ id: 2 }])
    } finally {
      client.release()
    }
  })

  it('rolls everything back when a later statement fails, and the connection stays usable', async () => {
    const client = await database.pool.connect()
    try {
      await expect(
        queryPipeline(client, [
          { text: 'insert into pipeline_rows values ($1, $2)', values: [3, 'cy'] },
          { text: 'insert into pipeline_rows values ($1, $2)', values: [1, 'duplicate'] },
        ]),
      ).rejects.toMatchObject({ code: '23505' })
      const { rows } = await client.query('select id from pipeline_rows where id = 3')
      expect(rows).toEqual([])
      await expect(client.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] })
      // A named statement skipped after the failure was never prepared: it is parsed next time.
      await expect(
        queryPipeline(client, [
          { text: 'select 1 / $1::int', values: [0] },
          { text: 'select $1::int as n', values: [7], name: 'pipeline_after_error' },
        ]),
      ).rejects.toMatchObject({ code: '22012' })
      const [result] = await queryPipeline(client, [
        { text: 'select $1::int as n', values: [7], name: 'pipeline_after_error' },
      ])
      expect(result?.rows).toEqual([{ n: 7 }])
    } finally {
      client.release()
    }
  })

  it('keeps named statements prepared per connection, the most recently used ones only', async () => {
    const client = await database.pool.connect()
    try {
      await client.query('deallocate all')
      const text = (n: number) => `select ${n} as n, $1::text as value`
      const first = statementName('shape', text(0))
      await queryPipeline(client, [{ text: text(0), values: ['a'], name: first }])
      expect(await preparedNames(client)).toEqual([first])

      // Used again: not parsed again (no second statement of that name, no error).
      const [again] = await queryPipeline(client, [{ text: text(0), values: ['b'], name: first }])
      expect(again?.rows).toEqual([{ n: 0, value: 'b' }])

      // Many shapes: the connection never holds more than the bound; the oldest go first.
      for (let n = 1; n <= PREPARED_PER_CONNECTION + 10; n++) {
        await queryPipeline(client, [
          { text: text(n), values: ['x'], name: statementName('shape', text(n)) },
        ])
      }
      const names = await preparedNames(client)
      expect(names).toHaveLength(PREPARED_PER_CONNECTION)
      expect(names).not.toContain(first)
      expect(names).toContain(statementName('shape', text(PREPARED_PER_CONNECTION + 10)))
    } finally {
      client.release()
    }
  })
})
