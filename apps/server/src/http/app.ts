/**
 * Builds the HTTP application from its dependencies, without listening:
 * 1. the edge: malformed URLs, headers and bodies refused before any route (`input-guard.ts`),
 *    request ids (an incoming `x-request-id` is kept, else a new UUID) echoed on every answer,
 *    security headers on every answer (`web-app/security-headers.ts`);
 * 2. the error contract of the product API;
 * 3. the modules: health, the web app's runtime configuration, the Supabase-compatible Auth
 *    service (under /auth/v1, when this server provides it), the product API (under /api), the
 *    development mailbox (/dev/mailbox, development only);
 * 4. last, the built web app with its SPA fallback.
 */
import { randomUUID } from 'node:crypto'
import type { WebConfig } from '@app/contracts'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import type PgBoss from 'pg-boss'
import { type AuthSettings, createSessionCheck, registerAuthRoutes } from '../modules/auth/index.ts'
import { registerCalendarFeedRoutes } from '../modules/calendar/index.ts'
import { registerDevMailboxRoutes } from '../modules/email/index.ts'
import { registerHealthRoutes } from '../modules/health/index.ts'
import {
  createAppMetrics,
  measureRequests,
  type MetricsAccess,
  registerMetricsRoutes,
} from '../modules/metrics/index.ts'
import type { InboundEmailSettings } from '../modules/inbound-email/index.ts'
import { registerRestRoutes, type RestSettings } from '../modules/rest/index.ts'
import { registerRoastPageRoutes } from '../modules/roasts/index.ts'
import {
  type ByteStore,
  registerContentOriginGuard,
  registerStorageRoutes,
  type StorageSettings,
} from '../modules/storage/index.ts'
import {
  registerSecurityHeaders,
  registerWebAppRoutes,
  webAppContentSecurityPolicy,
} from '../modules/web-app/index.ts'
import { registerWebConfigRoutes, renderWebConfigScript } from '../modules/web-config/index.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import { fastifyTrustProxy, type TrustProxy } from '../platform/trust-proxy.ts'
import { type JwtKeys, legacyJwtKeys } from '../platform/keys/signing-keys.ts'
import type { Database } from '../platform/db/pool.ts'
import { registerErrorHandling } from '../platform/errors/error-handler.ts'
import { edgeServerOptions, registerInputGuard } from '../platform/errors/input-guard.ts'
import { registerRequestLog } from '../platform/request-log.ts'
import { productApi } from './product-api.ts'
import type { ResumeAnalysisRouteSettings } from '../modules/resume-analysis/index.ts'
import type { Voice } from '../modules/voice/index.ts'
import type { TextGenerator } from '../modules/cover-letters/index.ts'
import type { ReferralSettings } from '../modules/referrals/index.ts'
import type { BillingSettings } from '../modules/billing/index.ts'
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  defaultSubject,
  type PushSettings,
} from '../modules/push/index.ts'

export type AppDependencies = {
  db: Database
  /** The process's pino logger, seen through the interface Fastify asks for. */
  logger: FastifyBaseLogger
  webConfig: WebConfig
  webDistDir: string
  /** The install's data folder (secrets, keys; storage bytes when STORAGE_BACKEND=local). */
  dataDir: string
  /** Where storage objects' bytes live (`byteStoreFromConfig`: the data folder or S3). */
  byteStore: ByteStore
  /** Serve the Supabase-compatible surfaces (`/auth/v1`) from this process. */
  provideSupabaseServices: boolean
  /** `/rest/v1`'s PostgREST settings (exposed schemas, tx end, explain, aggregates). */
  restSettings?: RestSettings
  /** The install's legacy HS256 secret (API keys, signed URLs; user tokens in HS256 mode). */
  jwtSecret: string
  /**
   * The install's JWT keys (`createJwtKeys`, ADR 0030): what signs user access tokens and what
   * every surface verifies with. Default: the legacy secret alone (HS256, an empty JWKS).
   */
  jwtKeys?: JwtKeys
  /** How the Auth service behaves on this install (`authSettingsFromConfig`). */
  authSettings: AuthSettings
  /** The app's clock, handed to every module (tests move it forward). */
  now?: Clock
  /** Serve the development mailbox at /dev/mailbox (`devMailboxEnabled(config)`); else 404. */
  devMailbox?: boolean
  /** The started job queue, for routes that queue work (server.ts passes it; tests may not). */
  boss?: PgBoss
  /** Where users' files are served from (`storageSettingsFromConfig`); default the app's origin. */
  storageSettings?: StorageSettings
  /** Proxies trusted to name the client's address (`TRUST_PROXY`); default none. */
  trustProxy?: TrustProxy
  /** Per-user limits of the product API's expensive calls (`API_RATE_LIMITS`); default on. */
  apiRateLimits?: boolean
  /** Free regenerations of a cover letter per application and 24 hours; default 3. */
  coverLetterRegenerationsPerDay?: number
  /** Forwarded mail (`inboundEmailSettingsFromConfig`); default: webhook off. */
  inboundEmail?: InboundEmailSettings
  /** LinkedIn export limits (`resumeAnalysisRouteSettingsFromConfig`); default .env.example's. */
  resumeAnalysis?: ResumeAnalysisRouteSettings
  /** The server's voice (`voiceFromConfig`): questions read aloud; default the offline voice. */
  questionVoice?: Voice
  /** The LLM of `LLM_BASE_URL` (`textGeneratorFromConfig`) for the API's generated text; default none. */
  textGenerator?: TextGenerator | null
  /** Referral rewards and cap (`referralSettingsFromConfig`); default .env.example's. */
  referrals?: ReferralSettings
  /** Stripe and RevenueCat (`billingSettingsFromConfig`); default: no payments. */
  billing?: BillingSettings
  /** Who may read `GET /metrics` here (`METRICS_TOKEN`); default nobody (404). */
  metricsAccess?: MetricsAccess
  /** Whether this process's job queue runs (for `GET /ready`); omitted: it runs none. */
  jobQueueRunning?: () => boolean
  /** Web Push (`pushSettingsFromConfig`); default: keys in `dataDir`, the known push services. */
  push?: PushSettings
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
    // One line per request, without secrets (platform/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Malformed URLs and requests Node refuses answer JSON with a code (issue 12, F1).
    ...edgeServerOptions(),
    // `request.ip`, which rate limits key on, is the client's only through trusted proxies.
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
  })
  // First of all hooks: no route, parser or plugin sees NUL or invalid UTF-8 (issue 12, F1/F2).
  registerInputGuard(app)
  registerRequestLog(app)
  const metrics = createAppMetrics(deps.db)
  measureRequests(app, metrics)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  // nosniff and HSTS on every answer; CSP, framing, referrer and permissions on pages.
  // The runtime configuration: /config.js, and inline in the web app's page (allowed by its hash).
  const configScript = renderWebConfigScript(deps.webConfig)
  registerSecurityHeaders(app, {
    contentSecurityPolicy: webAppContentSecurityPolicy(deps.webConfig, {
      storagePublicUrl: deps.storageSettings?.publicUrl ?? undefined,
      inlineScripts: [configScript],
    }),
  })

  const { db, jwtSecret } = deps
  const jwtKeys = deps.jwtKeys ?? legacyJwtKeys(jwtSecret)
  const { verificationKeys } = jwtKeys
  const now = deps.now ?? systemClock
  // One store of object bytes, shared by /storage/v1 and the product API.
  const { byteStore } = deps
  // One session check for every surface that serves users' data: a token whose session ended
  // (or is aal1 where aal2 is due) reaches none of /rest/v1, /storage/v1 and /api.
  const sessionCheck = createSessionCheck({
    db,
    now,
    lifetime: deps.authSettings.sessionLifetime,
  })
  const checkSession = sessionCheck.check
  // Links in calendar files point at the app; the private feed is served at the app's origin.
  const calendar = { appUrl: deps.authSettings.siteUrl, feedBaseUrl: deps.authSettings.siteUrl }
  registerErrorHandling(app)
  // A separate origin for users' files answers signed downloads only (STORAGE_PUBLIC_URL).
  registerContentOriginGuard(app, deps.storageSettings)
  registerHealthRoutes(app, {
    db,
    includeServiceSchemas: deps.provideSupabaseServices,
    jobQueueRunning: deps.jobQueueRunning,
  })
  registerMetricsRoutes(app, { metrics, access: deps.metricsAccess ?? { kind: 'off' } })
  registerWebConfigRoutes(app, { configScript })
  if (deps.provideSupabaseServices) {
    await registerAuthRoutes(app, {
      db,
      jwtKeys,
      settings: deps.authSettings,
      now,
      sessionCheck,
    })
    await registerRestRoutes(app, {
      db,
      jwtSecret,
      verificationKeys,
      now,
      limitEmailLookups: deps.authSettings.rateLimits,
      checkSession,
      settings: deps.restSettings,
    })
    await registerStorageRoutes(app, {
      db,
      jwtSecret,
      verificationKeys,
      byteStore,
      now,
      settings: deps.storageSettings,
      checkSession,
    })
  }
  await app.register(productApi, {
    prefix: '/api',
    db,
    now,
    jwtSecret,
    verificationKeys,
    allowedOrigins: [new URL(deps.authSettings.siteUrl).origin],
    byteStore,
    authSettings: deps.authSettings,
    boss: deps.boss,
    checkSession,
    forgetUserSessions: sessionCheck.forgetUser,
    apiRateLimits: deps.apiRateLimits ?? true,
    coverLetterRegenerationsPerDay: deps.coverLetterRegenerationsPerDay,
    inboundEmail: deps.inboundEmail,
    calendar,
    resumeAnalysis: deps.resumeAnalysis,
    storageSettings: deps.storageSettings ?? {
      appUrl: new URL(deps.authSettings.siteUrl).origin,
      publicUrl: null,
    },
    questionVoice: deps.questionVoice,
    textGenerator: deps.textGenerator ?? null,
    referrals: deps.referrals,
    push: deps.push ?? {
      dataDir: deps.dataDir,
      subject: defaultSubject(deps.authSettings.siteUrl),
      serviceHosts: DEFAULT_PUSH_SERVICE_HOSTS,
    },
    billing: deps.billing ?? {
      stripe: null,
      revenueCatAuthorization: null,
      ignoreSandboxEvents: true,
      appUrl: deps.authSettings.siteUrl,
    },
  })
  // The private interview feed: outside /api, as calendar apps cannot sign in (the token is it).
  registerCalendarFeedRoutes(app, { db, now, calendar })
  registerDevMailboxRoutes(app, { db, enabled: deps.devMailbox ?? false })
  // The roast share pages' preview tags and image (before the web app's SPA fallback).
  registerRoastPageRoutes(app, { db, distDir: deps.webDistDir, appUrl: deps.authSettings.siteUrl })
  await registerWebAppRoutes(app, { distDir: deps.webDistDir, configScript })
  return app
}
