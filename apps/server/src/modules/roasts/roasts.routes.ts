/**
 * The routes of resume roasts (issue 17, ADR 0027; wire shapes in
 * packages/contracts/src/roasts.ts):
 * - POST /api/roasts {resumeAnalysisId} → 201 the roast (private);
 * - GET /api/roasts → {roasts} (the caller's, newest first);
 * - PATCH /api/roasts/{id} {published?, videoId?} → the roast; DELETE /api/roasts/{id} → 204;
 * - GET /api/public/roasts/{id}, GET /api/public/roast-videos/{id}: no session, published only.
 */
import { CreateRoastBodySchema, UpdateRoastBodySchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import type { TextGenerator } from '../cover-letters/index.ts'
import type { ObjectUrlSigner } from '../storage/index.ts'
import {
  changeRoast,
  createRoast,
  listRoasts,
  readPublicRoast,
  readPublicRoastVideo,
  removeRoast,
  toRoastJson,
} from './roasts.service.ts'

export type RoastsRouteDeps = ProductApiContext & {
  limitUser: LimitUser
  objectUrlSigner: ObjectUrlSigner
  /** The LLM of `LLM_BASE_URL`, when the wiring passes one; default the offline lines. */
  textGenerator?: TextGenerator | null
}

export function registerRoastsRoutes(app: FastifyInstance, ctx: RoastsRouteDeps) {
  const deps = { db: ctx.db, now: ctx.now, textGenerator: ctx.textGenerator ?? null }

  app.post('/roasts', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { resumeAnalysisId } = CreateRoastBodySchema.parse(request.body)
    // A roast is generated content: the user's `generation` limit, shared with cover letters.
    await ctx.limitUser(reply, user.id, 'generation')
    const row = await createRoast(deps, user.id, resumeAnalysisId)
    return reply.status(201).send(toRoastJson(row))
  })

  app.get('/roasts', async (request) => {
    const user = await ctx.requireUser(request)
    return { roasts: (await listRoasts(ctx.db, user.id)).map(toRoastJson) }
  })

  app.patch('/roasts/:id', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = request.params as { id: string }
    const body = UpdateRoastBodySchema.parse(request.body)
    return toRoastJson(await changeRoast(deps, user.id, id, body))
  })

  app.delete('/roasts/:id', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { id } = request.params as { id: string }
    await removeRoast(ctx.db, user.id, id)
    return reply.status(204).send()
  })

  app.get('/public/roasts/:id', async (request) => {
    const { id } = request.params as { id: string }
    return readPublicRoast(ctx.db, id)
  })

  app.get('/public/roast-videos/:id', async (request) => {
    const { id } = request.params as { id: string }
    return readPublicRoastVideo({ db: ctx.db, now: ctx.now, signer: ctx.objectUrlSigner }, id)
  })
}
