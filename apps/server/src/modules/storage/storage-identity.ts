import { errors } from 'jose'
import { createJwtVerifier, type VerificationKey } from '../../platform/keys/jwt-verification.ts'
import type { CheckSession } from '../../platform/session-check.ts'
import { API_ROLES, type ApiRole, type RequestIdentity } from '../rest/index.ts'
import { StorageError, storageErrors } from './storage-errors.ts'

/**
 * Who a Storage request acts as (protocol §3.1): the bearer JWT, verified with the install's
 * keys; its `role` becomes the database role and its claims `request.jwt.claims`, so row-level
 * security on `storage.objects` decides. Unlike /rest/v1, a missing or bad token is refused
 * (Storage's `AccessDenied`, worded as the real service's JWT library words it: a missing one
 * is "Invalid Compact JWS"); supabase-js always sends at least the anon key. The identity type and the set of roles a
 * token may assume are /rest/v1's, and so is the transaction that applies them.
 */
export const SERVICE_IDENTITY: RequestIdentity = {
  role: 'service_role',
  claims: { role: 'service_role' },
  authenticated: true,
}

function isApiRole(role: unknown): role is ApiRole {
  return (API_ROLES as readonly unknown[]).includes(role)
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) {
    return 'jwt expired'
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'invalid signature'
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JWKSNoMatchingKey) {
    return 'invalid algorithm'
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `jwt ${error.claim} invalid`
  }
  return 'jwt malformed'
}

const BEARER = /^bearer\s+(\S+)$/i
/**
 * Tokens whose signature was checked, kept (at most this many, oldest dropped first) so a
 * client's next request skips the signature check (an ES256 verify is ~1 ms); a kept token is
 * still refused once it expires, and its session is checked on every request.
 */
const VERIFIED_TOKENS_KEPT = 1000

/**
 * `checkSession` then asks whether a user's token may still reach data (its session alive, aal2
 * when the user has a verified factor); a refused one gets the check's status and code.
 */
export function createStorageIdentityResolver(
  jwtSecret: string,
  now: () => Date,
  checkSession?: CheckSession,
  verificationKeys: VerificationKey[] = [],
) {
  const verify = createJwtVerifier(jwtSecret, verificationKeys)
  const verified = new Map<string, Record<string, unknown>>()

  /** The token's claims: verified once, then from the cache until the token expires. */
  async function claimsOf(token: string): Promise<Record<string, unknown>> {
    const currentDate = now()
    const known = verified.get(token)
    if (known) {
      const { exp } = known
      if (typeof exp !== 'number' || exp > currentDate.getTime() / 1000) {
        return known
      }
      verified.delete(token) // expired: verified again below, which answers "jwt expired"
    }
    let claims: Record<string, unknown>
    try {
      claims = await verify(token, { currentDate })
    } catch (error) {
      throw storageErrors.accessDenied(describeFailure(error))
    }
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      verified.delete(verified.keys().next().value ?? '')
    }
    verified.set(token, claims)
    return claims
  }

  return async function identify(authorization: string | undefined): Promise<RequestIdentity> {
    const token = BEARER.exec(authorization?.trim() ?? '')?.[1]
    if (!token) {
      throw storageErrors.accessDenied('Invalid Compact JWS')
    }
    const claims = await claimsOf(token)
    const role = claims.role ?? 'anon'
    if (!isApiRole(role)) {
      throw storageErrors.accessDenied(`role ${JSON.stringify(role)} is not allowed`)
    }
    const refusal = await checkSession?.(claims)
    if (refusal) {
      throw new StorageError(refusal.status, refusal.code, refusal.message, {
        error: refusal.status === 401 ? 'Unauthorized' : 'Forbidden',
        httpStatus: refusal.status,
      })
    }
    return { role, claims, authenticated: role !== 'anon' }
  }
}

/** The user a token speaks for (`sub`), stored as the object's owner. */
export function ownerOf(identity: RequestIdentity): string | null {
  const sub = identity.claims.sub
  return typeof sub === 'string' && sub !== '' ? sub : null
}
