import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth-context.ts'
import { queryParam } from '../request-helpers.ts'
import { authenticateBearer, requireAal2ForAccountChange } from '../sessions.service.ts'
import { completeOAuthCallback, startOAuthFlow } from './oauth-redirect-flow.ts'
import { requireManualLinking } from './provider-accounts.ts'

/**
 * The OAuth redirect endpoints (protocol §1.4): GET /authorize (auth-js `signInWithOAuth`
 * builds its URL), GET /user/identities/authorize (auth-js `linkIdentity({provider})`, which
 * asks for the URL as JSON with `skip_http_redirect=true`) and GET|POST /callback, where the
 * provider sends the browser back. The flow itself is in oauth-redirect-flow.ts.
 */
export function registerOAuthRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/authorize', async (request, reply) => {
    return reply.redirect(await startOAuthFlow(ctx, request, null), 302)
  })

  app.get('/user/identities/authorize', async (request, reply) => {
    const signedIn = await authenticateBearer(ctx, request.headers.authorization)
    requireManualLinking(ctx.settings)
    await requireAal2ForAccountChange(ctx.db, signedIn)
    const url = await startOAuthFlow(ctx, request, signedIn.user.id)
    if (queryParam(request, 'skip_http_redirect') === 'true') {
      return { url }
    }
    return reply.redirect(url, 302)
  })

  // Providers using response_mode=form_post (Apple) post the callback as a form.
  void app.register(async (callbackScope) => {
    if (!callbackScope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      await callbackScope.register(formbody)
    }
    callbackScope.route({
      method: ['GET', 'POST'],
      url: '/callback',
      handler: async (request, reply) => {
        const outcome = await completeOAuthCallback(ctx, request)
        return reply.redirect(outcome.location, outcome.status)
      },
    })
  })
}
