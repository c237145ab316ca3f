import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../apps/server/src/platform/config.ts'
import { createDatabaseFromTemplate } from './template-database.ts'
import { findFreePort } from './free-port.ts'

export type TestStack = {
  appUrl: string
  marketingUrl: string
  /** Superuser URL of the stack's own database, for arranging and checking rows. */
  databaseUrl: string
  jwtSecret: string
  /** Its JWT signing keys (`signing-keys.json`), which a second process is given. */
  jwtSigningKeys: string
  /** The supervisor's process id (its HTTP and background processes are its children). */
  pid: number
  stop: () => Promise<void>
}

const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts')

/**
 * Starts the real server as its own process, exactly as `npm start` runs it, on free ports,
 * against a fresh database cloned from the migrated template. The built web and marketing
 * apps must exist (`npm test` builds them first).
 */
export async function startStack(options: {
  /** Superuser URL of the cluster holding the migrated template (the test run's cluster). */
  adminUrl: string
  env?: Record<string, string>
  /**
   * Run as a second process of this stack: on its database, with its JWT secret and signing
   * keys (a token of one is valid on the other). Stop this one first: the first stack drops the database.
   */
  alongside?: TestStack
}): Promise<TestStack> {
  const database = options.alongside ? null : await createDatabaseFromTemplate(options.adminUrl)
  const databaseUrl = options.alongside?.databaseUrl ?? database?.url ?? ''
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stack-'))
  // A caller may fix the port (PORT in env) when the address must be known before the start.
  const port = options.env?.PORT ? Number(options.env.PORT) : await findFreePort()
  const marketingPort = await findFreePort()
  const jwtSecret = options.alongside?.jwtSecret ?? randomBytes(32).toString('base64url')
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      MARKETING_PORT: String(marketingPort),
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      ...(options.alongside && { JWT_SIGNING_KEYS: options.alongside.jwtSigningKeys }),
      LOG_LEVEL: 'warn',
      // One HTTP process (and one background process): light on a 2-CPU machine.
      WEB_CONCURRENCY: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const appUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopProcess(child)
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilHealthy(appUrl, child, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    appUrl,
    marketingUrl: `http://127.0.0.1:${marketingPort}`,
    databaseUrl,
    jwtSecret,
    jwtSigningKeys:
      options.alongside?.jwtSigningKeys ??
      (await readFile(path.join(dataDir, 'signing-keys.json'), 'utf8')),
    pid: child.pid ?? 0,
    stop,
  }
}

async function waitUntilHealthy(appUrl: string, child: ChildProcess, output: () => string) {
  // The supervisor, then its HTTP and background processes, each load the server (ADR 0031).
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}:\n${output()}`)
    }
    const response = await fetch(`${appUrl}/health`).catch(() => null)
    if (response?.ok) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server was not healthy within 60 s:\n${output()}`)
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
