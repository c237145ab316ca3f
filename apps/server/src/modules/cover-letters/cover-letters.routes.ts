import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { ByteStore } from '../storage/index.ts'
import {
  coverLetterState,
  regenerateCoverLetter,
  renderEditedLetterPdf,
} from './cover-letters.service.ts'

/**
 * The cover letter a right swipe prepares (packages/contracts/src/cover-letters.ts):
 * - GET  /api/job-applications/:id/cover-letter: its state (status, text, PDF path, report);
 * - POST /api/job-applications/:id/cover-letter/regenerate: 202, a new letter and report are
 *   queued; 409 `conflict` while one is being prepared; 429 `cover_letter_regeneration_limit`
 *   (with Retry-After) past the free regenerations of the last 24 hours;
 * - POST /api/job-applications/:id/cover-letter/pdf: renders the PDF from the saved text (after
 *   the user edited it through /rest/v1); 409 `conflict` without a text.
 * 404 `not_found` for an application that is not the user's.
 */
const Params = z.object({ id: z.uuid() })

export type CoverLettersRoutesDeps = ProductApiContext & {
  byteStore: ByteStore
  coverLetterRegenerationsPerDay: number
}

export function registerCoverLettersRoutes(app: FastifyInstance, ctx: CoverLettersRoutesDeps) {
  app.get('/job-applications/:id/cover-letter', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = Params.parse(request.params)
    return coverLetterState(ctx, user.id, id)
  })

  app.post('/job-applications/:id/cover-letter/regenerate', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { id } = Params.parse(request.params)
    const state = await regenerateCoverLetter(ctx, user.id, id, (seconds) => {
      void reply.header('retry-after', String(seconds))
    })
    return reply.status(202).send(state)
  })

  app.post('/job-applications/:id/cover-letter/pdf', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = Params.parse(request.params)
    return renderEditedLetterPdf(ctx, user.id, id)
  })
}
