import { randomUUID } from 'node:crypto'
import { errors, SignJWT } from 'jose'
import { createJwtVerifier } from '../../platform/keys/jwt-verification.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * The tokens of signed URLs (protocol §3.2): HS256 JWTs signed with the install's secret,
 * naming exactly one object, `url: "<bucket>/<name>"`, with an expiry. A download token lets
 * anyone holding it read that object until it expires (the product signs for 24 h); an upload
 * token lets them write it, as the `owner` who asked for it and with their `upsert` choice.
 * Each token carries its purpose so one kind is never accepted for the other, and an access
 * token or API key (no `url`) is never accepted as either. An upload token also carries an id
 * (`jti`): it works once (the write spends it, `consumeUploadToken`), and for 2 hours at most.
 * A download token lives from 1 second to `MAX_SIGNED_URL_SECONDS` (7 days).
 */
export type UploadGrant = { owner: string | null; upsert: boolean }

/** An upload token as verified: its grant, and the id and expiry under which it is spent. */
export type VerifiedUpload = UploadGrant & { tokenId: string; expiresAt: Date }

/** The longest a signed download URL may work: 7 days (the product signs for 24 hours). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type SignedUrlTokens = {
  signDownload: (bucket: string, name: string, expiresInSeconds: number) => Promise<string>
  signUpload: (bucket: string, name: string, grant: UploadGrant) => Promise<string>
  /** The token's expiry; refuses a bad, expired or other object's token. */
  verifyDownload: (token: string, bucket: string, name: string) => Promise<Date>
  verifyUpload: (token: string, bucket: string, name: string) => Promise<VerifiedUpload>
}

type Purpose = 'download' | 'upload'

/** How long a download URL may work, in whole seconds, from 1 to 7 days' worth. */
export function checkedSignedUrlLifetime(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw storageErrors.invalidRequest(
      `expiresIn must be a whole number of seconds from 1 to ${MAX_SIGNED_URL_SECONDS} (7 days)`,
    )
  }
  return seconds
}

export function createSignedUrlTokens(options: {
  jwtSecret: string
  now: () => Date
  uploadLifetimeSeconds: number
}): SignedUrlTokens {
  const key = new TextEncoder().encode(options.jwtSecret)
  const verifyJwt = createJwtVerifier(options.jwtSecret)
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000)

  function sign(claims: Record<string, unknown>, expiresInSeconds: number) {
    const issuedAt = nowSeconds()
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .sign(key)
  }

  async function verify(token: string, purpose: Purpose, bucket: string, name: string) {
    let claims
    try {
      claims = await verifyJwt(token, { currentDate: options.now() })
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw storageErrors.expiredToken()
      }
      throw storageErrors.invalidJwt(
        error instanceof errors.JWSSignatureVerificationFailed
          ? 'invalid signature'
          : 'jwt malformed',
      )
    }
    if (claims.url !== `${bucket}/${name}` || claims.purpose !== purpose) {
      throw storageErrors.invalidSignature()
    }
    return claims
  }

  return {
    signDownload: (bucket, name, expiresInSeconds) =>
      sign(
        { url: `${bucket}/${name}`, purpose: 'download' },
        checkedSignedUrlLifetime(expiresInSeconds),
      ),
    signUpload: (bucket, name, grant) =>
      sign(
        {
          url: `${bucket}/${name}`,
          purpose: 'upload',
          owner: grant.owner,
          upsert: grant.upsert,
          jti: randomUUID(),
        },
        options.uploadLifetimeSeconds,
      ),
    verifyDownload: async (token, bucket, name) => {
      const claims = await verify(token, 'download', bucket, name)
      return new Date((claims.exp ?? 0) * 1000)
    },
    verifyUpload: async (token, bucket, name) => {
      const claims = await verify(token, 'upload', bucket, name)
      if (typeof claims.jti !== 'string' || !UUID.test(claims.jti)) {
        throw storageErrors.invalidSignature() // signed before upload URLs became single-use
      }
      return {
        owner: typeof claims.owner === 'string' ? claims.owner : null,
        upsert: claims.upsert === true,
        tokenId: claims.jti,
        expiresAt: new Date((claims.exp ?? 0) * 1000),
      }
    },
  }
}

/** The `token` query parameter of a signed URL; a repeated or missing one is no token. */
export function tokenOf(query: { token?: unknown }): string {
  return typeof query.token === 'string' ? query.token : ''
}
