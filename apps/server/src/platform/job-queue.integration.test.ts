import type PgBoss from 'pg-boss'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { withTransaction } from './db/pool.ts'
import {
  JOB_QUEUE_SCHEMA,
  type JobFeature,
  type JobQueue,
  startJobQueue,
  pgBossDb,
} from './job-queue.ts'

const logger = pino({ level: 'silent' })

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A queue whose worker records the `label` of each job it runs. */
function recordingQueue(
  name: string,
  handle: (label: string, job: PgBoss.JobWithMetadata<unknown>) => Promise<void> = async () =>
    undefined,
  concurrency = 1,
) {
  const handled: string[] = []
  const feature: JobFeature = {
    queues: [
      {
        name,
        policy: { retryLimit: 1, retryDelay: 0 },
        concurrency,
        work: async (job) => {
          const { label } = job.data as { label: string }
          handled.push(label)
          await handle(label, job)
        },
      },
    ],
    tasks: [],
  }
  return { feature, handled }
}

describe('the job queue (pg-boss)', () => {
  let database: TestDatabase
  const running: JobQueue[] = []

  beforeEach(async () => {
    database = await createTestDatabase()
  })

  afterEach(async () => {
    await Promise.all(running.splice(0).map((queue) => queue.stop()))
    await database.drop()
  })

  async function start(features: JobFeature[]) {
    const queue = await startJobQueue({
      db: database.pool,
      logger,
      features,
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 5_000,
    })
    running.push(queue)
    return queue
  }

  async function jobStates(name: string): Promise<string[]> {
    const result = await database.pool.query<{ state: string }>(
      `select state from ${JOB_QUEUE_SCHEMA}.job where name = $1 order by created_on`,
      [name],
    )
    return result.rows.map((row) => row.state)
  }

  it('creates its schema in a fresh database and runs the jobs of a declared queue', async () => {
    const { feature, handled } = recordingQueue('greetings')
    const { boss } = await start([feature])

    await boss.send('greetings', { label: 'hello' })
    await until(() => handled.length === 1)

    expect(handled).toEqual(['hello'])
    const schema = await database.pool.query(
      'select 1 from information_schema.schemata where schema_name = $1',
      [JOB_QUEUE_SCHEMA],
    )
    expect(schema.rowCount).toBe(1)
    await until(async () => (await jobStates('greetings')).join() === 'completed')
  })

  it('starts two processes at once against the same database', async () => {
    const first = recordingQueue('shared')
    const second = recordingQueue('shared')
    const [queue] = await Promise.all([start([first.feature]), start([second.feature])])

    for (const label of ['a', 'b', 'c', 'd']) await queue?.boss.send('shared', { label })
    await until(() => first.handled.length + second.handled.length === 4)
    expect([...first.handled, ...second.handled].toSorted()).toEqual(['a', 'b', 'c', 'd'])
  })

  it('sends a job in a transaction only when it commits', async () => {
    const { feature, handled } = recordingQueue('transactional')
    const { boss } = await start([feature])

    await withTransaction(database.pool, async (tx) => {
      await tx.query('select 1')
      await boss.send('transactional', { label: 'rolled back' }, { db: pgBossDb(tx) })
      throw new Error('roll back')
    }).catch(() => undefined)
    await withTransaction(database.pool, (tx) =>
      boss.send('transactional', { label: 'committed' }, { db: pgBossDb(tx) }),
    )

    await until(() => handled.includes('committed'))
    expect(handled).toEqual(['committed'])
    expect(await jobStates('transactional')).toHaveLength(1)
  })

  it('settles each job of a batch on its own: only the failing one is retried', async () => {
    const { feature, handled } = recordingQueue(
      'batch',
      async (label) => {
        if (label === 'flaky' && !handled.slice(0, -1).includes('flaky')) {
          throw new Error('first attempt fails')
        }
      },
      5,
    )
    const { boss } = await start([feature])

    await boss.insert(['one', 'flaky', 'two'].map((label) => ({ name: 'batch', data: { label } })))
    await until(() => handled.length === 4)
    await until(async () => (await jobStates('batch')).every((state) => state === 'completed'))

    expect(handled.toSorted()).toEqual(['flaky', 'flaky', 'one', 'two'])
  })

  it('runs periodic tasks until it stops', async () => {
    let runs = 0
    const queue = await start([
      { queues: [], tasks: [{ name: 'tick', intervalMs: 20, run: async () => void runs++ }] },
    ])

    await until(() => runs >= 3)
    await queue.stop()
    const runsAtStop = runs
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(runs).toBe(runsAtStop)
  })

  it('stops gracefully: a running job finishes before stop() resolves', async () => {
    const finished: string[] = []
    const { feature, handled } = recordingQueue('slow', async (label) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      finished.push(label)
    })
    const queue = await start([feature])

    await queue.boss.send('slow', { label: 'long job' })
    await until(() => handled.length === 1)
    await queue.stop()

    expect(finished).toEqual(['long job'])
    expect(await jobStates('slow')).toEqual(['completed'])
  })
})
