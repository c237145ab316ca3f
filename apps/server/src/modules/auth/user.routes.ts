import type { FastifyInstance } from 'fastify'
import type { AuthContext } from './auth-context.ts'
import { linkOptions } from './email-links.routes.ts'
import { sendReauthenticationNonce } from './email-links.service.ts'
import { AuthError } from './gotrue-errors.ts'
import { queryParam } from './request-helpers.ts'
import { authenticateBearer, type LogoutScope, logout } from './sessions.service.ts'
import { UserUpdateBody, updateSignedInUser } from './user-update.service.ts'
import { loadUserJson } from './user-json.ts'

const LOGOUT_SCOPES = ['global', 'local', 'others'] as const

/** The signed-in user: GET and PUT /user, GET /reauthenticate and POST /logout. */
export function registerUserRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/user', async (request) => {
    const { user } = await authenticateBearer(ctx, request.headers.authorization)
    return loadUserJson(ctx.db, user)
  })

  app.put('/user', async (request) => {
    const signedIn = await authenticateBearer(ctx, request.headers.authorization)
    const update = UserUpdateBody.parse(request.body ?? {})
    return updateSignedInUser(ctx, signedIn, update, linkOptions(request, ctx))
  })

  app.get('/reauthenticate', async (request) => {
    const { user } = await authenticateBearer(ctx, request.headers.authorization)
    await sendReauthenticationNonce(ctx, user)
    return {}
  })

  app.post('/logout', async (request, reply) => {
    const scope = queryParam(request, 'scope') ?? 'global'
    if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    await logout(ctx, request.headers.authorization, scope as LogoutScope)
    return reply.status(204).send()
  })
}
