import { JobAlertRequestSchema, MAX_JOB_ALERTS_PER_USER } from '@app/contracts'
import { z } from 'zod'
import { withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { deleteJobAlert, insertJobAlert, listJobAlerts } from './job-alerts.repository.ts'

/**
 * Job alerts, the notification-filter variant of spec section 7 (contract in
 * packages/contracts/src/jobs.ts): a saved filter set whose new matching jobs arrive as a daily
 * digest email; `GET /api/jobs?alertId=…` lists an alert's matches in the app.
 * - POST /api/job-alerts `{name, filters, q?}`: 201 `{alert}`; 403 `forbidden` for an account
 *   without an email address (a guest), 409 `conflict` beyond MAX_JOB_ALERTS_PER_USER;
 * - GET /api/job-alerts: `{alerts}`, newest first;
 * - DELETE /api/job-alerts/:id: 204, or 404 `not_found` when the user has no such alert.
 */
const AlertParams = z.object({ id: z.uuid() })

export function registerJobAlertRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.post('/job-alerts', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const body = JobAlertRequestSchema.parse(request.body)
    if (!user.email) {
      throw new AppError('forbidden', 'Add an email address to your account to get job alerts')
    }
    const alert = await withTransaction(ctx.db, (tx) =>
      insertJobAlert(tx, {
        userId: user.id,
        name: body.name,
        filters: body.filters,
        q: body.q || null,
        limit: MAX_JOB_ALERTS_PER_USER,
      }),
    )
    if (!alert) {
      throw new AppError('conflict', `You can keep at most ${MAX_JOB_ALERTS_PER_USER} job alerts`)
    }
    return reply.status(201).send({ alert })
  })

  app.get('/job-alerts', async (request) => {
    const user = await ctx.requireUser(request)
    return { alerts: await listJobAlerts(ctx.db, user.id) }
  })

  app.delete('/job-alerts/:id', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { id } = AlertParams.parse(request.params)
    if (!(await deleteJobAlert(ctx.db, user.id, id))) {
      throw new AppError('not_found', 'Job alert not found')
    }
    return reply.status(204).send()
  })
}
