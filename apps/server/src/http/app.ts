/**
 * Builds the HTTP application from its dependencies, without listening:
 * 1. request ids (an incoming `x-request-id` is kept, else a new UUID) echoed on every answer;
 * 2. the error contract of the product API;
 * 3. the modules: health, the web app's runtime configuration, the Supabase-compatible Auth
 *    service (under /auth/v1, when this server provides it), the product API (under /api), the
 *    development mailbox (/dev/mailbox, development only);
 * 4. last, the built web app with its SPA fallback.
 */
import { randomUUID } from 'node:crypto'
import type { WebConfig } from '@app/contracts'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Database } from '../db/pool.ts'
import type { AuthSettings } from '../modules/auth/auth-settings.ts'
import { registerDeleteAccountRoutes } from '../modules/account/delete-account.routes.ts'
import { registerExportRoutes } from '../modules/account/export.routes.ts'
import { createLinkSocialRoutes } from '../modules/account/link-social.routes.ts'
import { authRoutes } from '../modules/auth/auth.routes.ts'
import { createCreditsRoutes } from '../modules/credits/credits.routes.ts'
import { registerDevMailbox } from '../modules/email/dev-mailbox.routes.ts'
import { registerHealthRoutes } from '../modules/health/health.routes.ts'
import { registerJobAlertRoutes } from '../modules/job-alerts/job-alerts.routes.ts'
import { createJobSearchRoutes } from '../modules/job-search/job-search.routes.ts'
import { registerOnboardingRoutes } from '../modules/onboarding/onboarding.routes.ts'
import { registerProfessionalProfilesRoutes } from '../modules/professional-profiles/professional-profiles.routes.ts'
import { restRoutes } from '../modules/rest/rest.routes.ts'
import { createUploadLinkRoutes } from '../modules/resume-upload/upload-link.routes.ts'
import { createLocalByteStore } from '../modules/storage/byte-store.ts'
import { storageRoutes } from '../modules/storage/storage.routes.ts'
import { createSwipesRoutes } from '../modules/swipes/swipes.routes.ts'
import { registerWebApp } from '../modules/web-app/web-app.routes.ts'
import { registerWebConfigRoutes } from '../modules/web-config/web-config.routes.ts'
import { registerErrorHandling } from './error-handler.ts'
import { type ProductApiModule, productApi } from './product-api.ts'

/** The product API's feature modules, each registering its routes under /api. */
const PRODUCT_API_MODULES: ProductApiModule[] = [
  registerDeleteAccountRoutes,
  registerExportRoutes,
  registerJobAlertRoutes,
  registerOnboardingRoutes,
  registerProfessionalProfilesRoutes,
]

export type AppDependencies = {
  db: Database
  /** The process's pino logger, seen through the interface Fastify asks for. */
  logger: FastifyBaseLogger
  webConfig: WebConfig
  webDistDir: string
  /** The install's data folder: storage objects' bytes live in its `storage/` folder. */
  dataDir: string
  /** Serve the Supabase-compatible surfaces (`/auth/v1`) from this process. */
  provideSupabaseServices: boolean
  /** The install's JWT signing secret (access tokens, API keys). */
  jwtSecret: string
  /** How the Auth service behaves on this install (`authSettingsFromConfig`). */
  authSettings: AuthSettings
  /** The clock of the Auth service (tests move it forward). */
  now?: () => Date
  /** Serve the development mailbox at /dev/mailbox (`devMailboxEnabled(config)`); else 404. */
  devMailbox?: boolean
  /** The started job queue, for routes that queue work (server.ts passes it; tests may not). */
  boss?: PgBoss
}

const REQUEST_ID = /^[\w-]{8,128}$/

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within 5 minutes: long enough for a 50 MB interview recording
    // over a slow phone connection, short enough that stalled uploads do not pile up.
    requestTimeout: 300_000,
    return503OnClosing: true,
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  // One store of object bytes, shared by /storage/v1 and the product API.
  const byteStore = createLocalByteStore(deps.dataDir)
  registerErrorHandling(app)
  registerHealthRoutes(app, deps.db)
  registerWebConfigRoutes(app, deps.webConfig)
  if (deps.provideSupabaseServices) {
    await app.register(authRoutes, {
      prefix: '/auth/v1',
      db: deps.db,
      jwtSecret: deps.jwtSecret,
      settings: deps.authSettings,
      now: deps.now,
    })
    await app.register(restRoutes, {
      prefix: '/rest/v1',
      db: deps.db,
      jwtSecret: deps.jwtSecret,
      now: deps.now,
      limitEmailLookups: deps.authSettings.rateLimits,
    })
    await app.register(storageRoutes, {
      prefix: '/storage/v1',
      db: deps.db,
      jwtSecret: deps.jwtSecret,
      byteStore,
      now: deps.now,
    })
  }
  await app.register(productApi, {
    prefix: '/api',
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    allowedOrigins: [new URL(deps.authSettings.siteUrl).origin],
    byteStore,
    boss: deps.boss,
    modules: [
      ...PRODUCT_API_MODULES,
      // Verifies ID tokens against the Auth settings' providers, so it is built per app.
      createLinkSocialRoutes({ settings: deps.authSettings, now: deps.now ?? (() => new Date()) }),
      // Emails a sign-in link of the Auth service, so it shares its settings and clock.
      createUploadLinkRoutes({ settings: deps.authSettings, now: deps.now ?? (() => new Date()) }),
      // Credit periods and job expiry follow the app's clock (tests move it forward).
      createCreditsRoutes({ now: deps.now ?? (() => new Date()) }),
      createSwipesRoutes({ now: deps.now ?? (() => new Date()) }),
      createJobSearchRoutes({ now: deps.now ?? (() => new Date()) }),
    ],
  })
  registerDevMailbox(app, { db: deps.db, enabled: deps.devMailbox ?? false })
  await registerWebApp(app, deps.webDistDir)
  return app
}
