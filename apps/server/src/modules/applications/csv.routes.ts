import { ImportRequestSchema, MAX_IMPORT_ROWS } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { exportApplicationsCsv, importApplications } from './csv.service.ts'

/**
 * - POST /api/job-applications/import `{rows: [{company, title, status, dateApplied?, link?,
 *   notes?, location?}]}` → 200 `{imported, skipped: [{row, reason}]}`; 400
 *   `import_too_many_rows` beyond 500 rows, `validation_failed` for a bad row (nothing saved);
 * - GET /api/job-applications/export.csv → every application as `text/csv`.
 */
export function registerCsvRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.post('/job-applications/import', { bodyLimit: 8 * 1024 * 1024 }, async (request) => {
    const user = await ctx.requireUser(request)
    const rows = (request.body as { rows?: unknown } | null)?.rows
    if (Array.isArray(rows) && rows.length > MAX_IMPORT_ROWS) {
      throw new AppError(
        'import_too_many_rows',
        `One import takes at most ${MAX_IMPORT_ROWS} rows; this one has ${rows.length}: send them in parts`,
      )
    }
    const body = ImportRequestSchema.parse(request.body)
    return importApplications(ctx.db, user.id, body.rows, ctx.now())
  })

  app.get('/job-applications/export.csv', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const csv = await exportApplicationsCsv(ctx.db, user.id)
    const day = ctx.now().toISOString().slice(0, 10)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="applications-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv)
  })
}
