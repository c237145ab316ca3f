import { createClient } from '@supabase/supabase-js'
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * Asymmetric JWT signing keys (ADR 0030): user access tokens are ES256 with a `kid`, the public
 * keys are at /auth/v1/.well-known/jwks.json, supabase-js `getClaims()` verifies tokens against
 * them without asking the server, and /rest/v1, /storage/v1 and /api accept exactly the tokens
 * of the install's key set.
 */
const PASSWORD = 'correct-horse-battery'

/** A supabase-js client that counts its requests to GET /auth/v1/user. */
function countingClient(testApp: TestApp) {
  const calls = { user: 0 }
  const client = createClient(testApp.baseUrl, testApp.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (new URL(url).pathname === '/auth/v1/user') {
          calls.user += 1
        }
        return fetch(input, init)
      },
    },
  })
  return { client, calls }
}

/** What each data surface answers a request with this bearer token. */
async function surfaceStatuses(testApp: TestApp, token: string) {
  const headers = { apikey: testApp.anonKey, authorization: `Bearer ${token}` }
  const [rest, storage, api] = await Promise.all([
    fetch(`${testApp.baseUrl}/rest/v1/profiles?select=user_id`, { headers }),
    fetch(`${testApp.baseUrl}/storage/v1/bucket`, { headers }),
    fetch(`${testApp.baseUrl}/api/credits`, { headers }),
  ])
  return { rest: rest.status, storage: storage.status, api: api.status }
}

describe('ES256 access tokens (the default)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('publishes the public key that signs access tokens, and never the legacy secret', async () => {
    const response = await fetch(`${testApp.baseUrl}/auth/v1/.well-known/jwks.json`)
    expect(response.status).toBe(200)
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
    })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    expect(JSON.stringify(jwks)).not.toContain(testApp.jwtSecret)

    const { client } = countingClient(testApp)
    const { data, error } = await client.auth.signUp({
      email: 'es@example.com',
      password: PASSWORD,
    })
    expect(error).toBeNull()
    const header = decodeProtectedHeader(data.session?.access_token ?? '')
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT', kid: jwks.keys[0]?.kid })
  })

  it('lets supabase-js getClaims() verify a token locally, without calling GET /user', async () => {
    const { client, calls } = countingClient(testApp)
    const { data: signedUp } = await client.auth.signUp({
      email: 'claims@example.com',
      password: PASSWORD,
    })
    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims).toMatchObject({
      sub: signedUp.user?.id,
      email: 'claims@example.com',
      role: 'authenticated',
      aal: 'aal1',
    })
    expect(data?.header).toMatchObject({ alg: 'ES256' })
    expect(calls.user).toBe(0)

    // A token whose signature does not match the published key is refused locally.
    const token = signedUp.session?.access_token ?? ''
    const [head, payload] = token.split('.')
    const forged = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256' })
      .sign((await generateKeyPair('ES256')).privateKey)
    const refused = await client.auth.getClaims(`${head}.${payload}.${forged.split('.')[2]}`)
    expect(refused.data).toBeNull()
    expect(refused.error?.message).toMatch(/Invalid JWT signature/)
  })

  it('reaches /rest/v1, /storage/v1 and /api with the ES256 token; a foreign key is refused', async () => {
    const { client } = countingClient(testApp)
    const { data } = await client.auth.signUp({ email: 'data@example.com', password: PASSWORD })
    const token = data.session?.access_token ?? ''
    expect(await surfaceStatuses(testApp, token)).toEqual({ rest: 200, storage: 200, api: 200 })

    // The same claims and kid, signed with a key that is not the install's.
    const claims = decodeJwt(token)
    const foreign = await new SignJWT(claims)
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string; kid: string })
      .sign((await generateKeyPair('ES256')).privateKey)
    const refused = await surfaceStatuses(testApp, foreign)
    expect(refused.rest).toBe(401)
    expect(refused.storage).toBeGreaterThanOrEqual(400)
    expect(refused.storage).toBeLessThan(500)
    expect(refused.api).toBe(401)
  })
})

describe('HS256 access tokens (AUTH_JWT_SIGNING_ALGORITHM=HS256)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp({ env: { AUTH_JWT_SIGNING_ALGORITHM: 'HS256' } })
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('signs with the legacy secret as before; getClaims() then asks the server', async () => {
    const { client, calls } = countingClient(testApp)
    const { data } = await client.auth.signUp({ email: 'hs@example.com', password: PASSWORD })
    const token = data.session?.access_token ?? ''
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' })
    const claims = await client.auth.getClaims()
    expect(claims.error).toBeNull()
    expect(claims.data?.claims.email).toBe('hs@example.com')
    expect(calls.user).toBe(1)
    expect(await surfaceStatuses(testApp, token)).toEqual({ rest: 200, storage: 200, api: 200 })
  })
})
