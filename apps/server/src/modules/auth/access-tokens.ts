import { createHmac, sign as signWithKey } from 'node:crypto'
import type { JWK, JWTPayload } from 'jose'
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
  const header: Record<string, string> = signer.kid
    ? { alg: signer.alg, typ: 'JWT', kid: signer.kid }
    : { alg: signer.alg, typ: 'JWT' }
  const signCompact = compactSigner(signer, header)

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
    sign: async (subject, nowSeconds) =>
      signCompact({
        email: subject.email ?? '',
        phone: subject.phone ?? '',
        app_metadata: subject.appMetadata,
        user_metadata: subject.userMetadata,
        role: 'authenticated',
        aal: subject.aal,
        amr: [...subject.amr].sort((a, b) => b.timestamp - a.timestamp),
        session_id: subject.sessionId,
        is_anonymous: subject.isAnonymous,
        sub: subject.userId,
        aud: 'authenticated',
        iss: issuer,
        iat: nowSeconds,
        exp: nowSeconds + ACCESS_TOKEN_LIFETIME_SECONDS,
      }),
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

/**
 * Signs a JWT in compact form (RFC 7515: base64url header, payload and signature, joined by
 * dots) with node:crypto, synchronously. jose signs through WebCrypto, whose job machinery
 * (algorithm normalisation, structured clones, a promise per call) cost ~100 µs of CPU per
 * token here, more than the ECDSA signature itself: 15% of a refresh grant (issue 21). Tokens
 * are still verified with jose (`jwt-verification.ts`), which proves every token signed here.
 */
function compactSigner(
  signer: JwtKeys['signer'],
  header: Record<string, string>,
): (payload: Record<string, unknown>) => string {
  const encodedHeader = Buffer.from(JSON.stringify(header)).toString('base64url')
  const signature: (input: string) => Buffer =
    signer.alg === 'ES256'
      ? // JWS wants r‖s (IEEE P1363), not the DER sequence OpenSSL writes by default.
        (input) =>
          signWithKey('sha256', Buffer.from(input), { key: signer.key, dsaEncoding: 'ieee-p1363' })
      : (input) => createHmac('sha256', signer.key).update(input).digest()
  return (payload) => {
    const input = `${encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
    return `${input}.${signature(input).toString('base64url')}`
  }
}
