import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeProtectedHeader, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createJwtVerifier, describeJwtFailure } from './jwt-verification.ts'
import {
  type JwtKeys,
  loadJwtKeys,
  loadOrCreateSigningKeys,
  retireSigningKey,
  rotateSigningKeys,
  SIGNING_KEYS_FILE,
  SigningKeyError,
} from './signing-keys.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'

/** A token signed the way the Auth service signs user access tokens. */
async function signWith(keys: JwtKeys, sub: string) {
  const { signer } = keys
  return new SignJWT({ role: 'authenticated' })
    .setProtectedHeader(signer.kid ? { alg: signer.alg, kid: signer.kid } : { alg: signer.alg })
    .setSubject(sub)
    .setExpirationTime('1h')
    .sign(signer.key)
}

function verifierOf(keys: JwtKeys) {
  return createJwtVerifier(keys.secret, keys.verificationKeys)
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return describeJwtFailure(
    await promise.then(
      () => null,
      (error: unknown) => error,
    ),
  )
}

describe('the install’s signing keys', () => {
  let dataDir: string

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'signing-keys-'))
  })

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('creates one current ES256 key on first use, private to the owner, and keeps it', async () => {
    const first = await loadOrCreateSigningKeys(dataDir)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ alg: 'ES256', status: 'current' })
    const file = path.join(dataDir, SIGNING_KEYS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await loadOrCreateSigningKeys(dataDir)).toEqual(first)
  })

  it('signs user tokens with ES256 and the current kid; the JWKS holds public keys only', async () => {
    const keys = await loadJwtKeys(dataDir, SECRET, 'ES256')
    const token = await signWith(keys, 'user-1')
    const [stored] = await loadOrCreateSigningKeys(dataDir)
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: stored?.kid })
    await expect(verifierOf(keys)(token)).resolves.toMatchObject({ sub: 'user-1' })

    expect(keys.jwks.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: stored?.private_jwk.x,
        y: stored?.private_jwk.y,
        kid: stored?.kid,
        alg: 'ES256',
        use: 'sig',
        key_ops: ['verify'],
        ext: true,
      },
    ])
    expect(JSON.stringify(keys.jwks)).not.toContain(stored?.private_jwk.d)
  })

  it('keeps the legacy secret verifying (API keys), and signs with it in HS256 mode', async () => {
    const es256 = await loadJwtKeys(dataDir, SECRET, 'ES256')
    const hs256 = await loadJwtKeys(dataDir, SECRET, 'HS256')
    const legacyToken = await signWith(hs256, 'user-2')
    expect(decodeProtectedHeader(legacyToken)).toEqual({ alg: 'HS256' })
    // Either mode verifies both kinds: switching back and forth keeps issued tokens valid.
    await expect(verifierOf(es256)(legacyToken)).resolves.toMatchObject({ sub: 'user-2' })
    await expect(verifierOf(hs256)(await signWith(es256, 'user-3'))).resolves.toMatchObject({
      sub: 'user-3',
    })
  })

  it('rotates: the new key signs, the previous one still verifies until it is retired', async () => {
    const before = await loadJwtKeys(dataDir, SECRET, 'ES256')
    const oldToken = await signWith(before, 'old')

    const rotated = await rotateSigningKeys(dataDir)
    expect(rotated.map((key) => key.status)).toEqual(['current', 'previous'])
    const after = await loadJwtKeys(dataDir, SECRET, 'ES256')
    expect(after.signer.kid).not.toBe(before.signer.kid)
    expect(after.jwks.keys.map((key) => key.kid)).toEqual(rotated.map((key) => key.kid))
    const newToken = await signWith(after, 'new')
    expect(decodeProtectedHeader(newToken).kid).toBe(after.signer.kid)
    await expect(verifierOf(after)(oldToken)).resolves.toMatchObject({ sub: 'old' })
    await expect(verifierOf(after)(newToken)).resolves.toMatchObject({ sub: 'new' })

    await retireSigningKey(dataDir, before.signer.kid ?? '')
    const retired = await loadJwtKeys(dataDir, SECRET, 'ES256')
    expect(retired.jwks.keys.map((key) => key.kid)).toEqual([after.signer.kid])
    expect(await failureOf(verifierOf(retired)(oldToken))).toBe('no key matches the token')
    await expect(verifierOf(retired)(newToken)).resolves.toMatchObject({ sub: 'new' })
  })

  it('refuses to retire the current key or an unknown one', async () => {
    const [current] = await loadOrCreateSigningKeys(dataDir)
    await expect(retireSigningKey(dataDir, current?.kid ?? '')).rejects.toThrow(
      /is the current signing key: rotate first/,
    )
    await expect(retireSigningKey(dataDir, 'no-such-kid')).rejects.toBeInstanceOf(SigningKeyError)
    expect(await loadOrCreateSigningKeys(dataDir)).toEqual([current])
  })

  it('takes the keys from JWT_SIGNING_KEYS when set, leaving the data folder alone', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'signing-keys-elsewhere-'))
    try {
      await loadOrCreateSigningKeys(elsewhere)
      const shared = await readFile(path.join(elsewhere, SIGNING_KEYS_FILE), 'utf8')
      const onHostA = await loadJwtKeys(dataDir, SECRET, 'ES256', shared)
      const onHostB = await loadJwtKeys(elsewhere, SECRET, 'ES256')
      await expect(stat(path.join(dataDir, SIGNING_KEYS_FILE))).rejects.toThrow(/ENOENT/)
      expect(onHostA.signer.kid).toBe(onHostB.signer.kid)
      await expect(verifierOf(onHostB)(await signWith(onHostA, 'shared'))).resolves.toMatchObject({
        sub: 'shared',
      })
      await expect(loadJwtKeys(dataDir, SECRET, 'ES256', '{"keys": "nope"}')).rejects.toThrow(
        /^JWT_SIGNING_KEYS is unreadable/,
      )
    } finally {
      await rm(elsewhere, { recursive: true, force: true })
    }
  })

  it('refuses a damaged key file instead of replacing the keys', async () => {
    const file = path.join(dataDir, SIGNING_KEYS_FILE)
    await writeFile(file, JSON.stringify({ keys: [] }))
    await expect(loadOrCreateSigningKeys(dataDir)).rejects.toThrow(
      /exactly one key must be current/,
    )
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify({ keys: [] }))
  })
})
