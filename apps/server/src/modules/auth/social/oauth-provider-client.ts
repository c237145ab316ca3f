import { z } from 'zod'
import type { OidcProviderSettings } from '../auth-settings.ts'

/**
 * Our side of the OAuth 2.0 authorization-code flow with an OpenID provider (Google): the
 * consent URL we send the browser to, and the server-to-server exchange of the returned code
 * for the provider's tokens, authenticated with our client secret.
 */
export type RedirectCapableProvider = OidcProviderSettings & {
  authorizationUrl: string
  tokenUrl: string
  clientSecret: string
}

export function isRedirectCapable(
  provider: OidcProviderSettings | null,
): provider is RedirectCapableProvider {
  return Boolean(provider?.authorizationUrl && provider.tokenUrl && provider.clientSecret)
}

const BASE_SCOPES = ['openid', 'email', 'profile']

/** Parameters the flow itself sets, which the client's extra query parameters may not replace. */
const FLOW_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']

export function consentUrl(
  provider: RedirectCapableProvider,
  request: {
    redirectUri: string
    state: string
    /** Space-separated scopes the client asks for beyond the sign-in ones. */
    scopes: string | undefined
    /** The client's other query parameters (login_hint, prompt, access_type, …). */
    extraParams: Record<string, string>
  },
): string {
  const url = new URL(provider.authorizationUrl)
  const scopes = new Set([...BASE_SCOPES, ...(request.scopes ?? '').split(/\s+/).filter(Boolean)])
  for (const [key, value] of Object.entries(request.extraParams)) {
    if (!FLOW_PARAMS.includes(key)) {
      url.searchParams.set(key, value)
    }
  }
  url.searchParams.set('client_id', provider.clientIds[0] ?? '')
  url.searchParams.set('redirect_uri', request.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', [...scopes].join(' '))
  url.searchParams.set('state', request.state)
  return url.toString()
}

const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  id_token: z.string(),
})

export type ProviderTokens = { accessToken: string; refreshToken: string | null; idToken: string }

/** The token endpoint's answer for a code; throws when it refuses or answers nonsense. */
export async function exchangeCode(
  provider: RedirectCapableProvider,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  const response = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientIds[0] ?? '',
      client_secret: provider.clientSecret,
    }),
    signal: AbortSignal.timeout(5000),
  })
  if (!response.ok) {
    throw new Error(`The token endpoint answered ${response.status}: ${await response.text()}`)
  }
  const tokens = TokenResponse.parse(await response.json())
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    idToken: tokens.id_token,
  }
}
