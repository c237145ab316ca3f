/**
 * The pieces of a running product, each started by the process that owns it (ADR 0031,
 * docs/deploy.md):
 * - `prepareInstall`, once per install start, in the supervisor: secrets (generated on first
 *   start, kept in the data folder), the database (`DATABASE_URL`, or the embedded PostgreSQL,
 *   restarted if it dies), migrations (the service schemas only when this server provides auth
 *   and storage) and the free credit plan, demo data, payments (Stripe as configured, or the
 *   local Stripe stand-in on development installs), pg-boss's schema and queues;
 * - `startHttpProcess`, in each HTTP process: the app (API + web) and the marketing site, each
 *   on its port (shared by every HTTP process), sending jobs without working on them;
 * - `startJobsProcess`, in each background process: pg-boss's workers and the periodic tasks,
 *   and the inbound SMTP receiver when `INBOUND_SMTP_PORT` is set.
 * `startServer` runs all three in one process (tests, and a single-process install).
 */
import type { FastifyInstance } from 'fastify'
import { type Config, ConfigError } from './platform/config.ts'
import { migrate } from './platform/db/migrate.ts'
import { openDatabase } from './platform/db/open-database.ts'
import { createPool, type Database } from './platform/db/pool.ts'
import { buildApp } from './http/app.ts'
import { prepareBackgroundJobs, startBackgroundJobs } from './jobs/background-jobs.ts'
import { type JobQueue, startJobSender } from './platform/job-queue.ts'
import type { Logger } from './platform/logger.ts'
import { authSettingsFromConfig } from './modules/auth/index.ts'
import {
  type BillingSettings,
  billingSettingsFromConfig,
  createStripeClient,
  syncStripeCatalogue,
} from './modules/billing/index.ts'
import { freePlanFromConfig, saveFreePlan } from './modules/credits/index.ts'
import { textGeneratorFromConfig } from './modules/cover-letters/index.ts'
import { referralSettingsFromConfig } from './modules/referrals/index.ts'
import { devMailboxEnabled } from './modules/email/index.ts'
import {
  inboundEmailSettingsFromConfig,
  type SmtpReceiver,
  startSmtpReceiver,
} from './modules/inbound-email/index.ts'
import { systemClock } from './platform/clock.ts'
import { loadOrCreateSecrets } from './platform/keys/install-secrets.ts'
import { loadJwtKeys, loadOrCreateSigningKeys } from './platform/keys/signing-keys.ts'
import { buildMarketingServer } from './modules/marketing/index.ts'
import { resumeAnalysisRouteSettingsFromConfig } from './modules/resume-analysis/index.ts'
import { startLocalStripe } from './modules/local-stripe/index.ts'
import { byteStoreFromConfig, storageSettingsFromConfig } from './modules/storage/index.ts'
import { restSettingsFromConfig } from './modules/rest/index.ts'
import { buildWebConfig, publicUrls } from './modules/web-config/index.ts'
import { pushSettingsFromConfig } from './modules/push/index.ts'
import { voiceFromConfig } from './modules/voice/index.ts'
import { seedDemoData } from './seed/demo-data.ts'

export type RunningServer = {
  appUrl: string
  /** The database in use (the embedded one's superuser URL when DATABASE_URL is unset). */
  databaseUrl: string
  marketingUrl: string
  close: () => Promise<void>
}

/**
 * What the supervisor hands every process it starts (as JSON in its environment): the database
 * it opened, and the local Stripe stand-in it runs, when it runs one.
 */
export type ProcessHandoff = {
  databaseUrl: string
  localStripe?: NonNullable<BillingSettings['stripe']>
}

export type PreparedInstall = {
  handoff: ProcessHandoff
  appUrl: string
  marketingUrl: string
  /** Stops the local Stripe stand-in and the embedded database (after every process ended). */
  close: () => Promise<void>
}

/**
 * Everything done once, before any process serves: see the file's comment. `development`
 * extras (demo data, the local Stripe stand-in) only when `demo` is set (`npm start`, not the
 * split `npm run serve` / `npm run worker`).
 */
export async function prepareInstall(
  config: Config,
  logger: Logger,
  options: { demo: boolean },
): Promise<PreparedInstall> {
  const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
  // The JWT signing keys, created here on first start, before any HTTP process reads them.
  if (!config.JWT_SIGNING_KEYS) {
    await loadOrCreateSigningKeys(config.DATA_DIR)
  }
  const database = await openDatabase(config, secrets, logger)
  const db = createPool(database.url, {
    max: 2,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    logger,
  })
  let payments: Payments | undefined
  try {
    const client = await db.connect()
    try {
      await migrate(client, { includeServiceSchemas: config.PROVIDE_SUPABASE_SERVICES, logger })
      await saveFreePlan(client, freePlanFromConfig(config))
      // A demo account with a published password belongs on development installs only.
      if (options.demo && config.SEED_DEMO_DATA && config.PUBLIC_APP_ENV === 'development') {
        // The demo resume's PDF goes to this server's byte store, when it provides storage.
        const files = config.PROVIDE_SUPABASE_SERVICES ? byteStoreFromConfig(config) : undefined
        await seedDemoData(client, logger, files)
      }
    } finally {
      client.release()
    }

    const urls = publicUrls(config)
    payments = await startPayments(config, urls.appUrl, db, logger, { localStandIn: options.demo })
    // HTTP processes send jobs from their first request: the queues exist before they start.
    await prepareBackgroundJobs({ config, db, logger, billing: payments.settings })
    // Uploads cut off by an earlier crash leave staged bytes behind; an hour is longer than any
    // upload another process could still be receiving.
    const swept = await byteStoreFromConfig(config).sweepStaged(
      new Date(Date.now() - 60 * 60 * 1000),
    )
    if (swept > 0) {
      logger.info({ swept }, 'removed the staged bytes of abandoned uploads')
    }
    await db.end()
    const running = payments
    return {
      handoff: {
        databaseUrl: database.url,
        ...(running.localStandIn && running.settings.stripe
          ? { localStripe: running.settings.stripe }
          : {}),
      },
      appUrl: urls.appUrl,
      marketingUrl: urls.marketingUrl,
      close: async () => {
        await running.close()
        await database.close()
      },
    }
  } catch (error) {
    await payments?.close()
    await db.end()
    await database.close()
    throw error
  }
}

/** Payments as the supervisor set them up: Stripe as configured, or its local stand-in. */
function billingSettings(config: Config, appUrl: string, handoff: ProcessHandoff) {
  const settings = billingSettingsFromConfig(config, appUrl)
  return handoff.localStripe ? { ...settings, stripe: handoff.localStripe } : settings
}

/** This process's pool: `DATABASE_POOL_SIZE` connections, named in `pg_stat_activity`. */
function processPool(config: Config, logger: Logger, url: string, name: string): Database {
  return createPool(url, {
    max: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    applicationName: name,
    logger,
  })
}

export type RunningProcess = { close: () => Promise<void> }

/**
 * An HTTP process: the app on `PORT` and the marketing site on `MARKETING_PORT` (in a cluster,
 * every HTTP process shares both ports). `close()` stops accepting connections, lets requests
 * in flight finish, then ends the pool.
 */
export async function startHttpProcess(
  config: Config,
  logger: Logger,
  handoff: ProcessHandoff,
  name = 'jobsearch-web',
): Promise<RunningProcess> {
  const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
  const webConfig = buildWebConfig(config, secrets)
  const urls = publicUrls(config)
  const db = processPool(config, logger, handoff.databaseUrl, name)
  let sender: JobQueue | undefined
  let app: FastifyInstance | undefined
  let marketing: FastifyInstance | undefined
  const close = async () => {
    await Promise.all([app?.close(), marketing?.close()])
    await sender?.stop()
    await db.end()
  }
  try {
    sender = await startJobSender({ db, logger })
    app = await buildApp({
      db,
      logger,
      webConfig,
      webDistDir: config.WEB_DIST_DIR,
      dataDir: config.DATA_DIR,
      byteStore: byteStoreFromConfig(config),
      provideSupabaseServices: config.PROVIDE_SUPABASE_SERVICES,
      restSettings: restSettingsFromConfig(config),
      jwtSecret: secrets.jwtSecret,
      jwtKeys: await loadJwtKeys(
        config.DATA_DIR,
        secrets.jwtSecret,
        config.AUTH_JWT_SIGNING_ALGORITHM,
        config.JWT_SIGNING_KEYS,
      ),
      authSettings: authSettingsFromConfig(config, urls.appUrl),
      storageSettings: storageSettingsFromConfig(config, urls.appUrl),
      devMailbox: devMailboxEnabled(config),
      boss: sender.boss,
      trustProxy: config.TRUST_PROXY,
      apiRateLimits: config.API_RATE_LIMITS,
      coverLetterRegenerationsPerDay: config.COVER_LETTER_REGENERATIONS_PER_DAY,
      push: pushSettingsFromConfig(config, urls.appUrl),
      inboundEmail: inboundEmailSettingsFromConfig(config),
      resumeAnalysis: resumeAnalysisRouteSettingsFromConfig(config),
      questionVoice: voiceFromConfig(config),
      textGenerator: textGeneratorFromConfig(config),
      referrals: referralSettingsFromConfig(config),
      billing: billingSettings(config, urls.appUrl, handoff),
      metricsAccess: config.METRICS_TOKEN
        ? { kind: 'token', token: config.METRICS_TOKEN }
        : { kind: 'off' },
    })
    await app.listen({ host: config.HOST, port: config.PORT })
    marketing = await buildMarketingServer({
      distDir: config.MARKETING_DIST_DIR,
      appUrl: urls.appUrl,
      logger,
      trustProxy: config.TRUST_PROXY,
    })
    await marketing.listen({ host: config.HOST, port: config.MARKETING_PORT })
    return { close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * A background process: every queue's worker and every periodic task (pg-boss), and the
 * inbound SMTP receiver when `INBOUND_SMTP_PORT` is set. `close()` stops fetching jobs, lets
 * running ones finish (pg-boss's graceful stop), then ends the pool.
 */
export async function startJobsProcess(
  config: Config,
  logger: Logger,
  handoff: ProcessHandoff,
  name = 'jobsearch-worker',
): Promise<RunningProcess> {
  const urls = publicUrls(config)
  const db = processPool(config, logger, handoff.databaseUrl, name)
  let jobs: JobQueue | undefined
  let smtpReceiver: SmtpReceiver | undefined
  const close = async () => {
    await smtpReceiver?.close()
    await jobs?.stop()
    await db.end()
  }
  try {
    jobs = await startBackgroundJobs({
      config,
      db,
      logger,
      billing: billingSettings(config, urls.appUrl, handoff),
    })
    // Forwarded recruiting mail, when INBOUND_SMTP_PORT is set.
    const inboundEmail = inboundEmailSettingsFromConfig(config)
    if (inboundEmail.smtpPort !== null) {
      smtpReceiver = await startSmtpReceiver({
        db,
        now: systemClock,
        logger,
        settings: inboundEmail,
        host: config.HOST,
        port: inboundEmail.smtpPort,
      })
      logger.info({ port: smtpReceiver.port }, 'inbound SMTP receiver listening')
    }
    return { close }
  } catch (error) {
    await close()
    throw error
  }
}

/** The whole product in this one process (tests; `close()` undoes it in reverse order). */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const prepared = await prepareInstall(config, logger, { demo: true })
  let http: RunningProcess | undefined
  let jobs: RunningProcess | undefined
  const close = async () => {
    await http?.close()
    await jobs?.close()
    await prepared.close()
  }
  try {
    jobs = await startJobsProcess(config, logger, prepared.handoff)
    http = await startHttpProcess(config, logger, prepared.handoff)
  } catch (error) {
    await close()
    throw error
  }
  return {
    appUrl: prepared.appUrl,
    databaseUrl: prepared.handoff.databaseUrl,
    marketingUrl: prepared.marketingUrl,
    close,
  }
}

type Payments = {
  settings: BillingSettings
  /** Whether `settings.stripe` is the local stand-in this process runs. */
  localStandIn: boolean
  close: () => Promise<void>
}

/**
 * Stripe as configured; or, with `LOCAL_STRIPE` (default on for development installs without
 * Stripe keys), the local stand-in: its test-mode checkout and portal pages and signed webhooks
 * let the demo's purchases run offline, with the catalogue's prices put into it at every start.
 */
async function startPayments(
  config: Config,
  appUrl: string,
  db: Database,
  logger: Logger,
  options: { localStandIn: boolean },
): Promise<Payments> {
  const settings = billingSettingsFromConfig(config, appUrl)
  const wanted =
    config.LOCAL_STRIPE ?? (config.PUBLIC_APP_ENV === 'development' && !settings.stripe)
  // The stand-in keeps its sessions in memory: it runs once, in `npm start`'s supervisor.
  const local = wanted && options.localStandIn
  if (wanted && !local) {
    logger.info('the local Stripe stand-in runs with npm start only: payments are off here')
  }
  if (local && settings.stripe) {
    throw new ConfigError(
      'Invalid configuration:\n  LOCAL_STRIPE: the local stand-in replaces Stripe; unset it or STRIPE_SECRET_KEY',
    )
  }
  if (!local) {
    if (!settings.stripe) {
      logger.info('payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell plans')
    }
    return { settings, localStandIn: false, close: async () => {} }
  }
  const standIn = await startLocalStripe({
    webhookUrl: new URL('/api/webhooks/stripe', appUrl).href,
  })
  try {
    const stripe = {
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
    }
    await syncStripeCatalogue(db, createStripeClient(stripe))
    logger.info(
      { url: standIn.url },
      'payments: the local Stripe stand-in (test mode, no real money)',
    )
    return { settings: { ...settings, stripe }, localStandIn: true, close: () => standIn.close() }
  } catch (error) {
    await standIn.close()
    throw error
  }
}
