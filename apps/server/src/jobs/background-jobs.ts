/**
 * Every queue, worker and periodic task of the server, declared in one place: a feature with
 * background work (resume analysis, job-board sync, digests, …) adds its `JobFeature` to
 * `backgroundFeatures` below. server.ts starts them after the migrations and stops them before
 * the database pool closes.
 */
import type { Config } from '../platform/config.ts'
import type { Database } from '../platform/db/pool.ts'
import type { Logger } from '../platform/logger.ts'
import { followUpReminders } from '../modules/applications/index.ts'
import {
  type BillingSettings,
  billingSettingsFromConfig,
  billingWebhooks,
} from '../modules/billing/index.ts'
import { coverLetterPreparation, textGeneratorFromConfig } from '../modules/cover-letters/index.ts'
import { creditPeriodRefresh } from '../modules/credits/index.ts'
import { emailDelivery } from '../modules/email/index.ts'
import { emailTransportFromConfig } from '../modules/email/index.ts'
import {
  interviewAnswerAnalysis,
  interviewCompletion,
  speechToTextFromConfig,
} from '../modules/interviews/index.ts'
import { jobAlertDigests } from '../modules/job-alerts/index.ts'
import {
  createPushNotifier,
  interviewTomorrowNotifications,
  pushSettingsFromConfig,
} from '../modules/push/index.ts'
import { jobBoardSync } from '../modules/jobs/index.ts'
import { referralRewards, referralSettingsFromConfig } from '../modules/referrals/index.ts'
import {
  analysisVideos,
  linkedinProviderFromConfig,
  llmBulletRewriter,
  resumeAnalysisRequests,
  resumeAnalysisSettingsFromConfig,
} from '../modules/resume-analysis/index.ts'
import { byteStoreFromConfig } from '../modules/storage/index.ts'
import { voiceFromConfig } from '../modules/voice/index.ts'
import { publicUrls } from '../modules/web-config/index.ts'
import {
  type JobFeature,
  type JobQueue,
  prepareJobQueue,
  startJobQueue,
} from '../platform/job-queue.ts'

export type BackgroundJobDependencies = {
  config: Config
  /** The server's pool; pg-boss keeps its tables in a schema of its own in that database. */
  db: Database
  logger: Logger
  /** Payments as the app has them (the demo's local Stripe); default from the configuration. */
  billing?: BillingSettings
}

function backgroundFeatures({
  config,
  db,
  logger,
  billing,
}: BackgroundJobDependencies): JobFeature[] {
  const emailTransport = emailTransportFromConfig(config)
  if (emailTransport.name === 'local mailbox' && config.PUBLIC_APP_ENV !== 'development') {
    logger.warn('SMTP_URL is not set: emails are kept in the outbox and reach nobody')
  }
  const textGenerator = textGeneratorFromConfig(config)
  // Where stored files' bytes live (STORAGE_BACKEND): one store for every job.
  const byteStore = byteStoreFromConfig(config)
  // Web Push (ADR 0032): the modules with news for a user are handed this notifier.
  const push = {
    db,
    logger,
    now: () => new Date(),
    push: pushSettingsFromConfig(config, publicUrls(config).appUrl),
  }
  const notify = createPushNotifier(push)
  return [
    emailDelivery({ db, logger, transport: emailTransport }),
    resumeAnalysisRequests({
      db,
      logger,
      byteStore,
      settings: resumeAnalysisSettingsFromConfig(config),
      linkedinProvider: linkedinProviderFromConfig(config),
      bulletRewriter: textGenerator && llmBulletRewriter(textGenerator),
    }),
    jobBoardSync({ db, logger, boards: config.JOB_BOARDS }),
    creditPeriodRefresh({ db, logger }),
    billingWebhooks({
      db,
      logger,
      settings: billing ?? billingSettingsFromConfig(config, publicUrls(config).appUrl),
      now: () => new Date(),
    }),
    referralRewards({ db, logger, settings: referralSettingsFromConfig(config) }),
    jobAlertDigests({ db, logger, appUrl: publicUrls(config).appUrl, notify }),
    followUpReminders({
      db,
      logger,
      appUrl: publicUrls(config).appUrl,
      now: () => new Date(),
      notify,
    }),
    interviewTomorrowNotifications(push),
    analysisVideos({
      db,
      logger,
      byteStore,
      voice: voiceFromConfig(config),
      now: () => new Date(),
      notify,
    }),
    interviewAnswerAnalysis({
      db,
      logger,
      byteStore,
      speechToText: speechToTextFromConfig(config),
    }),
    interviewCompletion({
      db,
      logger,
      byteStore,
      now: () => new Date(),
      audioRetentionDays: config.INTERVIEW_AUDIO_RETENTION_DAYS,
    }),
    coverLetterPreparation({
      db,
      logger,
      byteStore,
      generator: textGenerator,
      now: () => new Date(),
    }),
  ]
}

export async function startBackgroundJobs(deps: BackgroundJobDependencies): Promise<JobQueue> {
  return startJobQueue({
    db: deps.db,
    logger: deps.logger,
    features: backgroundFeatures(deps),
  })
}

/**
 * Creates pg-boss's schema and every queue without running any: the supervisor's step before
 * it starts HTTP processes, which send jobs to these queues (docs/deploy.md).
 */
export async function prepareBackgroundJobs(deps: BackgroundJobDependencies): Promise<void> {
  await prepareJobQueue({ db: deps.db, logger: deps.logger, features: backgroundFeatures(deps) })
}
