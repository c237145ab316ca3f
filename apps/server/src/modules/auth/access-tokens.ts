import { type JWK, type JWTPayload, SignJWT } from 'jose'
import { createJwtVerifier, describeJwtFailure } from '../../platform/keys/jwt-verification.ts'
import type { JwtKeys } from '../../platform/keys/signing-keys.ts'
import { AuthError } from './gotrue-errors.ts'

/**
 * Access tokens: JWTs carrying GoTrue's claims (protocol §1.3) so PostgREST-style row-level
 * security and auth-js read them unchanged. By default ES256, signed with the install's current
 * signing key and naming it in `kid` (ADR 0030), so auth-js `getClaims()` verifies them against
 * the published JWKS; HS256 with the legacy secret when `AUTH_JWT_SIGNING_ALGORITHM=HS256`.
 * Any token signed by a key of the set (the legacy secret included) verifies.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600

export type AmrEntry = { method: string; timestamp: number }

export type AccessTokenSubject = {
  userId: string
  email: string | null
  phone: string | null
  appMetadata: Record<string, unknown>
  userMetadata: Record<string, unknown>
  isAnonymous: boolean
  sessionId: string
  aal: string
  amr: AmrEntry[]
}

export type AccessTokenClaims = {
  sub: string
  session_id: string
  role: string
}

export type AccessTokenSigner = {
  issuer: string
  /** The public keys that verify this install's tokens (`/.well-known/jwks.json`). */
  jwks: { keys: JWK[] }
  sign: (subject: AccessTokenSubject, nowSeconds: number) => Promise<string>
  /** The claims of a valid user access token; 403 `bad_jwt` for a bad signature, expiry or shape. */
  verify: (token: string, nowSeconds: number) => Promise<AccessTokenClaims>
  /** The payload of any JWT this install trusts (API keys too); 403 `bad_jwt` otherwise. */
  verifyJwt: (token: string, nowSeconds: number) => Promise<JWTPayload>
  /** The `role` of any valid token signed with the install's key, API keys included. */
  verifyRole: (token: string, nowSeconds: number) => Promise<string | null>
}

/** `issuer` is the Auth service's external URL, `<app URL>/auth/v1`. */
export function createAccessTokenSigner(keys: JwtKeys, issuer: string): AccessTokenSigner {
  const { signer } = keys
  const header = signer.kid
    ? { alg: signer.alg, typ: 'JWT', kid: signer.kid }
    : { alg: signer.alg, typ: 'JWT' }

  const verifyToken = createJwtVerifier(keys.secret, keys.verificationKeys)

  async function verifyJwt(token: string, nowSeconds: number) {
    try {
      return await verifyToken(token, { currentDate: new Date(nowSeconds * 1000) })
    } catch (error) {
      throw new AuthError(403, 'bad_jwt', `invalid JWT: ${describeJwtFailure(error)}`)
    }
  }

  return {
    issuer,
    jwks: keys.jwks,
    sign: (subject, nowSeconds) =>
      new SignJWT({
        email: subject.email ?? '',
        phone: subject.phone ?? '',
        app_metadata: subject.appMetadata,
        user_metadata: subject.userMetadata,
        role: 'authenticated',
        aal: subject.aal,
        amr: [...subject.amr].sort((a, b) => b.timestamp - a.timestamp),
        session_id: subject.sessionId,
        is_anonymous: subject.isAnonymous,
      })
        .setProtectedHeader(header)
        .setSubject(subject.userId)
        .setAudience('authenticated')
        .setIssuer(issuer)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_LIFETIME_SECONDS)
        .sign(signer.key),
    verifyJwt,
    verifyRole: async (token, nowSeconds) => {
      const payload = await verifyJwt(token, nowSeconds)
      return typeof payload.role === 'string' ? payload.role : null
    },
    verify: async (token, nowSeconds) => {
      const payload = await verifyJwt(token, nowSeconds)
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.session_id !== 'string' ||
        typeof payload.role !== 'string'
      ) {
        throw new AuthError(403, 'bad_jwt', 'invalid JWT: the token is not a user access token')
      }
      return { sub: payload.sub, session_id: payload.session_id, role: payload.role }
    },
  }
}
