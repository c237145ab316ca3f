import { type WebConfig, WebConfigSchema } from '@app/contracts'
import { type Config, ConfigError } from '../../platform/config.ts'
import type { InstallSecrets } from '../../platform/keys/install-secrets.ts'

/** The addresses this server is reachable at, as browsers see them. */
export function publicUrls(config: Config) {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  const appUrl = config.PUBLIC_APP_URL ?? `http://${hostForUrl(host)}:${config.PORT}`
  return {
    appUrl,
    marketingUrl:
      config.PUBLIC_MARKETING_URL ?? `http://${hostForUrl(host)}:${config.MARKETING_PORT}`,
    supabaseUrl: config.PUBLIC_SUPABASE_URL ?? appUrl,
    apiBaseUrl: config.PUBLIC_API_BASE_URL ?? `${appUrl}/api`,
  }
}

function hostForUrl(host: string) {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * The public settings the web app validates at start-up, handed over at run time so one build
 * serves every deployment. In development, analytics and error reporting get local values that
 * satisfy the web app's check while the web app, which only sends from production, sends
 * nothing; in staging and production they must be configured.
 */
export function buildWebConfig(config: Config, secrets: InstallSecrets): WebConfig {
  const urls = publicUrls(config)
  const isDevelopment = config.PUBLIC_APP_ENV === 'development'
  const localDefault = (value: string) => (isDevelopment ? value : undefined)
  const raw = {
    PUBLIC_ANALYTICS_KEY: config.PUBLIC_ANALYTICS_KEY ?? localDefault('phc_local_development'),
    PUBLIC_ANALYTICS_HOST: config.PUBLIC_ANALYTICS_HOST ?? urls.appUrl,
    PUBLIC_ERROR_REPORTING_TOKEN:
      config.PUBLIC_ERROR_REPORTING_TOKEN ?? localDefault('local-development'),
    PUBLIC_ERROR_REPORTING_DSN:
      config.PUBLIC_ERROR_REPORTING_DSN ??
      localDefault(`${urls.appUrl.replace('://', '://local@')}/0`),
    PUBLIC_SUPABASE_ANON_KEY: config.PUBLIC_SUPABASE_ANON_KEY ?? secrets.anonKey,
    PUBLIC_SUPABASE_URL: urls.supabaseUrl,
    PUBLIC_API_BASE_URL: urls.apiBaseUrl,
    PUBLIC_APP_ENV: config.PUBLIC_APP_ENV,
    PUBLIC_APP_URL: urls.appUrl,
    PUBLIC_MARKETING_URL: urls.marketingUrl,
    PUBLIC_APP_VERSION: '0.2.9',
  }
  const result = WebConfigSchema.safeParse(raw)
  if (!result.success) {
    const keys = result.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new ConfigError(
      `Invalid configuration: ${keys} must be set when PUBLIC_APP_ENV is ${config.PUBLIC_APP_ENV}`,
    )
  }
  return result.data
}

/** The body of `/config.js`: one assignment the web app reads before it starts. */
export function renderWebConfigScript(webConfig: WebConfig): string {
  // JSON is valid JavaScript; escaping '<' keeps a value from closing a surrounding script tag.
  return `window.__APP_CONFIG__ = ${JSON.stringify(webConfig).replace(/</g, '\\u003c')};\n`
}
