import { type CryptoKey, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose'

/**
 * Verifies the JWTs this install trusts: access tokens and API keys. By default they are HS256
 * with the install's secret. Keys with a `kid` (asymmetric RS256/ES256 keys, or an HS256 secret
 * being rotated in) can be added beside it, so moving to published asymmetric keys later
 * changes configuration, not every caller: a token naming a known `kid` is checked with that key
 * and its algorithm; a token without one with the install's secret.
 */
export type VerificationKey = {
  kid: string
  alg: 'HS256' | 'RS256' | 'ES256'
  key: CryptoKey | Uint8Array
}

export type JwtVerifier = (token: string, options?: { currentDate?: Date }) => Promise<JWTPayload>

/** Why a token was refused, in words fit for an error message. */
export function describeJwtFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) {
    return 'token is expired'
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JOSEAlgNotAllowed) {
    return 'no key matches the token'
  }
  return 'unable to parse or verify signature'
}

export function createJwtVerifier(secret: string, keys: VerificationKey[] = []): JwtVerifier {
  const secretKey = new TextEncoder().encode(secret)
  const byKid = new Map(keys.map((key) => [key.kid, key]))
  const getKey: JWTVerifyGetKey = (header) => {
    const named = header.kid ? byKid.get(header.kid) : undefined
    if (named) {
      if (named.alg !== header.alg) {
        throw new errors.JOSEAlgNotAllowed('the token algorithm does not match its key')
      }
      return named.key
    }
    if (header.alg === 'HS256') {
      return secretKey
    }
    throw new errors.JWKSNoMatchingKey()
  }
  return async (token, options = {}) => {
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: ['HS256', 'RS256', 'ES256'],
      currentDate: options.currentDate,
    })
    return payload
  }
}
