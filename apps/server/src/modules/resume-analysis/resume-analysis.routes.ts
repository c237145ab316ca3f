/**
 * The routes of resume analysis (issue 15, ADR 0023; wire shapes in
 * packages/contracts/src/resume-analysis.ts):
 * - POST /api/resume-analysis/analyze {id, documentUrl?, linkedinUrl?} → 202 (200 when the same
 *   analysis is already queued or running) with the analysis;
 * - GET /api/resume-analysis/latest, GET /api/resume-analysis/{id} → the analysis;
 * - POST /api/resume-analysis/{id}/match {jobId | jobApplicationId} → the job match;
 * - POST /api/professional-profiles/linkedin-export[?profileId=] (raw application/zip) → 201;
 * - POST /api/resume-analysis/video/generate {resumeAnalysisId} → 202 (200 while one is being
 *   made), GET /api/resume-analysis/video/status/{id} → the video (spec section 7; ADR 0027).
 */
import {
  AnalyzeResumeBodySchema,
  GenerateAnalysisVideoBodySchema,
  MatchResumeBodySchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import type { ObjectUrlSigner } from '../storage/index.ts'
import { readAnalysisVideo, requestAnalysisVideo, toAnalysisVideoJson } from './analysis-videos.ts'
import { DEFAULT_LINKEDIN_EXPORT_LIMITS, type LinkedinExportLimits } from './linkedin-export.ts'
import { toResumeAnalysisJson } from './resume-analyses.repository.ts'
import {
  analyzeResume,
  checkAnalyzeRequest,
  importLinkedinExport,
  matchAnalysisToJob,
  readAnalysis,
  readLatestAnalysis,
} from './resume-analysis.service.ts'

export type ResumeAnalysisRouteSettings = {
  /** The export ZIP's size cap (`LINKEDIN_EXPORT_MAX_BYTES`) and unpacking limits. */
  linkedinExport: LinkedinExportLimits & { maxBytes: number }
}

/** The routes' settings from the configuration (`LINKEDIN_EXPORT_*`). */
export function resumeAnalysisRouteSettingsFromConfig(config: {
  LINKEDIN_EXPORT_MAX_BYTES: number
  LINKEDIN_EXPORT_MAX_UNPACKED_BYTES: number
}): ResumeAnalysisRouteSettings {
  return {
    linkedinExport: {
      maxBytes: config.LINKEDIN_EXPORT_MAX_BYTES,
      maxUnpackedBytes: config.LINKEDIN_EXPORT_MAX_UNPACKED_BYTES,
      maxEntries: DEFAULT_LINKEDIN_EXPORT_LIMITS.maxEntries,
    },
  }
}

/** The defaults of `.env.example`, for a caller that passes none (tests). */
export const DEFAULT_RESUME_ANALYSIS_ROUTE_SETTINGS = resumeAnalysisRouteSettingsFromConfig({
  LINKEDIN_EXPORT_MAX_BYTES: 20_000_000,
  LINKEDIN_EXPORT_MAX_UNPACKED_BYTES: DEFAULT_LINKEDIN_EXPORT_LIMITS.maxUnpackedBytes,
})

const ExportQuery = z.object({ profileId: z.string().optional() })

export function registerResumeAnalysisRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & {
    limitUser: LimitUser
    resumeAnalysis: ResumeAnalysisRouteSettings
    objectUrlSigner: ObjectUrlSigner
  },
) {
  const videoDeps = { db: ctx.db, now: ctx.now, signer: ctx.objectUrlSigner }

  app.post('/resume-analysis/video/generate', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { resumeAnalysisId } = GenerateAnalysisVideoBodySchema.parse(request.body)
    // A video is generated content: the user's `generation` limit, shared with cover letters.
    await ctx.limitUser(reply, user.id, 'generation')
    const { row, created } = await requestAnalysisVideo(ctx, user.id, resumeAnalysisId)
    return reply.status(created ? 202 : 200).send(await toAnalysisVideoJson(videoDeps, row))
  })

  app.get('/resume-analysis/video/status/:id', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = request.params as { id: string }
    return readAnalysisVideo(videoDeps, user.id, id)
  })

  app.post('/resume-analysis/analyze', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const body = AnalyzeResumeBodySchema.extend({ id: z.string().min(1).max(100) }).parse(
      request.body,
    )
    const checked = checkAnalyzeRequest(user.id, body)
    // Each analysis is expensive: the user's `analyses` limit, shared with the upload.
    await ctx.limitUser(reply, user.id, 'analyses')
    const { row, created } = await analyzeResume(ctx, user.id, checked)
    return reply.status(created ? 202 : 200).send(toResumeAnalysisJson(row))
  })

  app.get('/resume-analysis/latest', async (request) => {
    const user = await ctx.requireUser(request)
    return toResumeAnalysisJson(await readLatestAnalysis(ctx.db, user.id))
  })

  app.get('/resume-analysis/:id', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = request.params as { id: string }
    return toResumeAnalysisJson(await readAnalysis(ctx.db, user.id, id))
  })

  app.post('/resume-analysis/:id/match', async (request) => {
    const user = await ctx.requireUser(request)
    const { id } = request.params as { id: string }
    const body = MatchResumeBodySchema.parse(request.body)
    return matchAnalysisToJob(ctx.db, user.id, id, body)
  })

  const limits = ctx.resumeAnalysis.linkedinExport
  // The export is read raw, in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: limits.maxBytes },
      (_request, body, done) => done(null, body),
    )
    scope.post('/professional-profiles/linkedin-export', async (request, reply) => {
      const user = await ctx.requireUser(request)
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError(
          'unsupported_media_type',
          'Send LinkedIn’s export ZIP as the raw body with Content-Type: application/zip',
        )
      }
      const { profileId } = ExportQuery.parse(request.query)
      await ctx.limitUser(reply, user.id, 'analyses')
      const imported = await importLinkedinExport(
        { db: ctx.db, sendJob: ctx.sendJob, limits },
        user.id,
        request.body,
        profileId ?? null,
      )
      return reply.status(201).send({
        professionalProfileId: imported.professionalProfileId,
        analysis: toResumeAnalysisJson(imported.row),
        filesRead: imported.filesRead,
      })
    })
  })
}
