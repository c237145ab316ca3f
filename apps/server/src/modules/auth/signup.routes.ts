import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import { sessionMeta } from './request-helpers.ts'

const SignUpBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
})

/** POST /signup: anonymous sign-in (no email, no phone) or email + password sign-up. */
export function registerSignUpRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/signup', async (request) => {
    const body = SignUpBody.parse(request.body ?? {})
    const data = body.data ?? {}
    if (!body.email && !body.phone) {
      if (!ctx.settings.anonymousSignIns) {
        throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      return ctx.users.signUpAnonymously(data, sessionMeta(request))
    }
    if (body.phone) {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
    }
    if (!body.password) {
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password')
    }
    return ctx.users.signUpWithEmail(
      { email: body.email ?? '', password: body.password, data },
      sessionMeta(request),
    )
  })
}
