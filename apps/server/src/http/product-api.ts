/**
 * The product API under `/api` (spec section 7): the web app calls it with the user's access
 * token as a bearer header, the refresh token in `x-refresh-token`, and credentials, from the
 * app's origin. This plugin adds CORS for that origin, builds the one `ProductApiContext`, and
 * mounts every feature module's routes with it.
 */
import cors from '@fastify/cors'
import { DEFAULT_COVER_LETTER_REGENERATIONS_PER_DAY } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import { registerDeleteAccountRoutes, registerExportRoutes } from '../modules/account/index.ts'
import { type LimitUser, limitUserRequest } from '../modules/api-rate-limits/index.ts'
import {
  type ReadJobPage,
  registerApplicationsRoutes,
  registerCsvRoutes,
  registerReminderSettingsRoutes,
  registerStatsRoutes,
} from '../modules/applications/index.ts'
import { type AuthSettings, registerLinkSocialRoutes } from '../modules/auth/index.ts'
import { type BillingSettings, registerBillingRoutes } from '../modules/billing/index.ts'
import { type CalendarSettings, registerCalendarRoutes } from '../modules/calendar/index.ts'
import {
  registerCoverLettersRoutes,
  requestCoverLetter,
  type TextGenerator,
} from '../modules/cover-letters/index.ts'
import { registerCreditsRoutes } from '../modules/credits/index.ts'
import {
  type InboundEmailSettings,
  registerInboundEmailRoutes,
} from '../modules/inbound-email/index.ts'
import { registerInterviewsRoutes } from '../modules/interviews/index.ts'
import { findJobAlertSearch, registerJobAlertRoutes } from '../modules/job-alerts/index.ts'
import {
  type FindSavedSearch,
  isOpenJob,
  jsonLd,
  registerJobSearchRoutes,
} from '../modules/jobs/index.ts'
import { registerOnboardingRoutes } from '../modules/onboarding/index.ts'
import {
  registerProfessionalProfilesRoutes,
  type RequestResumeAnalysis,
} from '../modules/professional-profiles/index.ts'
import {
  DEFAULT_RESUME_ANALYSIS_ROUTE_SETTINGS,
  registerResumeAnalysisRoutes,
  requestResumeAnalysis,
  type ResumeAnalysisRouteSettings,
} from '../modules/resume-analysis/index.ts'
import { registerUploadLinkRoutes } from '../modules/resume-upload/index.ts'
import {
  DEFAULT_REFERRAL_SETTINGS,
  type ReferralSettings,
  registerReferralsRoutes,
} from '../modules/referrals/index.ts'
import { registerRoastsRoutes } from '../modules/roasts/index.ts'
import { type PushSettings, registerPushRoutes } from '../modules/push/index.ts'
import {
  type ByteStore,
  createObjectUrlSigner,
  type ObjectUrlSigner,
  type StorageSettings,
} from '../modules/storage/index.ts'
import {
  type AfterRightSwipe,
  type IsOpenJob,
  registerSwipesRoutes,
} from '../modules/swipes/index.ts'
import { defaultVoice, type Voice } from '../modules/voice/index.ts'
import type { Clock } from '../platform/clock.ts'
import type { Database } from '../platform/db/pool.ts'
import type { CheckSession } from '../platform/session-check.ts'
import { createRequireUser, jobSender, type ProductApiContext } from '../platform/product-api.ts'
import type { VerificationKey } from '../platform/keys/jwt-verification.ts'

export type ProductApiOptions = {
  db: Database
  now: Clock
  jwtSecret: string
  /** Asymmetric keys tokens may be signed with, by `kid` (ADR 0030); the secret verifies the rest. */
  verificationKeys?: VerificationKey[]
  /** Origins allowed to call with credentials (the web app's). */
  allowedOrigins: string[]
  byteStore: ByteStore
  authSettings: AuthSettings
  /** The started job queue; without it, a route that queues work answers 503. */
  boss?: PgBoss
  /** Whether a user's token may still reach data (the Auth module's session check). */
  checkSession?: CheckSession
  /** Forgets a user's remembered sessions (their account was just deleted). */
  forgetUserSessions?: (userId: string) => void
  /** Per-user limits of the expensive calls (`API_RATE_LIMITS`); default on. */
  apiRateLimits?: boolean
  /** Free regenerations of a cover letter per application and 24 hours (default 3). */
  coverLetterRegenerationsPerDay?: number
  /** Forwarded mail: addresses' domain, size cap, webhook secret (`INBOUND_EMAIL_*`). */
  inboundEmail?: InboundEmailSettings
  /** The interview calendar's links (the app's URL, where the feed is served). */
  calendar: CalendarSettings
  /** LinkedIn export limits (`LINKEDIN_EXPORT_*`); default those of .env.example. */
  resumeAnalysis?: ResumeAnalysisRouteSettings
  /** Where users' files are served from, for the signed URLs the API hands out. */
  storageSettings: StorageSettings
  /** The interviewer's voice when the browser has none; default the offline voice. */
  questionVoice?: Voice
  /** The LLM of `LLM_BASE_URL`, for text written while the caller waits (roasts); default none. */
  textGenerator?: TextGenerator | null
  /** Stripe and RevenueCat: keys, webhook secrets, where checkout returns to. */
  billing: BillingSettings
  /** Referral rewards and cap (`REFERRAL_*`); default those of .env.example. */
  referrals?: ReferralSettings
  /** Web Push: where the VAPID keys are, the push services sent to (`PUSH_*`). */
  push: PushSettings
}

/**
 * Everything a product API module may ask for: the context, the services some share, and the
 * reads a lower module needs from a higher one (passed in here so that modules only ever depend
 * downwards: jobs → swipes, job-alerts → jobs).
 */
type ProductApiDependencies = ProductApiContext & {
  byteStore: ByteStore
  authSettings: AuthSettings
  findSavedSearch: FindSavedSearch
  isOpenJob: IsOpenJob
  requestResumeAnalysis: RequestResumeAnalysis
  forgetUserSessions: (userId: string) => void
  limitUser: LimitUser
  inboundEmail: InboundEmailSettings
  coverLetterRegenerationsPerDay: number
  /** Queues a right swipe's cover letter and match report (none without a job queue). */
  afterRightSwipe: AfterRightSwipe
  /** A pasted job page's posting, for an application added by hand (applications → jobs). */
  readJobPage: ReadJobPage
  calendar: CalendarSettings
  resumeAnalysis: ResumeAnalysisRouteSettings
  /** Signed download URLs (an interview's recording: spec section 7's 24-hour links). */
  objectUrlSigner: ObjectUrlSigner
  questionVoice: Voice
  textGenerator: TextGenerator | null
  billing: BillingSettings
  /** Referral settings, the JWT secret (fingerprint key) and the app's URL (share links). */
  referrals: ReferralSettings & { jwtSecret: string; appUrl: string }
  push: PushSettings
}

/** Each feature module's routes, registered with the same dependencies. */
const PRODUCT_API_ROUTES: ((app: FastifyInstance, deps: ProductApiDependencies) => void)[] = [
  registerApplicationsRoutes,
  registerBillingRoutes,
  registerCsvRoutes,
  registerReminderSettingsRoutes,
  registerStatsRoutes,
  registerCalendarRoutes,
  registerCoverLettersRoutes,
  registerCreditsRoutes,
  registerDeleteAccountRoutes,
  registerExportRoutes,
  registerInboundEmailRoutes,
  registerInterviewsRoutes,
  registerJobAlertRoutes,
  registerJobSearchRoutes,
  registerLinkSocialRoutes,
  registerOnboardingRoutes,
  registerProfessionalProfilesRoutes,
  registerPushRoutes,
  registerReferralsRoutes,
  registerResumeAnalysisRoutes,
  registerRoastsRoutes,
  registerSwipesRoutes,
  registerUploadLinkRoutes,
]

export async function productApi(app: FastifyInstance, options: ProductApiOptions) {
  await app.register(cors, {
    origin: options.allowedOrigins,
    credentials: true,
    // An OPTIONS request without the preflight headers gets the same answer, not a text/plain
    // 400 without a code (issue 12, item 7).
    strictPreflight: false,
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'x-device-id',
      'x-refresh-token',
      'x-request-id',
    ],
    exposedHeaders: ['x-request-id', 'content-disposition'],
    maxAge: 600,
  })
  const sendJob = jobSender(options.boss)
  const deps: ProductApiDependencies = {
    db: options.db,
    now: options.now,
    requireUser: createRequireUser(
      options.jwtSecret,
      options.checkSession,
      options.verificationKeys,
    ),
    sendJob,
    byteStore: options.byteStore,
    authSettings: options.authSettings,
    findSavedSearch: findJobAlertSearch,
    isOpenJob,
    requestResumeAnalysis: async (tx, professionalProfileId) => {
      await requestResumeAnalysis(sendJob, tx, professionalProfileId)
    },
    resumeAnalysis: options.resumeAnalysis ?? DEFAULT_RESUME_ANALYSIS_ROUTE_SETTINGS,
    forgetUserSessions: options.forgetUserSessions ?? (() => {}),
    readJobPage,
    calendar: options.calendar,
    objectUrlSigner: createObjectUrlSigner({
      jwtSecret: options.jwtSecret,
      settings: options.storageSettings,
      now: options.now,
    }),
    questionVoice: options.questionVoice ?? defaultVoice,
    textGenerator: options.textGenerator ?? null,
    billing: options.billing,
    push: options.push,
    referrals: {
      ...(options.referrals ?? DEFAULT_REFERRAL_SETTINGS),
      jwtSecret: options.jwtSecret,
      appUrl: options.authSettings.siteUrl,
    },
    limitUser: (reply, userId, bucket) =>
      limitUserRequest(
        { db: options.db, now: options.now, enabled: options.apiRateLimits ?? true },
        reply,
        userId,
        bucket,
      ),
    coverLetterRegenerationsPerDay:
      options.coverLetterRegenerationsPerDay ?? DEFAULT_COVER_LETTER_REGENERATIONS_PER_DAY,
    afterRightSwipe: options.boss
      ? (tx, request) => requestCoverLetter(sendJob, tx, request)
      : async () => {},
    inboundEmail: options.inboundEmail ?? {
      domain: 'inbound.localhost',
      maxBytes: 5_000_000,
      webhookSecret: null,
      smtpPort: null,
    },
  }
  for (const register of PRODUCT_API_ROUTES) {
    register(app, deps)
  }
}

/** A pasted job page's first schema.org JobPosting, read as the catalogue reads career pages. */
const readJobPage: ReadJobPage = (html, pageUrl) => {
  try {
    return jsonLd.parse(html, { board: pageUrl ?? 'pasted job page' }).jobs[0] ?? null
  } catch {
    return null
  }
}
