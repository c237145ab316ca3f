import { JobReportRequestSchema, JobSearchQuerySchema } from '@app/contracts'
import { z } from 'zod'
import { AppError } from '../../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../../platform/product-api.ts'
import { insertJobReport } from './job-reports.repository.ts'
import { countJobs, type FindSavedSearch, getJob, searchJobs } from './job-search.service.ts'

/**
 * The jobs API (spec section 7; contract and query encoding in packages/contracts/src/jobs.ts):
 * - GET /api/jobs: `{jobs, nextCursor, filters}`, a page of live, unswiped jobs ranked by match;
 * - GET /api/jobs/count: `{count, capped}` for the same query;
 * - GET /api/jobs/:id: `{job}` with its full description and match (404 `not_found`);
 * - POST /api/jobs/:id/reports `{reason, details?, filters?}`: 201 `{report}` (404 `not_found`).
 * 400 `validation_failed` lists each bad parameter; 401 `not_authenticated` without a session.
 */
const JobParams = z.object({ id: z.uuid() })

export function registerJobSearchRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { findSavedSearch: FindSavedSearch },
) {
  app.get('/jobs', async (request) => {
    const user = await ctx.requireUser(request)
    const query = JobSearchQuerySchema.parse(request.query)
    return searchJobs(ctx.db, { userId: user.id, now: ctx.now() }, query, ctx.findSavedSearch)
  })

  app.get('/jobs/count', async (request) => {
    const user = await ctx.requireUser(request)
    const query = JobSearchQuerySchema.parse(request.query)
    return countJobs(ctx.db, { userId: user.id, now: ctx.now() }, query, ctx.findSavedSearch)
  })

  app.get('/jobs/:id', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = JobParams.parse(request.params)
    return { job: await getJob(ctx.db, user.id, id) }
  })

  app.post('/jobs/:id/reports', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { id } = JobParams.parse(request.params)
    const body = JobReportRequestSchema.parse(request.body ?? {})
    const report = await insertJobReport(ctx.db, {
      jobId: id,
      reportedBy: user.id,
      reason: body.reason,
      details: body.details,
      filters: body.filters ?? null,
    })
    if (!report) throw new AppError('not_found', 'Job not found')
    return reply.status(201).send({ report })
  })
}
