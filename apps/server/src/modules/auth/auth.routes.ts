import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { z, ZodError } from 'zod'
import type { Database } from '../../db/pool.ts'
import { createAccessTokenSigner } from './access-tokens.ts'
import { AuthError, renderAuthError } from './gotrue-errors.ts'
import type { SessionMeta } from './sessions.repository.ts'
import { createSessionService, type LogoutScope } from './sessions.service.ts'
import { createUserService, toUserJson } from './users.service.ts'

/**
 * The Supabase-compatible Auth service (GoTrue wire protocol, protocol §1), mounted at
 * `/auth/v1`: sign-up (anonymous or email + password), the password and refresh-token grants,
 * GET /user and logout. Errors use GoTrue's shapes, not the product API's.
 */
export type AuthServiceOptions = {
  db: Database
  jwtSecret: string
  /** The public app URL; the access tokens' issuer is `<appUrl>/auth/v1`. */
  appUrl: string
  now?: () => Date
  reuseIntervalMs?: number
}

const metadata = z.record(z.string(), z.unknown()).nullish()

const SignUpBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata,
})

const PasswordGrantBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
})

const RefreshGrantBody = z.looseObject({ refresh_token: z.string().nullish() })

const LOGOUT_SCOPES = ['global', 'local', 'others'] as const

function sessionMeta(request: FastifyRequest): SessionMeta {
  const userAgent = request.headers['user-agent']
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip }
}

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) {
    return error
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    return new AuthError(400, 'validation_failed', `${where}${issue?.message ?? 'Invalid input'}`)
  }
  const fastifyError = error as Partial<FastifyError>
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AuthError(413, 'request_too_large', 'Request body too large')
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

export async function authRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const now = options.now ?? (() => new Date())
  const signer = createAccessTokenSigner(options.jwtSecret, options.appUrl)
  const sessions = createSessionService({
    db: options.db,
    signer,
    now,
    reuseIntervalMs: options.reuseIntervalMs,
  })
  const users = createUserService({ db: options.db, sessions, now })

  // auth-js sends `Content-Type: application/json` with no body on logout: an empty body is {}.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
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
    } else {
      request.log.info({ code: authError.code }, 'auth request refused')
    }
    const rendered = renderAuthError(authError, request.headers['x-supabase-api-version'])
    return reply.status(rendered.status).headers(rendered.headers).send(rendered.body)
  })

  app.post('/signup', async (request) => {
    const body = SignUpBody.parse(request.body ?? {})
    const data = body.data ?? {}
    if (!body.email && !body.phone) {
      return users.signUpAnonymously(data, sessionMeta(request))
    }
    if (body.phone) {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
    }
    if (!body.password) {
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password')
    }
    return users.signUpWithEmail(
      { email: body.email ?? '', password: body.password, data },
      sessionMeta(request),
    )
  })

  app.post('/token', async (request) => {
    const grantType = queryParam(request, 'grant_type')
    if (grantType === 'password') {
      const body = PasswordGrantBody.parse(request.body ?? {})
      if (body.email && body.phone) {
        throw new AuthError(400, 'validation_failed', 'Only an email address or phone number')
      }
      if (!body.password || (!body.email && !body.phone)) {
        throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
      }
      return users.signInWithPassword(
        { email: body.email ?? undefined, phone: body.phone ?? undefined },
        body.password,
        sessionMeta(request),
      )
    }
    if (grantType === 'refresh_token') {
      const body = RefreshGrantBody.parse(request.body ?? {})
      if (!body.refresh_token) {
        throw new AuthError(400, 'validation_failed', 'refresh_token required')
      }
      return sessions.refresh(body.refresh_token, sessionMeta(request))
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
  })

  app.get('/user', async (request) => {
    const { user } = await sessions.authenticate(request.headers.authorization)
    return toUserJson(user)
  })

  app.post('/logout', async (request, reply) => {
    const scope = queryParam(request, 'scope') ?? 'global'
    if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    await sessions.logout(request.headers.authorization, scope as LogoutScope)
    return reply.status(204).send()
  })
}
