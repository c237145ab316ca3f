import {
  AdditionalContextQuerySchema,
  AdditionalContextRequestSchema,
  CreateApplicationRequestSchema,
  FeedbackRequestSchema,
  MAX_JOB_PAGE_HTML_LENGTH,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ProductApiContext } from '../../platform/product-api.ts'
import {
  addApplicationByHand,
  type ReadJobPage,
  readAdditionalContext,
  recordFeedback,
  saveAdditionalContext,
} from './tracker.service.ts'

/**
 * The tracker's product API (contract in packages/contracts/src/applications.ts):
 * - GET /api/job-applications/additional-context?jobApplicationId=… → `{jobApplicationId,
 *   value, updatedAt}` (value null: none yet);
 * - PUT /api/job-applications/additional-context/{id} `{value, jobApplicationId}` → the same;
 *   400 `id_mismatch` when the ids differ, `validation_failed` beyond 5000 characters;
 * - POST /api/job-applications/feedback `{jobApplicationId, subject, rating, reasons?, comment?}`
 *   → 201 `{feedback}`;
 * - POST /api/job-applications `{title, company, url?}` or `{jobPageHtml, url?}` → 201
 *   `{application}`, free; 400 `job_posting_not_found` for a page without a JobPosting.
 * Another user's application, or none, is 404 `not_found`.
 */
const IdParams = z.object({ id: z.uuid() })

export type ApplicationsRoutesDependencies = ProductApiContext & { readJobPage: ReadJobPage }

export function registerApplicationsRoutes(
  app: FastifyInstance,
  ctx: ApplicationsRoutesDependencies,
) {
  app.get('/job-applications/additional-context', async (request) => {
    const user = await ctx.requireUser(request)
    const { jobApplicationId } = AdditionalContextQuerySchema.parse(request.query)
    return readAdditionalContext(ctx.db, user.id, jobApplicationId)
  })

  app.put('/job-applications/additional-context/:id', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = IdParams.parse(request.params)
    const body = AdditionalContextRequestSchema.parse(request.body)
    return saveAdditionalContext(ctx.db, user.id, id, body)
  })

  app.post('/job-applications/feedback', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const body = FeedbackRequestSchema.parse(request.body)
    const feedback = await recordFeedback(ctx.db, user.id, body)
    return reply.status(201).send({ feedback })
  })

  app.post(
    '/job-applications',
    // A pasted page may be large: its own limit (the schema caps the characters).
    { bodyLimit: MAX_JOB_PAGE_HTML_LENGTH * 4 },
    async (request, reply) => {
      const user = await ctx.requireUser(request)
      const body = CreateApplicationRequestSchema.parse(request.body)
      const application = await addApplicationByHand(ctx.db, ctx.readJobPage, user.id, body)
      return reply.status(201).send({ application })
    },
  )
}
