import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
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
   * Run as a second process of this stack: on its database, with its JWT secret (a token of
   * one is valid on the other). Stop this one first: the first stack drops the database.
   */
  alongside?: TestStack
}): Promise<TestStack> {
  const database = options.alongside ? null : await createDatabaseFromTemplate(options.adminUrl)
  const databaseUrl = options.alongside?.databaseUrl ?? database?.url ?? ''
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stack-'))
  const [port, marketingPort] = [await findFreePort(), await findFreePort()]
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
      LOG_LEVEL: 'warn',
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
    stop,
  }
}

async function waitUntilHealthy(appUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000
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
  throw new Error(`the server was not healthy within 30 s:\n${output()}`)
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
