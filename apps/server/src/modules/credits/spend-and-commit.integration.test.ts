import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import { spendAndCommit } from './credit-ledger.ts'

/** ReadyForQuery messages (one per round trip) the client receives while `work` runs. */
async function roundTrips(client: pg.PoolClient, work: () => Promise<unknown>): Promise<number> {
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection
  let count = 0
  const listener = () => count++
  connection.on('readyForQuery', listener)
  try {
    await work()
  } finally {
    connection.off('readyForQuery', listener)
  }
  return count
}

describe('spendAndCommit', () => {
  let database: TestDatabase
  let userId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into auth.users (id, email) values (gen_random_uuid(), 'spender@example.com')
       returning id`,
    )
    userId = rows[0]?.id ?? ''
    // The new-user hook's free balance, made known: 10 credits.
    await database.pool.query(
      'update public.credit_balances set balance = 10, allowance = 10 where user_id = $1',
      [userId],
    )
  })
  afterAll(() => database.drop())

  const balance = async () => {
    const { rows } = await database.pool.query<{ balance: number; entries: number }>(
      `select balance, (select count(*)::int from public.credit_ledger where user_id = $1 and kind = 'spend') as entries
       from public.credit_balances where user_id = $1`,
      [userId],
    )
    return rows[0]
  }

  it('spends and commits the caller’s transaction with the spend, in one round trip', async () => {
    const client = await database.pool.connect()
    try {
      await client.query('begin')
      // The caller's own write in the same transaction, committed with the spend.
      await client.query(`update auth.users set raw_user_meta_data = '{"n": 1}' where id = $1`, [
        userId,
      ])
      let outcome: Awaited<ReturnType<typeof spendAndCommit>> | undefined
      const key = 'test:spend-1'
      // The period check and key lookup come first; the spend and the commit are one trip.
      const trips = await roundTrips(client, async () => {
        outcome = await spendAndCommit(
          client,
          { userId, amount: 3, idempotencyKey: key, reason: 'test' },
          new Date(),
        )
      })
      expect(outcome).toMatchObject({ status: 'spent', balance: { balance: 7 }, replayed: false })
      expect(trips).toBeLessThanOrEqual(3)
      const { rows } = await client.query<{ status: string }>('select 1 as one')
      expect(rows).toHaveLength(1)
    } finally {
      client.release()
    }
    expect(await balance()).toEqual({ balance: 7, entries: 1 })
    const { rows } = await database.pool.query(
      'select raw_user_meta_data from auth.users where id = $1',
      [userId],
    )
    expect(rows[0]).toEqual({ raw_user_meta_data: { n: 1 } })
  })

  it('fails the transaction when the balance does not hold the amount: nothing commits', async () => {
    const client = await database.pool.connect()
    try {
      await client.query('begin')
      await client.query(`update auth.users set raw_user_meta_data = '{"n": 2}' where id = $1`, [
        userId,
      ])
      const outcome = await spendAndCommit(
        client,
        { userId, amount: 8, idempotencyKey: 'test:spend-2', reason: 'test' },
        new Date(),
      )
      expect(outcome).toEqual({ status: 'insufficient' })
      // The transaction failed: the caller rolls it back.
      await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' })
      await client.query('rollback')
    } finally {
      client.release()
    }
    expect(await balance()).toEqual({ balance: 7, entries: 1 })
    const { rows } = await database.pool.query(
      'select raw_user_meta_data from auth.users where id = $1',
      [userId],
    )
    expect(rows[0]).toEqual({ raw_user_meta_data: { n: 1 } })
  })
})
