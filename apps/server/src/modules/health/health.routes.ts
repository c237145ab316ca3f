import type { FastifyInstance } from 'fastify'
import type { Database } from '../../platform/db/pool.ts'
import { pendingMigrations } from '../../platform/db/migrate.ts'
import { AppError } from '../../platform/errors/app-error.ts'

const VERSION = '0.2.9'

export type ReadinessDeps = {
  db: Database
  /** Whether this server applies the auth and storage migrations too. */
  includeServiceSchemas: boolean
  /** This process's job queue, when it runs one (a split HTTP-only process does not). */
  jobQueueRunning?: () => boolean
}

/**
 * - `GET /health`: liveness. 200 while the process serves requests, whatever its dependencies
 *   (a process manager restarts a process only when this fails).
 * - `GET /ready`: readiness. 200 when the database answers, every migration this build carries
 *   is applied, and this process's job queue (if it runs one) is running; else 503
 *   `service_unavailable` with the failing checks in `details` (a load balancer sends no traffic
 *   here meanwhile).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps) {
  app.get('/health', async () => ({ status: 'ok', version: VERSION }))

  app.get('/ready', async () => {
    const checks: Record<string, string> = {}
    try {
      const pending = await pendingMigrations(deps.db, {
        includeServiceSchemas: deps.includeServiceSchemas,
      })
      checks.database = 'ok'
      checks.migrations = pending.length === 0 ? 'current' : `${pending.length} pending`
    } catch {
      checks.database = 'unreachable'
      checks.migrations = 'unknown'
    }
    checks.jobQueue = !deps.jobQueueRunning
      ? 'not run by this process'
      : deps.jobQueueRunning()
        ? 'running'
        : 'stopped'
    const ready =
      checks.database === 'ok' && checks.migrations === 'current' && checks.jobQueue !== 'stopped'
    if (!ready) {
      throw new AppError('service_unavailable', 'Not ready to serve requests', {
        details: { checks },
      })
    }
    return { status: 'ready', version: VERSION, checks }
  })
}
