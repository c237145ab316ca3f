import { z } from 'zod'

/**
 * The public settings the server hands to the web app at run time (as `window.__APP_CONFIG__`
 * through `/config.js`), so one build serves every deployment. Everything here reaches
 * browsers: never put a secret in it.
 */
export const APP_ENVIRONMENTS = ['development', 'staging', 'production'] as const
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number]

/** The keys whose absence stops the web app (spec section 5). */
export const REQUIRED_WEB_CONFIG_KEYS = [
  'PUBLIC_ANALYTICS_KEY',
  'PUBLIC_ERROR_REPORTING_TOKEN',
  'PUBLIC_ERROR_REPORTING_DSN',
  'PUBLIC_SUPABASE_ANON_KEY',
  'PUBLIC_SUPABASE_URL',
] as const

export const WebConfigSchema = z.object({
  /** Product-analytics project key (PostHog). */
  PUBLIC_ANALYTICS_KEY: z.string().min(1),
  /** Where analytics events go; the local default is our own server, which discards them. */
  PUBLIC_ANALYTICS_HOST: z.url(),
  /** Error-reporting token (Sentry). */
  PUBLIC_ERROR_REPORTING_TOKEN: z.string().min(1),
  /** Error-reporting DSN (Sentry). */
  PUBLIC_ERROR_REPORTING_DSN: z.string().min(1),
  /** The anon key of the Supabase-compatible backend (a JWT with role anon). */
  PUBLIC_SUPABASE_ANON_KEY: z.string().min(1),
  /** Base URL of the Supabase-compatible backend (serves /auth/v1, /rest/v1, /storage/v1). */
  PUBLIC_SUPABASE_URL: z.url(),
  /** Base URL of the product API of spec section 7. */
  PUBLIC_API_BASE_URL: z.url(),
  PUBLIC_APP_ENV: z.enum(APP_ENVIRONMENTS).default('development'),
  /** Where the web app itself is served. */
  PUBLIC_APP_URL: z.url().default('http://localhost:3000'),
  /** The marketing home page that "Go home" and "Back to Home" lead to. */
  PUBLIC_MARKETING_URL: z.url(),
  /** Web version shown in diagnostics (spec: 0.2.9). */
  PUBLIC_APP_VERSION: z.string().min(1),
})
export type WebConfig = z.infer<typeof WebConfigSchema>
export type WebConfigKey = keyof WebConfig
