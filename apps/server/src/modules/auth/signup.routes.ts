import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.ts'
import { linkOptions } from './email-links.routes.ts'
import { signUpWithConfirmation } from './email-links.service.ts'
import { AuthError } from './gotrue-errors.ts'
import { sessionMeta } from './request-helpers.ts'
import { signUpAnonymously, signUpWithEmail } from './users.service.ts'

const SignUpBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
})

/**
 * POST /signup: anonymous sign-in (no email, no phone) or email + password sign-up, which
 * signs in at once when confirmation is automatic and otherwise answers the bare user and
 * emails a confirmation link.
 */
export function registerSignUpRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/signup', async (request) => {
    const body = SignUpBody.parse(request.body ?? {})
    const data = body.data ?? {}
    if (!body.email && !body.phone) {
      if (!ctx.settings.anonymousSignIns) {
        throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      return signUpAnonymously(ctx, data, sessionMeta(request))
    }
    if (body.phone) {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
    }
    if (!body.password) {
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password')
    }
    const input = { email: body.email ?? '', password: body.password, data }
    if (!ctx.settings.emailAutoconfirm) {
      return signUpWithConfirmation(ctx, input, linkOptions(request, ctx))
    }
    return signUpWithEmail(ctx, input, sessionMeta(request))
  })
}
