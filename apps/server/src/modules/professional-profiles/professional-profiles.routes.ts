import { JsonResumeSchema } from '@app/contracts'
import { z } from 'zod'
import { withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../../platform/db/pool.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import { lockObjectRow } from '../storage/index.ts'
import {
  findProfileByResumePath,
  insertResumeProfile,
  RESUMES_BUCKET,
  toProfessionalProfileJson,
} from './professional-profiles.repository.ts'
import {
  correctProfileResume,
  PROFILE_NOT_FOUND,
  readProfileResume,
} from './profile-resume.service.ts'

/**
 * POST /api/professional-profiles {fileName} (spec section 7): after the upload page stored a
 * resume as `resumes/<user id>/<fileName>`, this records a professional profile for it and
 * queues its analysis (`resume-analysis`), in one transaction. The newest profile is the one the
 * app uses (spec section 3: the `latest_professional_profiles` view).
 *
 * Answers the profile in camelCase: 201 when created, 200 with the same profile when this file
 * already has one (a retried request creates nothing twice, nor queues a second analysis).
 * 404 `not_found` "Resume file not found" when the caller's folder holds no such file: the name
 * of someone else's file is looked up in the caller's own folder, so it is not found either.
 */
/**
 * Queues the analysis of a newly recorded profile's resume in the caller's transaction
 * (resume-analysis owns it and reads profiles, so the wiring passes it in).
 */
export type RequestResumeAnalysis = (tx: Queryable, professionalProfileId: string) => Promise<void>

const CreateProfessionalProfileBody = z.object({
  fileName: z
    .string()
    .min(1)
    .max(255)
    .refine((name) => !name.includes('/') && name !== '.' && name !== '..', {
      message: 'A file name, not a path',
    }),
  /** The file's name on the user's computer, shown in the app (never used in a path). */
  originalFileName: z.string().trim().min(1).max(255).optional(),
})

export function registerProfessionalProfilesRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { requestResumeAnalysis: RequestResumeAnalysis; limitUser: LimitUser },
) {
  app.post('/professional-profiles', async (request, reply) => {
    const user = await ctx.requireUser(request)
    // Each new profile queues a resume analysis: the user's `analyses` limit (429, Retry-After).
    await ctx.limitUser(reply, user.id, 'analyses')
    const { fileName, originalFileName } = CreateProfessionalProfileBody.parse(request.body)
    const resumePath = `${user.id}/${fileName}`

    const { profile, created } = await withTransaction(ctx.db, async (tx) => {
      // Locked: two requests for the same file take turns; the second finds the first's profile.
      if (!(await lockObjectRow(tx, RESUMES_BUCKET, resumePath))) {
        throw new AppError('not_found', 'Resume file not found')
      }
      const existing = await findProfileByResumePath(tx, user.id, resumePath)
      if (existing) {
        return { profile: existing, created: false }
      }
      const inserted = await insertResumeProfile(tx, {
        userId: user.id,
        fileName,
        originalFileName: originalFileName ?? null,
        resumePath,
      })
      await ctx.requestResumeAnalysis(tx, inserted.id)
      return { profile: inserted, created: true }
    })
    return reply.status(created ? 201 : 200).send(toProfessionalProfileJson(profile))
  })

  /**
   * GET /api/professional-profiles/{id}/resume: the resume the app shows (the parse overlaid by
   * the seeker's corrections) and what it is made of (`ProfileResumeSchema` of the contracts).
   */
  app.get('/professional-profiles/:id/resume', async (request) => {
    const user = await ctx.requireUser(request)
    const id = profileIdOf(request.params)
    return readProfileResume(ctx.db, user.id, id)
  })

  /**
   * PUT /api/professional-profiles/{id}/resume with a whole JSON Resume: the seeker's version;
   * what differs from the parse is kept as corrections, which win over any later parse.
   */
  app.put('/professional-profiles/:id/resume', async (request) => {
    const user = await ctx.requireUser(request)
    const id = profileIdOf(request.params)
    const resume = JsonResumeSchema.parse(request.body)
    return correctProfileResume(ctx.db, user.id, id, resume)
  })
}

/** The profile id of the path; a malformed one names no profile (404, as an unknown one). */
function profileIdOf(params: unknown): string {
  const id = (params as { id?: unknown }).id
  if (typeof id !== 'string' || !z.uuid().safeParse(id).success) {
    throw new AppError('professional_profile_not_found', PROFILE_NOT_FOUND)
  }
  return id
}
