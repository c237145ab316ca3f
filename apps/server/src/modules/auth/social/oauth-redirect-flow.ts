import type { FastifyRequest } from 'fastify'
import { type Queryable, withTransaction } from '../../../platform/db/pool.ts'
import type { AuthContext } from '../auth-context.ts'
import type { AuthSettings } from '../auth-settings.ts'
import { AuthError, OAuthStyleError } from '../gotrue-errors.ts'
import { FLOW_STATE_LIFETIME_MS, issueAuthCode, readCodeChallenge } from '../pkce.ts'
import {
  type RedirectError,
  redirectWithCode,
  redirectWithError,
  redirectWithSession,
  resolveRedirect,
} from '../redirects.ts'
import { queryParam, sessionMeta } from '../request-helpers.ts'
import { issueSession, type SessionResponse } from '../sessions.service.ts'
import * as users from '../users.repository.ts'
import type { UserRow } from '../users.repository.ts'
import {
  deleteOAuthFlow,
  findOAuthFlow,
  insertOAuthFlow,
  type OAuthFlowRow,
} from './oauth-flows.ts'
import {
  consentUrl,
  exchangeCode,
  isRedirectCapable,
  type ProviderTokens,
  type RedirectCapableProvider,
} from './oauth-provider-client.ts'
import {
  IdTokenRejected,
  isProviderName,
  type ProviderProfile,
  verifyIdToken,
} from './oidc-id-token.ts'
import { linkProviderProfile, signInWithProviderProfile } from './provider-accounts.ts'

/**
 * OAuth redirect sign-in with Google (protocol §1.4), what auth-js `signInWithOAuth` and
 * `linkIdentity({provider})` start:
 *
 * 1. GET /authorize (or GET /user/identities/authorize for the signed-in user, linking) stores
 *    a flow state and sends the browser to the provider's consent page, the state as `state`.
 * 2. The provider sends the browser to GET|POST /callback with a code (or an error). We
 *    exchange the code with our client secret, verify the ID token that comes back like the
 *    id_token grant does, sign the user in (or link), and send the browser to the flow's
 *    redirect with `?code=` (PKCE) or the session in the fragment (implicit), or with
 *    `error`, `error_code` and `error_description`.
 */
const CLIENT_PARAMS = [
  'provider',
  'scopes',
  'redirect_to',
  'code_challenge',
  'code_challenge_method',
  'skip_http_redirect',
]

function callbackUrl(settings: AuthSettings) {
  return `${settings.externalUrl}/callback`
}

function redirectProvider(settings: AuthSettings, name: string): RedirectCapableProvider {
  if (!isProviderName(name)) {
    throw new AuthError(
      400,
      'validation_failed',
      `Unsupported provider: Provider ${name} could not be found`,
    )
  }
  const provider = settings.providers[name]
  if (!isRedirectCapable(provider)) {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled')
  }
  return provider
}

/** The client's own query parameters, passed on to the provider (login_hint, prompt, …). */
function extraParams(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !CLIENT_PARAMS.includes(entry[0]),
    ),
  )
}

/** Step 1: the flow state, and the provider's consent URL carrying it. */
export async function startOAuthFlow(
  ctx: AuthContext,
  request: FastifyRequest,
  linkingUserId: string | null,
): Promise<string> {
  const query = (request.query ?? {}) as Record<string, unknown>
  const name = queryParam(request, 'provider') ?? ''
  const provider = redirectProvider(ctx.settings, name)
  const challenge = readCodeChallenge(query)
  const flow = await insertOAuthFlow(ctx.db, {
    provider: name,
    challenge,
    redirectTo: resolveRedirect(
      queryParam(request, 'redirect_to') ?? request.headers.referer,
      ctx.settings,
    ),
    linkingUserId,
    now: ctx.now(),
  })
  return consentUrl(provider, {
    redirectUri: callbackUrl(ctx.settings),
    state: flow.id,
    scopes: queryParam(request, 'scopes'),
    extraParams: extraParams(query),
  })
}

/** Unused, and within its lifetime: a state can complete one sign-in, for 5 minutes. */
function isOpen(flow: OAuthFlowRow, now: Date) {
  return (
    flow.auth_code_issued_at === null &&
    now.getTime() - flow.created_at.getTime() <= FLOW_STATE_LIFETIME_MS
  )
}

function invalidState() {
  return new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state')
}

/** GoTrue's OAuth `error` for a failure (its getErrorQueryString). */
function redirectErrorOf(error: unknown, request: FastifyRequest): RedirectError {
  if (error instanceof OAuthStyleError) {
    // The provider's own error (access_denied when the person declined), passed on.
    return { error: error.code, code: error.code, description: error.message }
  }
  if (error instanceof AuthError) {
    const refused = ['signup_disabled', 'user_banned', 'provider_email_needs_verification']
    const byStatus: Record<number, string> = {
      400: 'invalid_request',
      401: 'unauthorized_client',
      403: 'access_denied',
      500: 'server_error',
      503: 'temporarily_unavailable',
    }
    return {
      error: refused.includes(error.code)
        ? 'access_denied'
        : (byStatus[error.status] ?? 'server_error'),
      code: error.code,
      description: error.message,
    }
  }
  request.log.error({ err: error }, 'oauth callback failed')
  return {
    error: 'server_error',
    code: 'unexpected_failure',
    description: 'Unexpected failure, please check server logs',
  }
}

/** The implicit flow's fragment, with the provider's tokens as GoTrue adds them. */
function redirectWithOAuthSession(
  redirectTo: string,
  session: SessionResponse,
  tokens: ProviderTokens,
): string {
  const url = new URL(redirectWithSession(redirectTo, session, 'oauth'))
  const params = new URLSearchParams(url.hash.slice(1))
  // GoTrue's OAuth redirect names no link type.
  params.delete('type')
  params.set('provider_token', tokens.accessToken)
  if (tokens.refreshToken) {
    params.set('provider_refresh_token', tokens.refreshToken)
  }
  params.sort()
  url.hash = params.toString()
  return url.toString()
}

/** The provider's profile from the code the browser brought back. */
async function profileFromCode(
  ctx: AuthContext,
  request: FastifyRequest,
  flow: OAuthFlowRow,
  code: string,
): Promise<{ profile: ProviderProfile; tokens: ProviderTokens }> {
  const name = flow.provider_type
  const provider = isProviderName(name) ? ctx.settings.providers[name] : null
  if (!isProviderName(name) || !isRedirectCapable(provider)) {
    throw new AuthError(
      400,
      'oauth_provider_not_supported',
      'Unsupported provider: provider is not enabled',
    )
  }
  let tokens: ProviderTokens
  try {
    tokens = await exchangeCode(provider, code, callbackUrl(ctx.settings))
  } catch (error) {
    request.log.warn({ err: error }, 'oauth code exchange failed')
    throw new AuthError(500, 'unexpected_failure', 'Unable to exchange external code')
  }
  try {
    const profile = await verifyIdToken(name, provider, tokens.idToken, {
      accessToken: tokens.accessToken,
      now: ctx.now(),
    })
    return { profile, tokens }
  } catch (error) {
    request.log.warn({ err: error }, 'the provider returned an unusable ID token')
    if (error instanceof IdTokenRejected) {
      throw new AuthError(
        500,
        'unexpected_failure',
        'Error getting user profile from external provider',
      )
    }
    throw error
  }
}

async function linkingTarget(tx: Queryable, flow: OAuthFlowRow): Promise<UserRow> {
  const target = flow.linking_user_id ? await users.findUserById(tx, flow.linking_user_id) : null
  if (!target) {
    throw new AuthError(422, 'user_not_found', 'Linking target user not found')
  }
  return target
}

/** Step 2 once the state checked out: the redirect carrying the session or code. */
async function completeFlow(
  ctx: AuthContext,
  request: FastifyRequest,
  flow: OAuthFlowRow,
  params: Record<string, string | undefined>,
): Promise<string> {
  const redirectTo = flow.redirect_to ?? ctx.settings.siteUrl
  if (params.error) {
    throw new OAuthStyleError(params.error, params.error_description ?? '')
  }
  if (!params.code) {
    throw new AuthError(
      400,
      'bad_oauth_callback',
      'OAuth callback with missing authorization code missing',
    )
  }
  const { profile, tokens } = await profileFromCode(ctx, request, flow, params.code)
  return withTransaction(ctx.db, async (tx) => {
    const now = ctx.now()
    // Locked and checked again: two callbacks with one state must not both sign in.
    const locked = await findOAuthFlow(tx, flow.id, { lock: true })
    if (!locked || !isOpen(locked, now)) {
      throw invalidState()
    }
    const user = flow.linking_user_id
      ? await linkProviderProfile(tx, await linkingTarget(tx, flow), profile, { now })
      : await signInWithProviderProfile(tx, profile, {
          now,
          emailAutoconfirm: ctx.settings.emailAutoconfirm,
        })
    if (flow.code_challenge !== null) {
      await issueAuthCode(tx, flow.id, {
        userId: user.id,
        now,
        providerAccessToken: tokens.accessToken,
        providerRefreshToken: tokens.refreshToken,
      })
      return redirectWithCode(redirectTo, flow.auth_code)
    }
    await deleteOAuthFlow(tx, flow.id)
    const session = await issueSession(ctx, tx, user, 'oauth', sessionMeta(request))
    return redirectWithOAuthSession(redirectTo, session, tokens)
  })
}

/** The callback's parameters: the query, and for POST (form_post providers) the form too. */
function callbackParams(request: FastifyRequest): Record<string, string | undefined> {
  const form = request.method === 'POST' ? request.body : undefined
  const merged = { ...(request.query as object), ...(typeof form === 'object' ? form : {}) }
  return Object.fromEntries(
    Object.entries(merged).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}

/** Step 2: where the callback sends the browser, and with which redirect status. */
export async function completeOAuthCallback(ctx: AuthContext, request: FastifyRequest) {
  const params = callbackParams(request)
  const stateFailure = (failure: AuthError) => ({
    status: 303,
    location: redirectWithError(ctx.settings.siteUrl, redirectErrorOf(failure, request), true),
  })
  if (!params.state) {
    return stateFailure(new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing'))
  }
  const flow = await findOAuthFlow(ctx.db, params.state, { lock: false })
  if (!flow || !isOpen(flow, ctx.now())) {
    return stateFailure(invalidState())
  }
  try {
    return { status: 302, location: await completeFlow(ctx, request, flow, params) }
  } catch (error) {
    const redirectTo = flow.redirect_to ?? ctx.settings.siteUrl
    const pkce = flow.code_challenge !== null
    return {
      status: 302,
      location: redirectWithError(redirectTo, redirectErrorOf(error, request), pkce),
    }
  }
}
