import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
} from '../../platform/db/database-unavailable.ts'
import { MalformedInputError, readJsonText } from '../../platform/errors/malformed-input.ts'
import { registerAdminRoutes } from './admin.routes.ts'
import { type AuthServiceOptions, createAuthContext } from './auth-context.ts'
import { registerEmailLinkRoutes } from './email-links.routes.ts'
import { registerGenerateLinkRoutes } from './generate-link.routes.ts'
import { AuthError, renderAuthError } from './gotrue-errors.ts'
import { registerAdminMfaRoutes, registerMfaRoutes } from './mfa/mfa.routes.ts'
import { installPwnedPasswordCheck } from './password-policy.ts'
import { installRateLimits } from './rate-limits.ts'
import { registerServiceRoutes } from './service.routes.ts'
import { registerSignUpRoutes } from './signup.routes.ts'
import { registerIdentityRoutes } from './social/identities.routes.ts'
import { registerOAuthRoutes } from './social/oauth.routes.ts'
import { registerTokenRoutes } from './token.routes.ts'
import { registerUserRoutes } from './user.routes.ts'
import { noteFailedRequest } from '../../platform/error-reporting.ts'

/**
 * The Supabase-compatible Auth service (GoTrue wire protocol, protocol §1), mounted at
 * `/auth/v1`. Each route file registers one group of endpoints on this encapsulated instance,
 * which parses JSON GoTrue's way and answers errors in GoTrue's shapes, not the product API's.
 */
export type { AuthServiceOptions } from './auth-context.ts'

/** PostgreSQL's foreign-key violation on a row naming a user that is no longer there. */
function isDeletedUserViolation(error: unknown): boolean {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown }
  return code === '23503' && typeof detail === 'string' && detail.endsWith('in table "users".')
}

export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) {
    return error
  }
  if (databaseUnavailable(error)) {
    // The database is away (restarting, failing over): 503, and auth-js retries.
    return new AuthError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE)
  }
  if (error instanceof MalformedInputError) {
    // GoTrue's own codes: bad_json for a body it cannot read, validation_failed for the rest.
    return new AuthError(
      400,
      error.code === 'bad_json' ? 'bad_json' : 'validation_failed',
      error.message,
    )
  }
  if (isDeletedUserViolation(error)) {
    // The account was deleted while its token was still valid, between the token check and
    // this write (issue 12, F7): the client's session is gone, as auth-js understands it.
    return new AuthError(
      403,
      'session_not_found',
      'The account of this token no longer exists: sign in again',
    )
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    return new AuthError(400, 'validation_failed', `${where}${issue?.message ?? 'Invalid input'}`)
  }
  const fastifyError = error as Partial<FastifyError>
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AuthError(413, 'validation_failed', 'Request body too large')
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AuthError(415, 'validation_failed', fastifyError.message ?? 'Unsupported media type')
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AuthError(
      fastifyError.statusCode,
      'validation_failed',
      fastifyError.message ?? 'Invalid request',
    )
  }
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs')
}

/** Mounts the Auth service at `/auth/v1`, in a context of its own (its parsers and errors). */
export async function registerAuthRoutes(app: FastifyInstance, deps: AuthServiceOptions) {
  await app.register(authService, { prefix: '/auth/v1', ...deps })
}

async function authService(app: FastifyInstance, options: AuthServiceOptions) {
  const ctx = createAuthContext(options)

  // auth-js sends `Content-Type: application/json` with no body on logout: an empty body is {}.
  // The bytes are checked first (invalid UTF-8, `\u0000`, too deep), as at every other edge.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string
    try {
      text = readJsonText(body)
    } catch (error) {
      done(error as MalformedInputError, undefined)
      return
    }
    if (text.trim() === '') {
      done(null, {})
      return
    }
    try {
      done(null, JSON.parse(text))
    } catch {
      done(new AuthError(400, 'bad_json', 'Could not parse request body as JSON'), undefined)
    }
  })

  app.setErrorHandler((error, request, reply) => {
    const authError = toAuthError(error)
    if (authError.status >= 500) {
      request.log.error({ err: error }, 'auth request failed')
      noteFailedRequest(error, request, 'auth')
    } else {
      request.log.info({ code: authError.code }, 'auth request refused')
    }
    const rendered = renderAuthError(authError, request.headers['x-supabase-api-version'])
    return reply.status(rendered.status).headers(rendered.headers).send(rendered.body)
  })
  // GoTrue has no code for an unknown path; ours is the product API's, in GoTrue's shape.
  app.setNotFoundHandler((request, reply) => {
    const rendered = renderAuthError(
      new AuthError(
        404,
        'route_not_found',
        `No route for ${request.method} ${request.url.split('?')[0]}`,
      ),
      request.headers['x-supabase-api-version'],
    )
    return reply.status(rendered.status).headers(rendered.headers).send(rendered.body)
  })

  installRateLimits(app, ctx)
  installPwnedPasswordCheck(app, ctx)
  registerSignUpRoutes(app, ctx)
  registerTokenRoutes(app, ctx)
  registerUserRoutes(app, ctx)
  registerEmailLinkRoutes(app, ctx)
  registerGenerateLinkRoutes(app, ctx)
  registerOAuthRoutes(app, ctx)
  registerIdentityRoutes(app, ctx)
  registerAdminRoutes(app, ctx)
  registerServiceRoutes(app, ctx)
  registerMfaRoutes(app, ctx)
  registerAdminMfaRoutes(app, ctx)
}
