/**
 * The process model (ADR 0031, docs/deploy.md). `npm start` runs a small supervisor, the
 * cluster's primary, which:
 * 1. prepares the install once (`prepareInstall`: secrets, the embedded PostgreSQL unless
 *    `DATABASE_URL`, migrations, demo data, the local Stripe stand-in, pg-boss's queues);
 * 2. starts `WEB_CONCURRENCY` HTTP processes (default one per CPU) sharing `PORT` and
 *    `MARKETING_PORT`, and `WORKER_CONCURRENCY` background processes (default 1) running the
 *    job queue's workers, the periodic tasks and the inbound SMTP receiver;
 * 3. restarts a process that exits unasked, after 1 s, then twice as long after each quick
 *    crash, up to 30 s (a process that ran for a minute starts the count again);
 * 4. on SIGTERM or SIGINT asks every process to stop (HTTP: no new connections, requests in
 *    flight finish; background: no new jobs, running ones finish), waits for them up to
 *    `SHUTDOWN_TIMEOUT_MS`, then stops the embedded PostgreSQL and exits. A second signal
 *    kills the processes at once.
 * `npm run serve` (HTTP processes only) and `npm run worker` (background processes only) are
 * the same supervisor for deployments that run them on different machines, on an external
 * PostgreSQL (`DATABASE_URL`).
 *
 * The primary itself holds no database connection once the processes run, and serves nothing.
 */
import cluster, { type Worker } from 'node:cluster'
import { availableParallelism, setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { heapFlags, processEnv } from './heap-flags.ts'
import { type Config, ConfigError } from './platform/config.ts'
import { databaseUnavailable } from './platform/db/database-unavailable.ts'
import type { Logger } from './platform/logger.ts'
import { serveClusterMetrics } from './platform/metrics.ts'
import {
  prepareInstall,
  type ProcessHandoff,
  type RunningProcess,
  startHttpProcess,
  startJobsProcess,
} from './server.ts'

/** `start`: everything; `serve`: HTTP processes only; `worker`: background processes only. */
export type SupervisorMode = 'start' | 'serve' | 'worker'

type Role = 'http' | 'jobs'

/** What a supervised process learns from the supervisor when it asks (over IPC, not argv). */
type ProcessAssignment = { role: Role; index: number; handoff: ProcessHandoff }

/** Messages over the cluster's IPC channel (objects: async-exit-hook reacts to strings). */
type ChildMessage = { type: 'hello' } | { type: 'ready' } | { type: 'failed'; message: string }
type PrimaryMessage = { type: 'assignment'; assignment: ProcessAssignment } | { type: 'stop' }

const MAIN_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url))

const FIRST_RESTART_DELAY_MS = 1000
const MAX_RESTART_DELAY_MS = 30_000
/** A process that ran this long before it exited starts the backoff again. */
const HEALTHY_RUN_MS = 60_000

export type Supervisor = {
  appUrl: string
  marketingUrl: string
  /** Stops every process, then the database (what SIGTERM does); `force`: kills them. */
  stop: (force?: boolean) => Promise<void>
}

/** Is this process one the supervisor started? */
export function isSupervisedProcess(): boolean {
  return cluster.isWorker
}

function processName(role: Role, index: number) {
  return `jobsearch-${role === 'http' ? 'web' : 'worker'}-${index}`
}

/** How many processes of each role a mode runs. */
export function processCounts(config: Config, mode: SupervisorMode): Record<Role, number> {
  const web = config.WEB_CONCURRENCY ?? availableParallelism()
  return {
    http: mode === 'worker' ? 0 : web,
    jobs:
      mode === 'serve'
        ? 0
        : mode === 'worker'
          ? Math.max(1, config.WORKER_CONCURRENCY)
          : config.WORKER_CONCURRENCY,
  }
}

export async function startSupervisor(
  config: Config,
  logger: Logger,
  mode: SupervisorMode,
): Promise<Supervisor> {
  if (mode !== 'start' && !config.DATABASE_URL) {
    throw new ConfigError(
      `npm run ${mode} runs ${mode === 'serve' ? 'the HTTP processes' : 'the background processes'} of a split deployment, on a PostgreSQL of its own: set DATABASE_URL (docs/deploy.md). npm start runs everything, with the embedded PostgreSQL.`,
    )
  }
  const log = logger.child({ process: 'supervisor' })
  const counts = processCounts(config, mode)
  // The processes start loading the server's code while the install is prepared; each asks
  // for its hand-off (`hello`) and gets it once the database is ready.
  const install: { handoff?: ProcessHandoff } = {}
  const awaitingHandoff: Array<() => void> = []
  cluster.setupPrimary({ exec: MAIN_ENTRY, args: [] })
  // GET /metrics in any HTTP process answers for all of them (platform/metrics.ts).
  serveClusterMetrics()

  type Slot = {
    role: Role
    index: number
    worker?: Worker
    startedAt: number
    delayMs: number
    timer?: NodeJS.Timeout
  }
  const slots: Slot[] = [
    ...Array.from({ length: counts.http }, (_, i) => ({ role: 'http' as const, index: i + 1 })),
    ...Array.from({ length: counts.jobs }, (_, i) => ({ role: 'jobs' as const, index: i + 1 })),
  ].map((slot) => ({ ...slot, startedAt: 0, delayMs: FIRST_RESTART_DELAY_MS }))
  let stopping = false

  /**
   * Starts the slot's process; resolves when it is ready, rejects if it fails first. A
   * restarted process (`initial` false) that fails before it is ready is restarted again (the
   * database may still be away); one failing at start-up fails the start.
   */
  const fork = (slot: Slot, initial: boolean): Promise<void> => {
    cluster.setupPrimary({ execArgv: [...process.execArgv, ...heapFlags(config, slot.role)] })
    const worker = cluster.fork(processEnv(config))
    slot.worker = worker
    slot.startedAt = Date.now()
    const name = processName(slot.role, slot.index)
    return new Promise<void>((resolve, reject) => {
      let settled = false
      worker.on('message', (message: ChildMessage) => {
        if (message.type === 'hello') {
          const assign = () => {
            const handoff = install.handoff
            if (handoff && worker.isConnected()) {
              const assignment = { role: slot.role, index: slot.index, handoff }
              worker.send({ type: 'assignment', assignment } satisfies PrimaryMessage)
            }
          }
          if (install.handoff) {
            assign()
          } else {
            awaitingHandoff.push(assign)
          }
        } else if (message.type === 'ready' && !settled) {
          settled = true
          if (slot.role === 'jobs') {
            // Once started: a restarted background process comes back at full speed.
            yieldToRequests(worker, config.WORKER_NICE, log)
          }
          log.info({ name, pid: worker.process.pid }, 'process ready')
          resolve()
        } else if (message.type === 'failed' && !settled) {
          settled = true
          reject(new Error(`${name} could not start: ${message.message}`))
        }
      })
      worker.on('exit', (code, signal) => {
        if (slot.worker === worker) {
          slot.worker = undefined
        }
        const wasReady = settled
        if (!settled) {
          settled = true
          reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`))
        }
        if (stopping || (initial && !wasReady)) {
          return
        }
        // Ran long enough: a fresh failure, not a crash loop.
        if (Date.now() - slot.startedAt >= HEALTHY_RUN_MS) {
          slot.delayMs = FIRST_RESTART_DELAY_MS
        }
        log.error(
          { name, pid: worker.process.pid, code, signal, restartInMs: slot.delayMs },
          'process exited; restarting it',
        )
        const delay = slot.delayMs
        slot.delayMs = Math.min(slot.delayMs * 2, MAX_RESTART_DELAY_MS)
        slot.timer = setTimeout(() => {
          if (!stopping) {
            fork(slot, false).catch((error: unknown) =>
              log.error({ err: error, name }, 'process did not start again'),
            )
          }
        }, delay)
      })
    })
  }

  const stopProcesses = async (force: boolean) => {
    stopping = true
    for (const slot of slots) {
      clearTimeout(slot.timer)
    }
    const running = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []))
    const exited = running.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) {
            resolve()
          } else {
            worker.once('exit', () => resolve())
          }
        }),
    )
    for (const worker of running) {
      if (force) {
        worker.process.kill('SIGKILL')
      } else if (worker.isConnected()) {
        worker.send({ type: 'stop' } satisfies PrimaryMessage)
      } else {
        worker.process.kill('SIGTERM')
      }
    }
    // Their own timeout is SHUTDOWN_TIMEOUT_MS; past a little more, they are killed.
    const deadline = setTimeout(
      () => running.forEach((worker) => worker.process.kill('SIGKILL')),
      config.SHUTDOWN_TIMEOUT_MS + 5000,
    )
    await Promise.all(exited)
    clearTimeout(deadline)
  }

  const ready = Promise.all(slots.map((slot) => fork(slot, true)))
  ready.catch(() => undefined) // awaited below, once the install is prepared
  let prepared: Awaited<ReturnType<typeof prepareInstall>>
  try {
    prepared = await prepareInstall(config, logger, { demo: mode === 'start' })
  } catch (error) {
    await stopProcesses(true)
    throw error
  }
  install.handoff = prepared.handoff
  awaitingHandoff.splice(0).forEach((assign) => assign())
  try {
    await ready
  } catch (error) {
    await stopProcesses(true)
    await prepared.close()
    throw error
  }

  let stopped: Promise<void> | undefined
  return {
    appUrl: prepared.appUrl,
    marketingUrl: prepared.marketingUrl,
    stop: (force = false): Promise<void> => {
      if (force) {
        return stopProcesses(true).then(() => prepared.close())
      }
      stopped ??= stopProcesses(false).then(() => prepared.close())
      return stopped
    },
  }
}

/**
 * Runs the supervisor until SIGTERM or SIGINT: the first drains and stops everything, a
 * second forces. Exits the process when done. A signal during start-up stops everything once
 * it is up (a second one exits at once: PostgreSQL then gets a fast shutdown from the exit
 * handler); null is returned then, instead of the running supervisor.
 */
export async function runSupervisor(
  config: Config,
  logger: Logger,
  mode: SupervisorMode,
): Promise<Supervisor | null> {
  // Set once started (the signal handler runs before that too).
  const started: { supervisor?: Supervisor } = {}
  let signals = 0
  const drain = (running: Supervisor) =>
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1
    if (signals === 1) {
      logger.info({ signal }, 'shutting down: letting requests and jobs finish')
      if (started.supervisor) {
        void drain(started.supervisor)
      }
    } else {
      logger.warn({ signal }, 'second signal: stopping at once')
      if (started.supervisor) {
        void started.supervisor.stop(true).finally(() => process.exit(1))
      } else {
        process.exit(1)
      }
    }
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  const supervisor = await startSupervisor(config, logger, mode)
  started.supervisor = supervisor
  if (signals > 0) {
    void drain(supervisor)
    return null
  }
  return supervisor
}

/**
 * A process the supervisor started: its role's part of the product, stopped gracefully when
 * the supervisor asks (or on SIGTERM/SIGINT, e.g. Ctrl-C reaching the whole process group),
 * then exit. An error nothing caught also stops it (exit code 1): the supervisor restarts it.
 */
export async function runSupervisedProcess(config: Config, logger: Logger) {
  let running: RunningProcess | undefined
  let closing: Promise<void> | undefined
  let log = logger
  const close = (reason: Record<string, unknown>) => {
    if (closing) {
      // A second signal: the operator insists.
      if (reason.signal) {
        process.exit(1)
      }
      return
    }
    if (!running) {
      // Asked to stop while starting: nothing was served yet.
      process.exit(reason.err ? 1 : 0)
    }
    log.info(reason, 'stopping')
    const timeout = setTimeout(() => {
      log.error('did not stop in time: exiting')
      process.exit(1)
    }, config.SHUTDOWN_TIMEOUT_MS)
    timeout.unref()
    closing = running.close().then(
      () => process.exit(reason.err ? 1 : 0),
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed')
        process.exit(1)
      },
    )
  }
  process.on('message', (message: PrimaryMessage) => {
    if (message?.type === 'stop') {
      close({ reason: 'asked by the supervisor' })
    }
  })
  process.on('SIGTERM', (signal) => close({ signal }))
  process.on('SIGINT', (signal) => close({ signal }))
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception: stopping')
    close({ err: error.message })
  })
  process.on('unhandledRejection', (error) => {
    // pg-boss 10 settles a batch (complete, fail) without awaiting it: while the database is
    // away that rejects with nobody listening. Nothing waits for it; the job's row stays active
    // and is retried once it expires. Any other unhandled rejection is a bug: stop.
    if (databaseUnavailable(error)) {
      log.warn(
        { err: { message: (error as Error).message } },
        'a background write failed: the database is unavailable',
      )
      return
    }
    log.fatal({ err: error }, 'unhandled rejection: stopping')
    close({ err: String(error) })
  })
  // The supervisor is gone (killed outright): nobody will restart or stop this one.
  process.on('disconnect', () => close({ reason: 'the supervisor is gone' }))

  const assignment = await new Promise<ProcessAssignment>((resolve) => {
    const onMessage = (message: PrimaryMessage) => {
      if (message?.type === 'assignment') {
        process.off('message', onMessage)
        resolve(message.assignment)
      }
    }
    process.on('message', onMessage)
    process.send?.({ type: 'hello' } satisfies ChildMessage)
  })
  const name = processName(assignment.role, assignment.index)
  process.title = name
  log = logger.child({ process: name })
  try {
    running =
      assignment.role === 'http'
        ? await startHttpProcess(config, log, assignment.handoff, name)
        : await startJobsProcess(config, log, assignment.handoff, name)
  } catch (error) {
    log.fatal({ err: error }, 'the process could not start')
    process.send?.({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies ChildMessage)
    process.exit(1)
  }

  process.send?.({ type: 'ready' } satisfies ChildMessage)
}

/**
 * Lowers a background process's scheduling priority (`WORKER_NICE`): its work (letters, PDFs,
 * imports) waits while requests need the CPUs. Lowering one's own children's priority needs no
 * privilege; where the system refuses anyway, the process runs at the supervisor's priority.
 */
function yieldToRequests(worker: Worker, nice: number, log: Logger) {
  const pid = worker.process.pid
  if (!nice || pid === undefined) {
    return
  }
  try {
    setPriority(pid, nice)
  } catch (error) {
    log.warn({ pid, nice, error: (error as Error).message }, 'could not lower the priority')
  }
}
