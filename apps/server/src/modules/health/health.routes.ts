import type { FastifyInstance } from 'fastify'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'

/** Liveness and readiness in one: answers 200 only when the database answers too. */
export function registerHealthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/health', async () => {
    try {
      await db.query('select 1')
    } catch (error) {
      throw new AppError('service_unavailable', 'The database is not reachable', { cause: error })
    }
    return { status: 'ok', version: '0.2.9' }
  })
}
