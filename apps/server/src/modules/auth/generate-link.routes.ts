import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { adminOnly } from './admin.routes.ts'
import type { AuthContext } from './auth-context.ts'
import { requestedRedirect } from './email-links.routes.ts'
import { generateAdminLink, inviteUser } from './generate-link.service.ts'

/**
 * POST /admin/generate_link (protocol §1.4 "Admin"), for the service role only: the link and
 * 6-digit code an email would carry, with the user's JSON, instead of an email. POST /invite,
 * also for the service role: the same invite link, emailed to the invitee.
 */
const GenerateLinkBody = z.looseObject({
  type: z.string().nullish(),
  email: z.string().nullish(),
  new_email: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  redirect_to: z.string().nullish(),
})

const InviteBody = z.looseObject({
  email: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
})

export function registerGenerateLinkRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/admin/generate_link', { onRequest: adminOnly(ctx) }, async (request) =>
    generateAdminLink(
      ctx,
      GenerateLinkBody.parse(request.body ?? {}),
      requestedRedirect(request, ctx),
    ),
  )

  app.post('/invite', { onRequest: adminOnly(ctx) }, async (request) =>
    inviteUser(ctx, InviteBody.parse(request.body ?? {}), requestedRedirect(request, ctx)),
  )
}
