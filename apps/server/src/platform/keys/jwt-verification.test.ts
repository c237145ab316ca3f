import { generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createJwtVerifier, describeJwtFailure } from './jwt-verification.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'

function hs256(secret: string, header: Record<string, string> = {}) {
  return new SignJWT({ role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', ...header })
    .setSubject('user-1')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret))
}

describe('JWT verification', () => {
  it('accepts HS256 tokens signed with the install secret, with or without a kid', async () => {
    const verify = createJwtVerifier(SECRET)
    await expect(verify(await hs256(SECRET))).resolves.toMatchObject({ sub: 'user-1' })
    await expect(verify(await hs256(SECRET, { kid: 'legacy' }))).resolves.toMatchObject({
      sub: 'user-1',
    })
  })

  it('refuses another secret, and says why', async () => {
    const verify = createJwtVerifier(SECRET)
    const error = await verify(await hs256('another-secret-of-thirty-two-characters')).catch(
      (caught: unknown) => caught,
    )
    expect(describeJwtFailure(error)).toBe('unable to parse or verify signature')
  })

  it('checks a token naming a known kid with that key and its algorithm', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256')
    const verify = createJwtVerifier(SECRET, [{ kid: 'es-1', alg: 'ES256', key: publicKey }])
    const token = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1' })
      .setSubject('user-2')
      .setExpirationTime('1h')
      .sign(privateKey)
    await expect(verify(token)).resolves.toMatchObject({ sub: 'user-2' })

    const unknownKid = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'es-2' })
      .sign(privateKey)
    const error = await verify(unknownKid).catch((caught: unknown) => caught)
    expect(describeJwtFailure(error)).toBe('no key matches the token')
  })

  it('refuses a token whose algorithm differs from its key', async () => {
    const { publicKey } = await generateKeyPair('ES256')
    const verify = createJwtVerifier(SECRET, [{ kid: 'es-1', alg: 'ES256', key: publicKey }])
    const error = await verify(await hs256(SECRET, { kid: 'es-1' })).catch(
      (caught: unknown) => caught,
    )
    expect(describeJwtFailure(error)).toBe('no key matches the token')
  })

  it('refuses expired tokens', async () => {
    const verify = createJwtVerifier(SECRET)
    const token = await hs256(SECRET)
    const later = new Date(Date.now() + 2 * 3600 * 1000)
    const error = await verify(token, { currentDate: later }).catch((caught: unknown) => caught)
    expect(describeJwtFailure(error)).toBe('token is expired')
  })
})
