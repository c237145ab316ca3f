import type { AuthSettings } from './auth-settings.ts'
import type { SessionResponse } from './sessions.service.ts'

/**
 * Where a browser may be sent back to after an emailed link or an OAuth sign-in, and how the
 * result travels (protocol §1.4, GET /verify): tokens in the URL fragment (implicit flow), a
 * single-use `?code=` (PKCE), or `error`, `error_code` and `error_description`.
 *
 * A redirect is allowed when it has the site URL's host (any port for loopback hosts, as dev
 * servers move around) or matches an allow-list pattern, where `*` matches within one path
 * segment or host label and `**` matches anything. Anything else falls back to the site URL:
 * otherwise a crafted link could deliver a user's tokens to someone else's site.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function parseUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
}

/** A pattern of the allow list as a regular expression over the whole URL. */
export function allowListPatternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map(escapeRegExp).join('[^./]*'))
    .join('.*')
  return new RegExp(`^${source}$`)
}

export function isAllowedRedirect(candidate: string, settings: AuthSettings): boolean {
  const url = parseUrl(candidate)
  if (!url) {
    return false
  }
  const site = parseUrl(settings.siteUrl)
  if (site && url.protocol === site.protocol) {
    const loopback = LOOPBACK_HOSTS.has(url.hostname) && LOOPBACK_HOSTS.has(site.hostname)
    if (loopback || url.host === site.host) {
      return true
    }
  }
  return settings.redirectAllowList.some((pattern) =>
    allowListPatternToRegExp(pattern).test(candidate),
  )
}

/** The requested redirect when it is allowed, else the site URL. */
export function resolveRedirect(candidate: string | null | undefined, settings: AuthSettings) {
  return candidate && isAllowedRedirect(candidate, settings) ? candidate : settings.siteUrl
}

function withFragment(redirectTo: string, params: Record<string, string>): string {
  const url = new URL(redirectTo)
  const sorted = Object.keys(params)
    .sort()
    .map((key): [string, string] => [key, params[key] ?? ''])
  url.hash = new URLSearchParams(sorted).toString()
  return url.toString()
}

/** Implicit flow: the session in the fragment, keys sorted, `sb` marking Supabase Auth. */
export function redirectWithSession(
  redirectTo: string,
  session: SessionResponse,
  type: string,
): string {
  return withFragment(redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })
}

/** PKCE flow: the single-use auth code the client exchanges at /token?grant_type=pkce. */
export function redirectWithCode(redirectTo: string, authCode: string): string {
  const url = new URL(redirectTo)
  url.searchParams.set('code', authCode)
  return url.toString()
}

export type RedirectError = {
  /** OAuth error: invalid_request (400), access_denied (403), unauthorized_client, server_error. */
  error: string
  code: string
  description: string
}

/** An error for the client to show: in the fragment, and also the query for PKCE clients. */
export function redirectWithError(redirectTo: string, failure: RedirectError, pkce: boolean) {
  const params = {
    error: failure.error,
    error_code: failure.code,
    error_description: failure.description,
  }
  const url = new URL(withFragment(redirectTo, { ...params, sb: '' }))
  if (pkce) {
    for (const [key, value] of Object.entries(params)) {
      url.searchParams.set(key, value)
    }
  }
  return url.toString()
}
