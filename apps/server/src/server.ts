/**
 * Starts the whole product in one process:
 * 1. secrets (generated on first start, kept in the data folder);
 * 2. the database: `DATABASE_URL`, or the embedded PostgreSQL when it is unset;
 * 3. migrations (the service schemas only when this server provides auth and storage), then
 *    the free credit plan as configured;
 * 4. demo data;
 * 5. payments: Stripe as configured, or the local Stripe stand-in on development installs;
 * 6. the background jobs (pg-boss: email delivery, webhooks, …);
 * 7. the app (API + web) and the marketing site, each on its own port.
 * `close()` undoes it in reverse order.
 */
import { type Config, ConfigError } from './platform/config.ts'
import { migrate } from './platform/db/migrate.ts'
import { openDatabase } from './platform/db/open-database.ts'
import { createPool, type Database } from './platform/db/pool.ts'
import { buildApp } from './http/app.ts'
import { startBackgroundJobs } from './jobs/background-jobs.ts'
import type { JobQueue } from './platform/job-queue.ts'
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
import { buildMarketingServer } from './modules/marketing/index.ts'
import { resumeAnalysisRouteSettingsFromConfig } from './modules/resume-analysis/index.ts'
import { startLocalStripe } from './modules/local-stripe/index.ts'
import { createLocalByteStore, storageSettingsFromConfig } from './modules/storage/index.ts'
import { buildWebConfig, publicUrls } from './modules/web-config/index.ts'
import { voiceFromConfig } from './modules/voice/index.ts'
import { seedDemoData } from './seed/demo-data.ts'

export type RunningServer = {
  appUrl: string
  /** The database in use (the embedded one's superuser URL when DATABASE_URL is unset). */
  databaseUrl: string
  marketingUrl: string
  close: () => Promise<void>
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
  const webConfig = buildWebConfig(config, secrets)

  const database = await openDatabase(config, secrets, logger)
  const databaseUrl = database.url
  const db = createPool(databaseUrl)
  let jobs: JobQueue | undefined
  let smtpReceiver: SmtpReceiver | undefined
  let payments: Payments | undefined
  try {
    const client = await db.connect()
    try {
      await migrate(client, { includeServiceSchemas: config.PROVIDE_SUPABASE_SERVICES, logger })
      await saveFreePlan(client, freePlanFromConfig(config))
      // A demo account with a published password belongs on development installs only.
      if (config.SEED_DEMO_DATA && config.PUBLIC_APP_ENV === 'development') {
        // The demo resume's PDF goes to this server's byte store, when it provides storage.
        const files = config.PROVIDE_SUPABASE_SERVICES
          ? createLocalByteStore(config.DATA_DIR)
          : undefined
        await seedDemoData(client, logger, files)
      }
    } finally {
      client.release()
    }

    const urls = publicUrls(config)
    payments = await startPayments(config, urls.appUrl, db, logger)
    jobs = await startBackgroundJobs({ config, db, logger, billing: payments.settings })
    // Uploads cut off by an earlier crash leave staged bytes behind; an hour is longer than any
    // upload another process could still be receiving.
    const swept = await createLocalByteStore(config.DATA_DIR).sweepStaged(
      new Date(Date.now() - 60 * 60 * 1000),
    )
    if (swept > 0) {
      logger.info({ swept }, 'removed the staged bytes of abandoned uploads')
    }

    const app = await buildApp({
      db,
      logger,
      webConfig,
      webDistDir: config.WEB_DIST_DIR,
      dataDir: config.DATA_DIR,
      provideSupabaseServices: config.PROVIDE_SUPABASE_SERVICES,
      jwtSecret: secrets.jwtSecret,
      authSettings: authSettingsFromConfig(config, urls.appUrl),
      storageSettings: storageSettingsFromConfig(config, urls.appUrl),
      devMailbox: devMailboxEnabled(config),
      boss: jobs.boss,
      trustProxy: config.TRUST_PROXY,
      apiRateLimits: config.API_RATE_LIMITS,
      coverLetterRegenerationsPerDay: config.COVER_LETTER_REGENERATIONS_PER_DAY,
      inboundEmail: inboundEmailSettingsFromConfig(config),
      resumeAnalysis: resumeAnalysisRouteSettingsFromConfig(config),
      questionVoice: voiceFromConfig(config),
      textGenerator: textGeneratorFromConfig(config),
      referrals: referralSettingsFromConfig(config),
      billing: payments.settings,
    })
    await app.listen({ host: config.HOST, port: config.PORT })
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
    const marketing = await buildMarketingServer({
      distDir: config.MARKETING_DIST_DIR,
      appUrl: urls.appUrl,
      logger,
      trustProxy: config.TRUST_PROXY,
    })
    await marketing.listen({ host: config.HOST, port: config.MARKETING_PORT })

    return {
      appUrl: urls.appUrl,
      databaseUrl,
      marketingUrl: urls.marketingUrl,
      close: async () => {
        await Promise.all([app.close(), marketing.close(), smtpReceiver?.close()])
        await jobs?.stop()
        await payments?.close()
        await db.end()
        await database.close()
      },
    }
  } catch (error) {
    await smtpReceiver?.close()
    await jobs?.stop()
    await payments?.close()
    await db.end()
    await database.close()
    throw error
  }
}

type Payments = { settings: BillingSettings; close: () => Promise<void> }

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
): Promise<Payments> {
  const settings = billingSettingsFromConfig(config, appUrl)
  const local = config.LOCAL_STRIPE ?? (config.PUBLIC_APP_ENV === 'development' && !settings.stripe)
  if (local && settings.stripe) {
    throw new ConfigError(
      'Invalid configuration:\n  LOCAL_STRIPE: the local stand-in replaces Stripe; unset it or STRIPE_SECRET_KEY',
    )
  }
  if (!local) {
    if (!settings.stripe) {
      logger.info('payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell plans')
    }
    return { settings, close: async () => {} }
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
    return { settings: { ...settings, stripe }, close: () => standIn.close() }
  } catch (error) {
    await standIn.close()
    throw error
  }
}
