import { createHash } from 'node:crypto'
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import type { OidcProviderName, OidcProviderSettings } from '../auth-settings.ts'

/**
 * Verification of a Google or Apple OpenID Connect ID token, as GoTrue's id_token grant does it
 * (protocol §1.4): the signature against the provider's published keys, the issuer, the expiry,
 * the audience (one of our client ids) and the nonce rule. The result is the provider's profile
 * in GoTrue's `identity_data` shape.
 *
 * Keys are fetched from the provider's JWKS URL by `jose`, which caches them (10 minutes) and
 * fetches again when a token names an unknown `kid` (at most every 30 s): that is how a key
 * rotation is picked up. One key set per provider settings object, so per server.
 */
export const PROVIDER_NAMES = ['google', 'apple'] as const satisfies OidcProviderName[]

/** The issuer each provider is known by, for requests that name an issuer instead. */
export const CANONICAL_ISSUERS: Record<OidcProviderName, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
}

export function isProviderName(name: string): name is OidcProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(name)
}

/** Who the provider says signed in. */
export type ProviderProfile = {
  provider: OidcProviderName
  /** The provider's stable user id (`sub`): the identity's provider_id. */
  subject: string
  email: string | null
  emailVerified: boolean
  /** GoTrue's identity_data: also merged into user_metadata. */
  identityData: Record<string, unknown>
}

/**
 * A token we refuse, with GoTrue's OAuth-style `error` ("invalid request" or "invalid nonce")
 * and description. Each caller turns it into its own error shape.
 */
export class IdTokenRejected extends Error {
  override name = 'IdTokenRejected'
  readonly error: string

  constructor(error: string, description: string, options?: { cause?: unknown }) {
    super(description, options)
    this.error = error
  }
}

const keySets = new WeakMap<OidcProviderSettings, ReturnType<typeof createRemoteJWKSet>>()

function keySetOf(provider: OidcProviderSettings) {
  let keySet = keySets.get(provider)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(provider.jwksUrl))
    keySets.set(provider, keySet)
  }
  return keySet
}

export type VerifyIdTokenOptions = {
  /** The raw nonce the client sent; the token carries its SHA-256 hex. */
  nonce?: string | null
  /** The provider's access token, checked against `at_hash` when both are present. */
  accessToken?: string | null
  now: Date
}

function sha256(text: string) {
  return createHash('sha256').update(text).digest()
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Google sends a boolean; Apple sometimes the string "true". */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true'
}

async function verifiedPayload(
  provider: OidcProviderSettings,
  idToken: string,
  now: Date,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keySetOf(provider), {
      issuer: provider.issuers,
      algorithms: ['RS256'],
      currentDate: now,
    })
    return payload
  } catch (error) {
    // The provider's key endpoint failing is our outage, not a bad token.
    if (!(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout) {
      throw error
    }
    throw new IdTokenRejected('invalid request', 'Bad ID token', { cause: error })
  }
}

function checkAudience(payload: JWTPayload, clientIds: string[]) {
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? [])
  if (!audiences.some((audience) => clientIds.includes(audience))) {
    throw new IdTokenRejected(
      'invalid request',
      `Unacceptable audience in id_token: [${audiences.join(' ')}]`,
    )
  }
}

/** A token with a nonce needs the raw nonce whose SHA-256 hex it is, and the reverse. */
function checkNonce(payload: JWTPayload, nonce: string | null | undefined) {
  const hashed = nonEmptyString(payload.nonce)
  if (Boolean(hashed) !== Boolean(nonce)) {
    throw new IdTokenRejected(
      'invalid request',
      'Passed nonce and nonce in id_token should either both exist or not.',
    )
  }
  if (nonce && sha256(nonce).toString('hex') !== hashed) {
    throw new IdTokenRejected('invalid nonce', 'Nonces mismatch')
  }
}

/** OIDC `at_hash`: the left half of the access token's SHA-256, base64url. */
function checkAccessTokenHash(payload: JWTPayload, accessToken: string | null | undefined) {
  const atHash = nonEmptyString(payload.at_hash)
  if (!accessToken || !atHash) {
    return
  }
  if (sha256(accessToken).subarray(0, 16).toString('base64url') !== atHash) {
    throw new IdTokenRejected('invalid request', 'Bad ID token')
  }
}

/** The profile GoTrue stores: empty claims left out, the deprecated aliases kept. */
function profileOf(name: OidcProviderName, subject: string, payload: JWTPayload): ProviderProfile {
  const email = nonEmptyString(payload.email) ?? null
  const emailVerified = email !== null && isTrue(payload.email_verified)
  const fullName = nonEmptyString(payload.name)
  const picture = nonEmptyString(payload.picture)
  const customClaims = Object.fromEntries(
    Object.entries({
      hd: payload.hd,
      is_private_email: payload.is_private_email,
      auth_time: payload.auth_time,
    }).filter(([, value]) => value !== undefined),
  )
  const identityData = Object.fromEntries(
    Object.entries({
      iss: payload.iss,
      sub: subject,
      name: fullName,
      full_name: fullName,
      picture,
      avatar_url: picture,
      email: email ?? undefined,
      email_verified: emailVerified,
      phone_verified: false,
      provider_id: subject,
      custom_claims: Object.keys(customClaims).length ? customClaims : undefined,
    }).filter(([, value]) => value !== undefined),
  )
  return { provider: name, subject, email, emailVerified, identityData }
}

export async function verifyIdToken(
  name: OidcProviderName,
  provider: OidcProviderSettings,
  idToken: string,
  options: VerifyIdTokenOptions,
): Promise<ProviderProfile> {
  const payload = await verifiedPayload(provider, idToken, options.now)
  checkAccessTokenHash(payload, options.accessToken)
  const subject = nonEmptyString(payload.sub)
  if (!subject) {
    throw new IdTokenRejected('invalid request', 'Missing sub claim in id_token')
  }
  checkAudience(payload, provider.clientIds)
  checkNonce(payload, options.nonce)
  return profileOf(name, subject, payload)
}
