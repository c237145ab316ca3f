import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import { exchangeAuthCode } from './pkce.ts'
import { queryParam, sessionMeta } from './request-helpers.ts'
import { refreshSession } from './sessions.service.ts'
import { idTokenGrant } from './social/id-token-grant.ts'
import { signInWithPassword } from './users.service.ts'

const PasswordGrantBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
})

const RefreshGrantBody = z.looseObject({ refresh_token: z.string().nullish() })

const PkceGrantBody = z.looseObject({
  auth_code: z.string().nullish(),
  code_verifier: z.string().nullish(),
})

/** POST /token?grant_type=…: every way of obtaining a session (protocol §1.4). */
export function registerTokenRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/token', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const grantType =
      queryParam(request, 'grant_type') ??
      (typeof body.grant_type === 'string' ? body.grant_type : undefined)
    switch (grantType) {
      case 'password': {
        const input = PasswordGrantBody.parse(body)
        if (input.email && input.phone) {
          throw new AuthError(400, 'validation_failed', 'Only an email address or phone number')
        }
        if (!input.password || (!input.email && !input.phone)) {
          throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
        }
        return signInWithPassword(
          ctx,
          { email: input.email ?? undefined, phone: input.phone ?? undefined },
          input.password,
          sessionMeta(request),
        )
      }
      case 'refresh_token': {
        const input = RefreshGrantBody.parse(body)
        if (!input.refresh_token) {
          throw new AuthError(400, 'validation_failed', 'refresh_token required')
        }
        return refreshSession(ctx, input.refresh_token, sessionMeta(request))
      }
      case 'pkce': {
        const input = PkceGrantBody.parse(body)
        if (!input.auth_code || !input.code_verifier) {
          throw new AuthError(
            400,
            'validation_failed',
            'invalid request: both auth code and code verifier should be non-empty',
          )
        }
        return exchangeAuthCode(
          ctx,
          { authCode: input.auth_code, codeVerifier: input.code_verifier },
          sessionMeta(request),
        )
      }
      case 'id_token':
        return idTokenGrant(ctx, body, request)
      default:
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
  })
}
