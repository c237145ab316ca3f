/**
 * The job queue: pg-boss 10 in its own schema (`pgboss`) of the application's database, using
 * the application's connection pool (so stopping it never races the pool's end). pg-boss
 * creates and migrates its schema itself on start, under an advisory lock, so any number of
 * server processes may start at once against the same database.
 *
 * A feature declares its background work as a `JobFeature` (all listed in background-jobs.ts):
 * - queues, each with its policy (retries, back-off, expiry, dead-letter queue) and a worker
 *   that fetches up to `concurrency` jobs at once and settles each on its own (pg-boss would
 *   fail a whole batch for one error); a dead-letter queue is declared before those using it;
 * - periodic tasks this process runs every few seconds, for timing finer than pg-boss's
 *   minute-grained cron (e.g. the email outbox relay).
 *
 * `stop()` is graceful: periodic tasks stop (a run in progress finishes), workers stop fetching,
 * and running jobs get `stopTimeoutMs` to finish (pg-boss fails what is left, so it is retried
 * later). The caller ends the pool afterwards.
 */
import PgBoss from 'pg-boss'
import { type Database, type Queryable, withTransaction } from './db/pool.ts'
import type { Logger } from './logger.ts'
import { databaseUnavailable } from './db/database-unavailable.ts'
import { reportUnexpectedError } from './error-reporting.ts'
import { jobDurationSeconds } from './metrics.ts'

export const JOB_QUEUE_SCHEMA = 'pgboss'

export type QueueDeclaration = {
  name: string
  /** Retries, back-off, expiry and dead-letter queue of the jobs sent to this queue. */
  policy: Omit<PgBoss.Queue, 'name'>
  /** Handles one job; throwing fails the attempt, which is retried as the policy says. */
  work: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>
  /** Jobs this process runs at the same time (default 1). */
  concurrency?: number
}

export type PeriodicTask = {
  name: string
  intervalMs: number
  /** Runs at start, then `intervalMs` after each run ends; a failed run is logged. */
  run: (boss: PgBoss) => Promise<void>
}

export type JobFeature = {
  queues: QueueDeclaration[]
  tasks: PeriodicTask[]
}

export type JobQueue = {
  /** pg-boss itself, to send jobs (`{db: pgBossDb(tx)}` sends one inside a transaction). */
  boss: PgBoss
  stop: () => Promise<void>
}

export type JobQueueOptions = {
  db: Database
  logger: Logger
  features: JobFeature[]
  /** How often a worker looks for jobs, default 1 s (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number
  /** How long `stop()` lets running jobs finish. */
  stopTimeoutMs?: number
}

/**
 * pg-boss's view of a pool, or of a transaction: `boss.send(name, data, {db: pgBossDb(tx)})`
 * inserts the job in the caller's transaction, so it exists only if that commits.
 */
export function pgBossDb(queryable: Queryable): PgBoss.Db {
  return { executeSql: (text, values) => queryable.query(text, values) }
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options
  const boss = new PgBoss({ db: pgBossDb(options.db), schema: JOB_QUEUE_SCHEMA })
  boss.on('error', queueErrorLogger(logger))

  const stopTasks: Array<() => Promise<void>> = []
  const stop = async () => {
    await Promise.all(stopTasks.map((stopTask) => stopTask()))
    await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 })
  }

  await boss.start()
  try {
    const queues = options.features.flatMap((feature) => feature.queues)
    await declareQueues(options.db, boss, queues)
    for (const queue of queues) {
      await boss.work(
        queue.name,
        {
          batchSize: queue.concurrency ?? 1,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        },
        (jobs) => workOnBatch(boss, queue, jobs, logger),
      )
    }
    for (const task of options.features.flatMap((feature) => feature.tasks)) {
      stopTasks.push(runPeriodically(task, boss, logger))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { boss, stop }
}

/**
 * pg-boss's errors (a failed poll, maintenance) are logged, never thrown: while the database is
 * away every worker's poll fails each second, so that is said once every 10 s at `warn`, and
 * the workers carry on polling until it is back.
 */
function queueErrorLogger(logger: Logger): (error: Error) => void {
  let lastOutageLogAt = 0
  return (error) => {
    if (!databaseUnavailable(error)) {
      logger.error({ err: error }, 'job queue error')
      return
    }
    if (Date.now() - lastOutageLogAt >= 10_000) {
      lastOutageLogAt = Date.now()
      logger.warn(
        { err: { message: error.message } },
        'job queue paused: the database is unavailable',
      )
    }
  }
}

/**
 * pg-boss for sending only, for a process that runs no workers (an HTTP process): no schema
 * migration, maintenance or cron (the background worker process does those).
 */
export async function startJobSender(options: { db: Database; logger: Logger }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: pgBossDb(options.db),
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  })
  boss.on('error', queueErrorLogger(options.logger))
  await boss.start()
  return { boss, stop: () => boss.stop({ graceful: false, wait: true }) }
}

/**
 * Creates or migrates pg-boss's schema and declares every queue, then stops: what the
 * supervisor does once before it starts processes that send jobs (a send to a queue not
 * declared yet inserts nothing).
 */
export async function prepareJobQueue(options: {
  db: Database
  logger: Logger
  features: JobFeature[]
}): Promise<void> {
  const boss = new PgBoss({
    db: pgBossDb(options.db),
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
  })
  boss.on('error', queueErrorLogger(options.logger))
  await boss.start()
  try {
    await declareQueues(
      options.db,
      boss,
      options.features.flatMap((feature) => feature.queues),
    )
  } finally {
    await boss.stop({ graceful: false, wait: true })
  }
}

/**
 * Runs a fetched batch concurrently and completes each job that succeeded. Throwing at the end
 * lets pg-boss fail (and so retry) the jobs still active, which are exactly the failed ones:
 * failing them one by one instead could race with their retry being fetched again.
 */
async function workOnBatch(
  boss: PgBoss,
  queue: QueueDeclaration,
  jobs: Array<PgBoss.JobWithMetadata<unknown>>,
  logger: Logger,
): Promise<void> {
  const failures: unknown[] = []
  await Promise.all(
    jobs.map(async (job) => {
      const timer = jobDurationSeconds.startTimer({ queue: queue.name })
      try {
        await queue.work(job)
        await boss.complete(queue.name, job.id)
        timer({ outcome: 'completed' })
      } catch (error) {
        timer({ outcome: 'failed' })
        failures.push(error)
        if (!databaseUnavailable(error)) {
          // An outage is not a bug of the job: it is retried, and /metrics shows the outage.
          reportUnexpectedError(error, {
            job: { queue: queue.name, id: job.id, retryCount: job.retryCount },
          })
        }
        logger.warn(
          { err: error, queue: queue.name, jobId: job.id, retryCount: job.retryCount },
          'job failed',
        )
      }
    }),
  )
  if (failures.length === 1) {
    throw failures[0]
  }
  if (failures.length > 1) {
    throw new AggregateError(failures, `${failures.length} of ${jobs.length} jobs failed`)
  }
}

/**
 * Creates the queues, or applies today's policy to existing ones, one process at a time: two
 * processes creating the same queue at once deadlock in pg-boss's partition DDL. A transaction
 * holds the advisory lock while pg-boss works on other connections; its end releases it.
 */
async function declareQueues(db: Database, boss: PgBoss, queues: QueueDeclaration[]) {
  await withTransaction(db, async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('jobsearch: declare pg-boss queues'))`)
    for (const queue of queues) {
      const options = { ...queue.policy, name: queue.name }
      await boss.createQueue(queue.name, options) // leaves an existing queue alone
      await boss.updateQueue(queue.name, options)
    }
  })
}

/** Starts `task`; the returned function stops it, waiting for a run in progress. */
function runPeriodically(task: PeriodicTask, boss: PgBoss, logger: Logger): () => Promise<void> {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const runOnce = () => {
    running = task
      .run(boss)
      .catch((error: unknown) => logger.error({ err: error, task: task.name }, 'task failed'))
      .then(() => {
        if (!stopped) {
          timer = setTimeout(runOnce, task.intervalMs)
        }
      })
  }
  runOnce()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
