import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { withTransaction } from '../../../platform/db/pool.ts'
import type { AuthContext } from '../auth-context.ts'
import type { AuthSettings, OidcProviderName, OidcProviderSettings } from '../auth-settings.ts'
import { AuthError, OAuthStyleError } from '../gotrue-errors.ts'
import { sessionMeta } from '../request-helpers.ts'
import {
  authenticateBearer,
  issueSession,
  requireAal2ForAccountChange,
  type SessionResponse,
} from '../sessions.service.ts'
import {
  CANONICAL_ISSUERS,
  IdTokenRejected,
  isProviderName,
  PROVIDER_NAMES,
  type ProviderProfile,
  verifyIdToken,
} from './oidc-id-token.ts'
import {
  linkProviderProfile,
  requireManualLinking,
  signInWithProviderProfile,
} from './provider-accounts.ts'

/**
 * POST /token?grant_type=id_token (protocol §1.4): a Google or Apple ID token the client got
 * natively (auth-js `signInWithIdToken`, or `linkIdentity({token})` with `link_identity`)
 * becomes a session of the user it names (amr `oauth`).
 */
const IdTokenGrantBody = z.looseObject({
  id_token: z.string().nullish(),
  access_token: z.string().nullish(),
  nonce: z.string().nullish(),
  provider: z.string().nullish(),
  client_id: z.string().nullish(),
  issuer: z.string().nullish(),
  link_identity: z.boolean().nullish(),
})

type EnabledProvider = { name: OidcProviderName; settings: OidcProviderSettings }

/**
 * A provider by name, enabled on this install: 400 `provider_disabled` when it is not
 * configured, 400 `validation_failed` for any provider other than Google and Apple.
 */
function enabledProvider(settings: AuthSettings, name: string): EnabledProvider {
  if (!isProviderName(name)) {
    throw new AuthError(400, 'validation_failed', `Custom OIDC provider "${name}" not allowed`)
  }
  const provider = settings.providers[name]
  if (!provider) {
    throw new AuthError(
      400,
      'provider_disabled',
      `Provider (issuer "${CANONICAL_ISSUERS[name]}") is not enabled`,
    )
  }
  return { name, settings: provider }
}

/** The deprecated `{client_id, issuer}` form names the provider by its issuer. */
function providerOfIssuer(settings: AuthSettings, issuer: string): string {
  const name = PROVIDER_NAMES.find(
    (candidate) =>
      CANONICAL_ISSUERS[candidate] === issuer ||
      settings.providers[candidate]?.issuers.includes(issuer),
  )
  return name ?? ''
}

/** The profile in a token, or the token's rejection in GoTrue's OAuth-style error. */
async function verifiedProfile(
  ctx: Pick<AuthContext, 'now'>,
  provider: EnabledProvider,
  idToken: string,
  options: { nonce?: string | null; accessToken?: string | null },
): Promise<ProviderProfile> {
  try {
    return await verifyIdToken(provider.name, provider.settings, idToken, {
      ...options,
      now: ctx.now(),
    })
  } catch (error) {
    if (error instanceof IdTokenRejected) {
      throw new OAuthStyleError(error.error, error.message)
    }
    throw error
  }
}

/** The bearer's user, who links a new sign-in method: aal2 when they have MFA on. */
async function linkingUser(ctx: AuthContext, authorization: string | undefined) {
  const signedIn = await authenticateBearer(ctx, authorization)
  requireManualLinking(ctx.settings)
  await requireAal2ForAccountChange(ctx.db, signedIn)
  return signedIn.user
}

export async function idTokenGrant(
  ctx: AuthContext,
  body: unknown,
  request: FastifyRequest,
): Promise<SessionResponse> {
  const input = IdTokenGrantBody.parse(body)
  if (!input.id_token) {
    throw new OAuthStyleError('invalid request', 'id_token required')
  }
  if (!input.provider && (!input.client_id || !input.issuer)) {
    throw new OAuthStyleError('invalid request', 'provider or client_id and issuer required')
  }
  // Linking acts for the bearer's user, so the bearer is checked before anything else.
  const linkingTarget = input.link_identity
    ? await linkingUser(ctx, request.headers.authorization)
    : null
  const provider = enabledProvider(
    ctx.settings,
    input.provider ?? providerOfIssuer(ctx.settings, input.issuer ?? ''),
  )
  const profile = await verifiedProfile(ctx, provider, input.id_token, {
    nonce: input.nonce,
    accessToken: input.access_token,
  })
  return withTransaction(ctx.db, async (tx) => {
    const now = ctx.now()
    const user = linkingTarget
      ? await linkProviderProfile(tx, linkingTarget, profile, { now })
      : await signInWithProviderProfile(tx, profile, {
          now,
          emailAutoconfirm: ctx.settings.emailAutoconfirm,
        })
    return issueSession(ctx, tx, user, 'oauth', sessionMeta(request))
  })
}
