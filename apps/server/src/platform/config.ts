/**
 * The server's configuration, read from the environment once at start-up.
 *
 * 1. `ConfigSchema` lists every variable (README and .env.example describe each one).
 * 2. `readConfig(env)` parses them; empty strings count as unset.
 * 3. On failure `ConfigError` lists every bad variable, and main.ts prints it and exits.
 * Nothing else in the server reads `process.env`.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { APP_ENVIRONMENTS, CREDIT_PERIODS } from '@app/contracts'
import { parseGoDuration } from './go-duration.ts'
import { parseJobBoards } from './job-boards.ts'
import { parseTrustProxy } from './trust-proxy.ts'

/** The repository root, from which the default data folder and the built apps are found. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

/** A folder, relative paths taken from the repository root (where .env lives). */
const folder = z.string().transform((value) => path.resolve(REPO_ROOT, value))
const port = z.coerce.number().int().min(0).max(65535)
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/**
 * A Go duration as GoTrue writes them ("168h", "30m", "0" for none), read as milliseconds, at
 * least `minimumMs` unless it is 0.
 */
const goDuration = (fallback: string, minimumMs: number, minimumText: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const milliseconds = parseGoDuration(value)
      if (milliseconds === null) {
        context.addIssue({ code: 'custom', message: 'must be a duration such as 168h, 90m or 0' })
        return z.NEVER
      }
      if (milliseconds !== 0 && milliseconds < minimumMs) {
        context.addIssue({ code: 'custom', message: `must be 0 (off) or at least ${minimumText}` })
        return z.NEVER
      }
      return milliseconds
    })

const ConfigSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  // Which reverse proxies may name the client's address (platform/trust-proxy.ts): off, a hop
  // count, or their addresses. Rate limits key on that address.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value)
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error })
        return z.NEVER
      }
      return parsed.trustProxy
    }),
  PORT: port.default(3000),
  MARKETING_PORT: port.default(3001),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: folder.default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_POSTGRES_PORT: port.default(54329),
  // Processes (docs/deploy.md, ADR 0031): `npm start` runs WEB_CONCURRENCY HTTP processes
  // (default one per CPU) and WORKER_CONCURRENCY background-job processes under a supervisor.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
  // The scheduling priority (nice value) of the background processes (issue 21): on a machine
  // where they share the CPUs with HTTP, a cover letter's PDF waits for a request, not the
  // other way round. 0: the supervisor's own priority.
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // V8's heap bounds for the supervised processes (issue 21, docs/performance.md): the young
  // generation's semi-space of every process, and the old space of each HTTP process, in MB
  // (0: V8's own default, which lets a busy process hold hundreds of MB of garbage).
  NODE_MAX_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(1024).default(8),
  HTTP_MAX_OLD_SPACE_MB: z.coerce.number().int().min(0).max(65536).default(160),
  // glibc's malloc arenas in each supervised process (0: glibc's default, 8 per CPU): fewer
  // arenas, less native memory kept by the threads of a busy process.
  MALLOC_ARENA_MAX: z.coerce.number().int().min(0).max(1024).default(2),
  // Connections each process keeps at most, and how long getting one may take before a request
  // answers 503 database_unavailable rather than waiting on a database that does not answer.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // How long a stop (SIGTERM, SIGINT) lets in-flight requests and running jobs finish.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  PROVIDE_SUPABASE_SERVICES: flag.default(true),
  // /rest/v1 as PostgREST's settings of the same names (docs/supabase-compatibility/rest.md):
  // the schemas it serves (the first by default; others through Accept-/Content-Profile),
  // whether Prefer: tx=rollback is honoured, explain plans, and aggregates in select.
  PGRST_DB_SCHEMAS: z
    .string()
    .default('public')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/)).min(1)),
  PGRST_DB_TX_END: z
    .enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'])
    .default('commit'),
  PGRST_DB_PLAN_ENABLED: flag.default(false),
  PGRST_DB_AGGREGATES_ENABLED: flag.default(false),
  STORAGE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Where storage objects' bytes live (modules/storage/configured-byte-store.ts, docs/deploy.md
  // "Object storage (S3)"): the data folder, or one bucket of AWS S3 / R2 / MinIO.
  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Path-style URLs (endpoint/bucket/key); default on when S3_ENDPOINT is set, off for AWS.
  S3_FORCE_PATH_STYLE: flag.optional(),
  SEED_DEMO_DATA: flag.default(true),
  // Where `npm run rates:refresh` reads the euro reference rates (the ECB's daily XML) that the
  // match score converts salaries with (modules/jobs/search/exchange-rates.json).
  EXCHANGE_RATES_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  JOB_BOARDS: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseJobBoards(value)
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error })
        return z.NEVER
      }
      return parsed.boards
    }),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The signing keys as DATA_DIR/signing-keys.json holds them (JSON), for hosts that share no
  // data folder; unset: that file, created on first start (ADR 0030).
  JWT_SIGNING_KEYS: z.string().optional(),
  WEB_DIST_DIR: folder.default(path.join(REPO_ROOT, 'apps/web/dist')),
  MARKETING_DIST_DIR: folder.default(path.join(REPO_ROOT, 'apps/marketing/dist')),
  AUTH_EMAIL_AUTOCONFIRM: flag.optional(),
  AUTH_ANONYMOUS_SIGN_INS: flag.default(true),
  // User access tokens: ES256 with the install's signing keys (published at
  // /auth/v1/.well-known/jwks.json), or HS256 with the legacy JWT secret (ADR 0030).
  AUTH_JWT_SIGNING_ALGORITHM: z.enum(['ES256', 'HS256']).default('ES256'),
  // GoTrue's manual identity linking (linkIdentity, unlinkIdentity); on: the product links accounts.
  AUTH_MANUAL_LINKING: flag.default(true),
  AUTH_REDIRECT_ALLOW_LIST: z.string().optional(),
  AUTH_RATE_LIMITS: flag.default(true),
  // Refuse passwords found in Have I Been Pwned (k-anonymity range API) at sign-up and password
  // change. Off by default: the product works offline; the offline common-password list always
  // applies.
  AUTH_PASSWORD_HIBP: flag.default(false),
  AUTH_PASSWORD_HIBP_URL: z.url().default('https://api.pwnedpasswords.com/range/'),
  // Per-user limits of the product API's expensive calls (swipes, analyses, generation).
  API_RATE_LIMITS: flag.default(true),
  // A session ends when it has not been refreshed for this long (an open app refreshes hourly,
  // so at least the access token's hour), and in any case this long after sign-in.
  AUTH_SESSIONS_INACTIVITY_TIMEOUT: goDuration('168h', 3_600_000, '1h'),
  AUTH_SESSIONS_TIMEBOX: goDuration('720h', 60_000, '1m'),
  GOOGLE_CLIENT_IDS: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_IDS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().default('Job Search Assistant <no-reply@jobsearch.local>'),
  // Inbound email (issue 14): each user's forwarding address is <token>@INBOUND_EMAIL_DOMAIN.
  // The SMTP receiver listens on INBOUND_SMTP_PORT (off unless set; HOST's interface); the
  // webhook POST /api/emails/inbound answers only when INBOUND_EMAIL_SECRET is set (16+ chars).
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
      'must be a domain name',
    )
    .default('inbound.localhost'),
  INBOUND_SMTP_PORT: port.optional(),
  INBOUND_EMAIL_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(5_000_000),
  INBOUND_EMAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Web Push (issue 19, ADR 0032): the VAPID subject the push services may contact (https: or
  // mailto:; unset: the app's https URL, else mailto:push@<app host>), and the push services a
  // browser's subscription may point at (host suffixes, comma-separated): the server posts only
  // there, so a subscription cannot aim it at another host.
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)/, 'must be an https: URL or a mailto: address')
    .optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  // Cover letters (issue 14, ADR 0020): an OpenAI-compatible chat completions API writes them
  // when LLM_BASE_URL is set (e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 for
  // Ollama); unset, the built-in offline composer does, and it is the fallback on any failure.
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  COVER_LETTER_REGENERATIONS_PER_DAY: z.coerce.number().int().min(0).max(100).default(3),
  // Practice interviews (issue 16, ADR 0026): transcripts from an OpenAI-compatible
  // /audio/transcriptions API when STT_BASE_URL is set (OpenAI, whisper.cpp's server,
  // faster-whisper servers), else the browser's recognition or none; questions spoken by an
  // OpenAI-compatible /audio/speech API when TTS_BASE_URL is set, else the offline voice.
  STT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  TTS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TTS_API_KEY: z.string().optional(),
  TTS_MODEL: z.string().min(1).default('tts-1'),
  TTS_VOICE: z.string().min(1).default('alloy'),
  // Referrals (issue 18, ADR 0029): credits each side gets when an invitee qualifies, and how
  // many referrals a referrer is rewarded for per calendar month (the invitee always is).
  REFERRAL_REWARD_CREDITS: z.coerce.number().int().min(0).max(10_000).default(20),
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(10_000).default(10),
  // A deleted interview's recordings are purged this many days after the deletion.
  INTERVIEW_AUDIO_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // Resume analysis (issue 15, ADR 0023): the parser runs in a worker thread with these caps; a
  // LinkedIn export ZIP is read up to these sizes; a profile-data provider (off unless both set).
  RESUME_PARSE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  RESUME_PARSE_MAX_PAGES: z.coerce.number().int().min(1).max(100).default(10),
  RESUME_PARSE_MAX_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
  RESUME_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(10_000_000),
  LINKEDIN_EXPORT_MAX_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(20_000_000),
  LINKEDIN_EXPORT_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(500_000_000)
    .default(50_000_000),
  LINKEDIN_PROFILE_PROVIDER_URL: z.url({ protocol: /^https$/ }).optional(),
  LINKEDIN_PROFILE_PROVIDER_KEY: z.string().min(1).optional(),
  // Payments (issue 18, ADR 0028): Stripe on the web when both keys are set; STRIPE_API_URL
  // points the SDK at another host (the local stand-in). LOCAL_STRIPE runs that stand-in inside
  // the server (default: on for development installs without Stripe keys) so purchases can be
  // tried offline. RevenueCat's webhook answers only with REVENUECAT_WEBHOOK_AUTH set.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOCAL_STRIPE: flag.optional(),
  REVENUECAT_WEBHOOK_AUTH: z.string().min(16, 'must be at least 16 characters').optional(),
  // Server-side error reporting (Sentry, issue 22 item 6): 500s and failed jobs, scrubbed.
  // Unset: nothing is sent and the SDK is never loaded. Not taken from the web app's public DSN.
  ERROR_REPORTING_DSN: z.url({ protocol: /^https?$/ }).optional(),
  // GET /metrics (Prometheus) answers scrapers that send this bearer token; unset: 404.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  FREE_CREDITS_PER_PERIOD: z.coerce.number().int().min(0).max(1_000_000).default(10),
  CREDIT_PERIOD: z.enum(CREDIT_PERIODS).default('daily'),
  PUBLIC_APP_ENV: z.enum(APP_ENVIRONMENTS).default('development'),
  PUBLIC_APP_URL: z.url().optional(),
  PUBLIC_MARKETING_URL: z.url().optional(),
  PUBLIC_SUPABASE_URL: z.url().optional(),
  PUBLIC_API_BASE_URL: z.url().optional(),
  PUBLIC_SUPABASE_ANON_KEY: z.string().optional(),
  PUBLIC_ANALYTICS_KEY: z.string().optional(),
  PUBLIC_ANALYTICS_HOST: z.url().optional(),
  PUBLIC_ERROR_REPORTING_TOKEN: z.string().optional(),
  PUBLIC_ERROR_REPORTING_DSN: z.string().optional(),
})

export type Config = Readonly<z.infer<typeof ConfigSchema>>

/** Every variable the server reads (each one documented in .env.example). */
export const CONFIG_KEYS = Object.keys(ConfigSchema.shape)

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const nonEmpty = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = ConfigSchema.safeParse(nonEmpty)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return Object.freeze(result.data)
}

/**
 * The configuration of this process: the environment, over an optional `.env` file at the
 * repository root (variables already set win).
 */
export function loadConfig(): Config {
  const dotEnv = path.join(REPO_ROOT, '.env')
  if (existsSync(dotEnv)) {
    process.loadEnvFile(dotEnv)
  }
  return readConfig(process.env)
}
