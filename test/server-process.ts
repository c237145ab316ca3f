import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../apps/server/src/platform/config.ts'
import { findFreePort } from './free-port.ts'
import { createDatabaseFromTemplate, type TestDatabase } from './template-database.ts'

/**
 * The real server entry (`apps/server/src/main.ts`, what `npm start` runs: the supervisor and
 * the processes it starts) as a child process of the test, on free ports and a data folder of
 * its own. With `adminUrl`, on a fresh database cloned from the run's migrated template
 * (`DATABASE_URL`); without, on its own embedded PostgreSQL (initialised and migrated on
 * start, so slower). Unlike `startStack`, it exposes the process to signal and inspect.
 */
export type ServerProcess = {
  appUrl: string
  /** Superuser URL of the server's database. */
  databaseUrl: string
  dataDir: string
  child: ChildProcess
  /** Everything the server printed so far. */
  output: () => string
  /** Resolves with the exit code when the supervisor exits. */
  exited: Promise<number | null>
  /** SIGTERM (unless it exited already), wait for the exit, remove the data and database. */
  stop: () => Promise<void>
}

const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts')

export async function startServerProcess(options: {
  /** The test cluster's superuser URL: run on a database cloned from its template. */
  adminUrl?: string
  /** `serve` or `worker` (default: what `npm start` runs). */
  command?: 'serve' | 'worker'
  /** Run on this database instead (another server process's, which drops it). */
  databaseUrl?: string
  env?: Record<string, string>
  /** How long it may take to answer /health (default 50 s; an embedded start needs more). */
  startTimeoutMs?: number
}): Promise<ServerProcess> {
  const database: TestDatabase | null =
    options.adminUrl && !options.databaseUrl
      ? await createDatabaseFromTemplate(options.adminUrl)
      : null
  // The database is used by the server only: end this pool's idle connection at once.
  await database?.pool.end()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'server-process-'))
  const [port, marketingPort] = [await findFreePort(), await findFreePort()]
  const externalUrl = options.databaseUrl ?? database?.url
  const embeddedPort = externalUrl ? null : await findFreePort()
  const jwtSecret = randomBytes(32).toString('base64url')
  const child = spawn(
    process.execPath,
    [SERVER_ENTRY, ...(options.command ? [options.command] : [])],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...(externalUrl ? { DATABASE_URL: externalUrl } : {}),
        ...(embeddedPort ? { EMBEDDED_POSTGRES_PORT: String(embeddedPort) } : {}),
        HOST: '127.0.0.1',
        PORT: String(port),
        MARKETING_PORT: String(marketingPort),
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '1',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))

  const appUrl = `http://127.0.0.1:${port}`
  let databaseUrl = externalUrl ?? ''
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
    }
    await exited
    await dropDatabase(database, options.adminUrl)
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilHealthy(
      options.command === 'worker' ? null : appUrl,
      child,
      () => output,
      options.startTimeoutMs ?? 50_000,
    )
    if (!externalUrl) {
      const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        postgresPassword: string
      }
      databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${embeddedPort}/jobsearch`
    }
  } catch (error) {
    child.kill('SIGKILL')
    await stop()
    throw error
  }
  return { appUrl, databaseUrl, dataDir, child, output: () => output, exited, stop }
}

async function dropDatabase(database: TestDatabase | null, adminUrl: string | undefined) {
  if (!database || !adminUrl) {
    return
  }
  const pg = (await import('pg')).default
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${database.name} with (force)`)
  } finally {
    await admin.end()
  }
}

async function waitUntilHealthy(
  /** Null for `npm run worker`, which serves no HTTP: its printed line is enough. */
  appUrl: string | null,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}:\n${output()}`)
    }
    // The supervisor prints the URLs once every process it started is ready.
    if (appUrl === null && output().includes('Background jobs running')) {
      return
    }
    const response =
      appUrl && output().includes('App ready:')
        ? await fetch(`${appUrl}/health`).catch(() => null)
        : null
    if (response?.ok) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${output()}`)
}

/** The ids of `pid`'s child processes (Linux: read from /proc). */
export async function childProcessIds(pid: number): Promise<number[]> {
  const children: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue
    }
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[1]) === pid) {
        children.push(Number(entry))
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return children
}

/** The command line of a process (its title, for the supervised processes). */
export async function commandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ').trim()
  } catch {
    return ''
  }
}
