import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { z } from 'zod'
import type { VerificationKey } from './jwt-verification.ts'

/**
 * The install's asymmetric JWT signing keys (ADR 0030), as Supabase gives new projects: ES256
 * (ECDSA P-256) key pairs, each with a `kid`, generated on first start and kept in the data
 * folder (`signing-keys.json`, mode 0600) beside `secrets.json`.
 *
 * One key is `current`: it signs new user access tokens. Rotation (`npm run keys -- rotate`)
 * makes a new key current and keeps the old one as `previous`: it no longer signs, but tokens
 * it signed still verify and its public key stays in the JWKS until it is retired
 * (`npm run keys -- retire <kid>`), at the earliest an access-token lifetime after the rotation.
 *
 * The legacy HS256 secret stays: it signs the anon and service-role API keys, and user tokens
 * too when `AUTH_JWT_SIGNING_ALGORITHM=HS256`; it verifies everything it signed.
 */
export const SIGNING_KEYS_FILE = 'signing-keys.json'

const PrivateEcJwk = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
})

const StoredSigningKey = z.object({
  kid: z.string().min(1),
  alg: z.literal('ES256'),
  status: z.enum(['current', 'previous']),
  created_at: z.string(),
  private_jwk: PrivateEcJwk,
})
export type StoredSigningKey = z.infer<typeof StoredSigningKey>

const StoredSigningKeys = z
  .object({ keys: z.array(StoredSigningKey) })
  .refine((file) => file.keys.filter((key) => key.status === 'current').length === 1, {
    message: 'exactly one key must be current',
  })

/** The algorithms user access tokens can be signed with (`AUTH_JWT_SIGNING_ALGORITHM`). */
export const USER_TOKEN_ALGORITHMS = ['ES256', 'HS256'] as const
export type UserTokenAlgorithm = (typeof USER_TOKEN_ALGORITHMS)[number]

/**
 * Everything the server signs and verifies JWTs with, built once at start and shared by
 * `/auth/v1` (signing, the JWKS), `/rest/v1`, `/storage/v1` and `/api` (verification).
 */
export type JwtKeys = {
  /** The legacy HS256 secret: API keys, storage's signed URLs, user tokens in HS256 mode. */
  secret: string
  /** What signs user access tokens. */
  signer:
    { alg: 'ES256'; kid: string; key: CryptoKey } | { alg: 'HS256'; kid: null; key: Uint8Array }
  /** Every asymmetric key that still verifies (current and previous), by `kid`. */
  verificationKeys: VerificationKey[]
  /** The public keys, as `GET /auth/v1/.well-known/jwks.json` publishes them. */
  jwks: { keys: JWK[] }
}

export class SigningKeyError extends Error {}

async function generateSigningKey(createdAt: Date): Promise<StoredSigningKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return {
    kid: randomUUID(),
    alg: 'ES256',
    status: 'current',
    created_at: createdAt.toISOString(),
    private_jwk: PrivateEcJwk.parse(jwk),
  }
}

async function readSigningKeys(file: string): Promise<StoredSigningKey[] | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null
    }
    throw error
  }
  return parseSigningKeys(text, file)
}

/** The keys of a `signing-keys.json` text; `source` names it in the error. */
export function parseSigningKeys(text: string, source: string): StoredSigningKey[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  const parsed = StoredSigningKeys.safeParse(json)
  if (!parsed.success) {
    throw new SigningKeyError(
      `${source} is unreadable (${parsed.error.issues[0]?.message}); restore it, or delete it to start with a new key (tokens signed with the old keys then stop working)`,
    )
  }
  return parsed.data.keys
}

async function writeSigningKeys(dataDir: string, keys: StoredSigningKey[]) {
  const file = path.join(dataDir, SIGNING_KEYS_FILE)
  await mkdir(dataDir, { recursive: true })
  // Write then rename, so a crash never leaves a half-written key file behind.
  await writeFile(`${file}.tmp`, JSON.stringify({ keys }, null, 2), { mode: 0o600 })
  await rename(`${file}.tmp`, file)
}

/** The install's signing keys, creating the first on first use. */
export async function loadOrCreateSigningKeys(
  dataDir: string,
  now: Date = new Date(),
): Promise<StoredSigningKey[]> {
  const existing = await readSigningKeys(path.join(dataDir, SIGNING_KEYS_FILE))
  if (existing) {
    return existing
  }
  const keys = [await generateSigningKey(now)]
  await writeSigningKeys(dataDir, keys)
  return keys
}

/** A new current key; the current one becomes `previous` (still verifies). Returns the new list. */
export async function rotateSigningKeys(
  dataDir: string,
  now: Date = new Date(),
): Promise<StoredSigningKey[]> {
  const existing = await loadOrCreateSigningKeys(dataDir, now)
  const keys = [
    await generateSigningKey(now),
    ...existing.map((key) => ({ ...key, status: 'previous' as const })),
  ]
  await writeSigningKeys(dataDir, keys)
  return keys
}

/** Removes a previous key: tokens it signed stop verifying. The current key cannot be retired. */
export async function retireSigningKey(dataDir: string, kid: string): Promise<StoredSigningKey[]> {
  const existing = await loadOrCreateSigningKeys(dataDir)
  const key = existing.find((candidate) => candidate.kid === kid)
  if (!key) {
    throw new SigningKeyError(`no signing key has the kid ${kid}`)
  }
  if (key.status === 'current') {
    throw new SigningKeyError(`${kid} is the current signing key: rotate first, then retire it`)
  }
  const keys = existing.filter((candidate) => candidate.kid !== kid)
  await writeSigningKeys(dataDir, keys)
  return keys
}

/** The public half of a stored key, as a JWKS lists it (what auth-js `getClaims()` imports). */
export function publicJwkOf(key: StoredSigningKey): JWK {
  const { kty, crv, x, y } = key.private_jwk
  return { kty, crv, x, y, kid: key.kid, alg: key.alg, use: 'sig', key_ops: ['verify'], ext: true }
}

/** An ES256 key from its JWK (public or private half). */
async function importEcKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, 'ES256')
  if (key instanceof Uint8Array) {
    throw new SigningKeyError('an ES256 signing key cannot be a symmetric secret')
  }
  return key
}

/** The keys of a running server: `secret` (legacy HS256) and the stored asymmetric keys. */
export async function createJwtKeys(
  secret: string,
  stored: StoredSigningKey[],
  userTokenAlgorithm: UserTokenAlgorithm = 'ES256',
): Promise<JwtKeys> {
  const verificationKeys = await Promise.all(
    stored.map(async (key) => ({
      kid: key.kid,
      alg: key.alg,
      key: await importEcKey(publicJwkOf(key)),
    })),
  )
  const current = stored.find((key) => key.status === 'current')
  let signer: JwtKeys['signer']
  if (userTokenAlgorithm === 'ES256') {
    if (!current) {
      throw new SigningKeyError('ES256 signing needs a current signing key')
    }
    signer = {
      alg: 'ES256',
      kid: current.kid,
      key: await importEcKey({ ...current.private_jwk, alg: 'ES256' }),
    }
  } else {
    signer = { alg: 'HS256', kid: null, key: new TextEncoder().encode(secret) }
  }
  return { secret, signer, verificationKeys, jwks: { keys: stored.map(publicJwkOf) } }
}

/** Keys for a server that has only the legacy secret: HS256 everywhere, an empty JWKS. */
export function legacyJwtKeys(secret: string): JwtKeys {
  return {
    secret,
    signer: { alg: 'HS256', kid: null, key: new TextEncoder().encode(secret) },
    verificationKeys: [],
    jwks: { keys: [] },
  }
}

/**
 * The keys a server process starts with: `JWT_SIGNING_KEYS` when set (the contents of a
 * `signing-keys.json`, for hosts that do not share a data folder; the file is then left alone),
 * else the stored ones, created on first use.
 */
export async function loadJwtKeys(
  dataDir: string,
  secret: string,
  userTokenAlgorithm: UserTokenAlgorithm,
  signingKeysOverride?: string,
): Promise<JwtKeys> {
  const stored = signingKeysOverride
    ? parseSigningKeys(signingKeysOverride, 'JWT_SIGNING_KEYS')
    : await loadOrCreateSigningKeys(dataDir)
  return createJwtKeys(secret, stored, userTokenAlgorithm)
}
