import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { computeApplicationStats } from './stats.repository.ts'

/**
 * GET /api/job-applications/stats → applications per week (last 12 ISO weeks in UTC: saved by
 * `created_at`, applied by `applied_at`), response and interview rates over the applications
 * applied to, and the median days from applied to the first employer event.
 */
export function registerStatsRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.get('/job-applications/stats', async (request) => {
    const user = await ctx.requireUser(request)
    return computeApplicationStats(ctx.db, user.id, ctx.now())
  })
}
