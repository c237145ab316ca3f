import { errors, SignJWT } from 'jose'
import { createJwtVerifier } from '../../platform/keys/jwt-verification.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * The tokens of signed URLs (protocol §3.2): HS256 JWTs signed with the install's secret,
 * naming exactly one object, `url: "<bucket>/<name>"`, with an expiry. A download token lets
 * anyone holding it read that object until it expires (the product signs for 24 h); an upload
 * token lets them write it, as the `owner` who asked for it and with their `upsert` choice.
 * Each token carries its purpose so one kind is never accepted for the other, and an access
 * token or API key (no `url`) is never accepted as either.
 */
export type UploadGrant = { owner: string | null; upsert: boolean }

export type SignedUrlTokens = {
  signDownload: (bucket: string, name: string, expiresInSeconds: number) => Promise<string>
  signUpload: (bucket: string, name: string, grant: UploadGrant) => Promise<string>
  /** The token's expiry; refuses a bad, expired or other object's token. */
  verifyDownload: (token: string, bucket: string, name: string) => Promise<Date>
  verifyUpload: (token: string, bucket: string, name: string) => Promise<UploadGrant>
}

type Purpose = 'download' | 'upload'

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
      sign({ url: `${bucket}/${name}`, purpose: 'download' }, expiresInSeconds),
    signUpload: (bucket, name, grant) =>
      sign(
        { url: `${bucket}/${name}`, purpose: 'upload', owner: grant.owner, upsert: grant.upsert },
        options.uploadLifetimeSeconds,
      ),
    verifyDownload: async (token, bucket, name) => {
      const claims = await verify(token, 'download', bucket, name)
      return new Date((claims.exp ?? 0) * 1000)
    },
    verifyUpload: async (token, bucket, name) => {
      const claims = await verify(token, 'upload', bucket, name)
      return {
        owner: typeof claims.owner === 'string' ? claims.owner : null,
        upsert: claims.upsert === true,
      }
    },
  }
}
