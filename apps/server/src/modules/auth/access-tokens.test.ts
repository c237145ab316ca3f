import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createJwtKeys,
  legacyJwtKeys,
  loadOrCreateSigningKeys,
} from '../../platform/keys/signing-keys.ts'
import { type AccessTokenSubject, createAccessTokenSigner } from './access-tokens.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const ISSUER = 'http://127.0.0.1:3000/auth/v1'
const NOW = 1_800_000_000

const subject: AccessTokenSubject = {
  userId: '6f1c3a52-8f3e-4c7a-9d1e-2b4a5c6d7e8f',
  email: 'ada@example.com',
  phone: null,
  appMetadata: { provider: 'email', providers: ['email'] },
  userMetadata: { name: 'Ada Quinn' },
  isAnonymous: false,
  sessionId: '0b5d2c4e-1a3f-4e6b-8c7d-9e0f1a2b3c4d',
  aal: 'aal1',
  amr: [
    { method: 'password', timestamp: NOW - 100 },
    { method: 'totp', timestamp: NOW - 10 },
  ],
}

const expectedClaims = {
  sub: subject.userId,
  aud: 'authenticated',
  iss: ISSUER,
  iat: NOW,
  exp: NOW + 3600,
  email: 'ada@example.com',
  phone: '',
  role: 'authenticated',
  aal: 'aal1',
  session_id: subject.sessionId,
  is_anonymous: false,
  app_metadata: subject.appMetadata,
  user_metadata: subject.userMetadata,
  // Newest first, as GoTrue lists them.
  amr: [
    { method: 'totp', timestamp: NOW - 10 },
    { method: 'password', timestamp: NOW - 100 },
  ],
}

describe('access tokens', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'access-tokens-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('signs ES256 tokens that jose verifies against the published JWKS', async () => {
    const keys = await createJwtKeys(SECRET, await loadOrCreateSigningKeys(dataDir))
    const signer = createAccessTokenSigner(keys, ISSUER)
    const token = await signer.sign(subject, NOW)

    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: keys.signer.kid,
    })
    const { payload } = await jwtVerify(token, createLocalJWKSet(signer.jwks), {
      issuer: ISSUER,
      audience: 'authenticated',
      currentDate: new Date(NOW * 1000),
    })
    expect(payload).toEqual(expectedClaims)
    // A raw ECDSA signature of 64 bytes (r‖s), as JWS requires, not OpenSSL's DER.
    expect(Buffer.from(token.split('.')[2] ?? '', 'base64url')).toHaveLength(64)
    await expect(signer.verify(token, NOW)).resolves.toEqual({
      sub: subject.userId,
      session_id: subject.sessionId,
      role: 'authenticated',
    })
  })

  it('signs HS256 tokens with the legacy secret', async () => {
    const signer = createAccessTokenSigner(legacyJwtKeys(SECRET), ISSUER)
    const token = await signer.sign(subject, NOW)

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      currentDate: new Date(NOW * 1000),
    })
    expect(payload).toEqual(expectedClaims)
  })

  it('is refused once a byte of the payload changes', async () => {
    const keys = await createJwtKeys(SECRET, await loadOrCreateSigningKeys(dataDir))
    const signer = createAccessTokenSigner(keys, ISSUER)
    const [header, payload, signature] = (await signer.sign(subject, NOW)).split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
      'base64url',
    )
    await expect(signer.verify(`${header}.${forged}.${signature}`, NOW)).rejects.toMatchObject({
      status: 403,
      code: 'bad_jwt',
    })
  })
})
