import { createRequire } from 'node:module'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'

/**
 * What the Auth service says about itself: GET /settings (which sign-in methods are on),
 * GET /health, GET /.well-known/jwks.json, and POST /sso, which answers that SAML is off.
 */
const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string }

/** GoTrue's OAuth providers this install never offers; /settings lists them as off. */
const UNOFFERED_PROVIDERS = [
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]

export function registerServiceRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/settings', async () => ({
    external: {
      ...Object.fromEntries(UNOFFERED_PROVIDERS.map((provider) => [provider, false])),
      anonymous_users: ctx.settings.anonymousSignIns,
      email: true,
      phone: false,
      google: ctx.settings.providers.google !== null,
      apple: ctx.settings.providers.apple !== null,
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.settings.emailAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }))

  app.get('/health', async () => ({
    version,
    name: 'GoTrue-compatible',
    description: 'Supabase-compatible user registration and authentication API',
  }))

  // The public keys of the install's asymmetric signing keys (current and previous, ADR 0030):
  // what auth-js `getClaims()` verifies ES256 access tokens with. The legacy HS256 secret is
  // never published. Clients may cache the set for a while (Supabase's edge caches it 10 min).
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600')
    return ctx.signer.jwks
  })

  app.post('/sso', async () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
  })
}
