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
import { type AuthSettings, registerAuthRoutes } from '../modules/auth/index.ts'
import { registerDevMailboxRoutes } from '../modules/email/index.ts'
import { registerHealthRoutes } from '../modules/health/index.ts'
import { registerRestRoutes } from '../modules/rest/index.ts'
import { createLocalByteStore, registerStorageRoutes } from '../modules/storage/index.ts'
import { registerWebAppRoutes } from '../modules/web-app/index.ts'
import { registerWebConfigRoutes } from '../modules/web-config/index.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import type { Database } from '../platform/db/pool.ts'
import { registerErrorHandling } from '../platform/errors/error-handler.ts'
import { productApi } from './product-api.ts'

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
  /** The app's clock, handed to every module (tests move it forward). */
  now?: Clock
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

  const { db, jwtSecret } = deps
  const now = deps.now ?? systemClock
  // One store of object bytes, shared by /storage/v1 and the product API.
  const byteStore = createLocalByteStore(deps.dataDir)
  registerErrorHandling(app)
  registerHealthRoutes(app, { db })
  registerWebConfigRoutes(app, { webConfig: deps.webConfig })
  if (deps.provideSupabaseServices) {
    await registerAuthRoutes(app, { db, jwtSecret, settings: deps.authSettings, now })
    await registerRestRoutes(app, {
      db,
      jwtSecret,
      now,
      limitEmailLookups: deps.authSettings.rateLimits,
    })
    await registerStorageRoutes(app, { db, jwtSecret, byteStore, now })
  }
  await app.register(productApi, {
    prefix: '/api',
    db,
    now,
    jwtSecret,
    allowedOrigins: [new URL(deps.authSettings.siteUrl).origin],
    byteStore,
    authSettings: deps.authSettings,
    boss: deps.boss,
  })
  registerDevMailboxRoutes(app, { db, enabled: deps.devMailbox ?? false })
  await registerWebAppRoutes(app, { distDir: deps.webDistDir })
  return app
}
