export interface SessionTokens {
  accessToken: string
  refreshToken: string
}

/**
 * Reads the session that auth links put in the URL hash (`#access_token=…&refresh_token=…`, as
 * the auth server redirects). Returns null unless both tokens are present and non-empty.
 */
export function readSessionTokens(hash: string): SessionTokens | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash)
  const accessToken = params.get('access_token')
  const refreshToken = params.get('refresh_token')
  if (!accessToken || !refreshToken) {
    return null
  }
  return { accessToken, refreshToken }
}

/** The hash parameters that are credentials (the session's, and a provider's when sent). */
const TOKEN_PARAMS = ['access_token', 'refresh_token', 'provider_token', 'provider_refresh_token']

/** Whether a URL hash holds any credential, even an incomplete or empty one. */
export function holdsSessionTokens(hash: string): boolean {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash)
  return TOKEN_PARAMS.some((name) => params.has(name))
}
