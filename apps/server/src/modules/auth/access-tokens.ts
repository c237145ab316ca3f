import { errors, jwtVerify, SignJWT } from 'jose'
import { AuthError } from './gotrue-errors.ts'

/**
 * Access tokens: HS256 JWTs signed with the install's secret, carrying GoTrue's claims
 * (protocol §1.3) so PostgREST-style row-level security and auth-js read them unchanged.
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
  sign: (subject: AccessTokenSubject, nowSeconds: number) => Promise<string>
  /** The claims of a valid token; 403 `bad_jwt` for a bad signature, expiry or shape. */
  verify: (token: string, nowSeconds: number) => Promise<AccessTokenClaims>
}

/** `issuer` is the Auth service's external URL, `<app URL>/auth/v1`. */
export function createAccessTokenSigner(jwtSecret: string, issuer: string): AccessTokenSigner {
  const key = new TextEncoder().encode(jwtSecret)
  return {
    issuer,
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
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.userId)
        .setAudience('authenticated')
        .setIssuer(issuer)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_LIFETIME_SECONDS)
        .sign(key),
    verify: async (token, nowSeconds) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowSeconds * 1000),
        })
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.session_id !== 'string' ||
          typeof payload.role !== 'string'
        ) {
          throw new AuthError(403, 'bad_jwt', 'invalid JWT: the token is not a user access token')
        }
        return { sub: payload.sub, session_id: payload.session_id, role: payload.role }
      } catch (error) {
        if (error instanceof AuthError) {
          throw error
        }
        const reason =
          error instanceof errors.JWTExpired ? 'token is expired' : 'unable to parse or verify'
        throw new AuthError(403, 'bad_jwt', `invalid JWT: ${reason}`)
      }
    },
  }
}
