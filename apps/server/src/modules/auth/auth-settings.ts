import type { Config } from '../../platform/config.ts'

/**
 * How the Auth service behaves on this install, derived from the configuration once. Tests
 * build their own (for instance pointing a provider at a local JWKS endpoint).
 */
export type OidcProviderSettings = {
  /** The audiences accepted in ID tokens; the first is the redirect flow's client. */
  clientIds: string[]
  clientSecret: string | null
  /** Accepted `iss` values of ID tokens. */
  issuers: string[]
  jwksUrl: string
  /** The OAuth redirect flow's endpoints (Google only). */
  authorizationUrl: string | null
  tokenUrl: string | null
}

export type AuthSettings = {
  /** The web app's URL: default redirect target and the base of allowed redirects. */
  siteUrl: string
  /** Where this Auth service is reached from outside (`<app URL>/auth/v1`): emailed links. */
  externalUrl: string
  /** Extra allowed redirect targets (patterns, see redirect checking). */
  redirectAllowList: string[]
  emailAutoconfirm: boolean
  anonymousSignIns: boolean
  /** Users may link and unlink identities themselves (GoTrue's manual linking). */
  manualLinking: boolean
  rateLimits: boolean
  /** Have I Been Pwned's range API, asked about new passwords (`AUTH_PASSWORD_HIBP`); or null. */
  passwordHibpUrl: string | null
  reuseIntervalMs: number
  /**
   * How long a session lives: it ends when not refreshed for `inactivityTimeoutMs`, and in any
   * case `timeboxMs` after sign-in (GoTrue's SESSIONS_INACTIVITY_TIMEOUT and SESSIONS_TIMEBOX);
   * 0 turns a limit off.
   */
  sessionLifetime: SessionLifetime
  providers: { google: OidcProviderSettings | null; apple: OidcProviderSettings | null }
}

/** A session's limits in milliseconds; 0 means no limit. */
export type SessionLifetime = { inactivityTimeoutMs: number; timeboxMs: number }

export type OidcProviderName = keyof AuthSettings['providers']

/** How long a revoked refresh token may still be exchanged (concurrent tabs), GoTrue's default. */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000

const GOOGLE = {
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
}

const APPLE = {
  issuers: ['https://appleid.apple.com'],
  jwksUrl: 'https://appleid.apple.com/auth/keys',
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

export function authSettingsFromConfig(config: Config, appUrl: string): AuthSettings {
  const googleClientIds = list(config.GOOGLE_CLIENT_IDS)
  const appleClientIds = list(config.APPLE_CLIENT_IDS)
  const siteUrl = appUrl.replace(/\/$/, '')
  return {
    siteUrl,
    externalUrl: `${siteUrl}/auth/v1`,
    redirectAllowList: list(config.AUTH_REDIRECT_ALLOW_LIST),
    emailAutoconfirm: config.AUTH_EMAIL_AUTOCONFIRM ?? config.PUBLIC_APP_ENV !== 'production',
    anonymousSignIns: config.AUTH_ANONYMOUS_SIGN_INS,
    manualLinking: config.AUTH_MANUAL_LINKING,
    rateLimits: config.AUTH_RATE_LIMITS,
    passwordHibpUrl: config.AUTH_PASSWORD_HIBP ? config.AUTH_PASSWORD_HIBP_URL : null,
    reuseIntervalMs: REFRESH_TOKEN_REUSE_INTERVAL_MS,
    sessionLifetime: {
      inactivityTimeoutMs: config.AUTH_SESSIONS_INACTIVITY_TIMEOUT,
      timeboxMs: config.AUTH_SESSIONS_TIMEBOX,
    },
    providers: {
      google: googleClientIds.length
        ? {
            ...GOOGLE,
            clientIds: googleClientIds,
            clientSecret: config.GOOGLE_CLIENT_SECRET ?? null,
          }
        : null,
      apple: appleClientIds.length
        ? {
            ...APPLE,
            clientIds: appleClientIds,
            clientSecret: null,
            authorizationUrl: null,
            tokenUrl: null,
          }
        : null,
    },
  }
}
