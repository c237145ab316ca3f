import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startStack, type TestStack } from '../../../../../test/stack.ts'
import { insertJobs, postSwipe, signInGuest, swipeTrail } from '../../../test/swipe-support.ts'

/**
 * The concurrency test: 200 right swipes sent at once, half to each of two server
 * processes on one database, by a user with 10 credits. Exactly 10 may succeed and the books
 * must balance: only PostgreSQL stands between the two processes, as in production.
 */
const SWIPES = 200
const CREDITS = 10

describe('right swipes sent at once to two server processes on one database', () => {
  let first: TestStack
  let second: TestStack
  let db: pg.Pool

  beforeAll(async () => {
    // One user's 200 swipes in one burst: past the per-user swipe limit, which is not what this
    // test is about (the swipes tests cover it).
    const env = {
      SEED_DEMO_DATA: 'false',
      FREE_CREDITS_PER_PERIOD: String(CREDITS),
      API_RATE_LIMITS: 'false',
    }
    first = await startStack({ adminUrl: inject('postgresAdminUrl'), env })
    second = await startStack({ adminUrl: inject('postgresAdminUrl'), env, alongside: first })
    db = new pg.Pool({ connectionString: first.databaseUrl, max: 2 })
  })

  afterAll(async () => {
    await db?.end()
    await second?.stop()
    await first?.stop()
  })

  it(`let exactly ${CREDITS} of ${SWIPES} succeed, and the ledger balances`, async () => {
    const user = await signInGuest(first.appUrl)
    const jobIds = await insertJobs(db, SWIPES)

    const answers = await Promise.all(
      jobIds.map((jobId, index) =>
        postSwipe(
          (index % 2 === 0 ? first : second).appUrl,
          user.accessToken,
          { jobId, swipeDirection: 'RIGHT', creditCost: 1 },
          `concurrency-${index}`,
        ),
      ),
    )

    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(CREDITS)
    expect(statuses.filter((status) => status === 402)).toHaveLength(SWIPES - CREDITS)
    const refusals = answers.filter((answer) => answer.status === 402)
    expect(new Set(refusals.map((answer) => answer.body.code))).toEqual(
      new Set(['insufficient_credits']),
    )

    expect(await swipeTrail(db, user.id)).toEqual({
      balance: 0,
      used: CREDITS,
      ledger_sum: 0,
      spends: CREDITS,
      swipes: CREDITS,
      applications: CREDITS,
    })
    // The grant of 10 minus the 10 spends of 1, each entry's balance one lower than the last.
    const { rows: ledger } = await db.query<{ kind: string; delta: number; balance_after: number }>(
      `select kind, delta, balance_after from public.credit_ledger where user_id = $1 order by id`,
      [user.id],
    )
    expect(ledger).toEqual([
      { kind: 'grant', delta: CREDITS, balance_after: CREDITS },
      ...Array.from({ length: CREDITS }, (_, spent) => ({
        kind: 'spend',
        delta: -1,
        balance_after: CREDITS - spent - 1,
      })),
    ])
    // The swiped jobs are exactly the saved ones and those of the successful answers.
    const { rows: pairs } = await db.query<{ swiped: string[]; saved: string[] }>(
      `select (select array_agg(job_id::text order by job_id) from public.swipes
               where user_id = $1) as swiped,
              (select array_agg(job_id::text order by job_id) from public.job_applications
               where user_id = $1) as saved`,
      [user.id],
    )
    const succeeded = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => (answer.body.swipe as { jobId: string }).jobId)
      .sort()
    expect(pairs[0]?.swiped).toEqual(pairs[0]?.saved)
    expect(pairs[0]?.swiped).toEqual(succeeded)
  })
})
