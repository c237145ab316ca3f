import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import { createIdentityResolver } from './request-context.ts'

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256'
const NOW = new Date('2026-11-21T12:00:00Z')
const nowSeconds = Math.floor(NOW.getTime() / 1000)
let clock = NOW
const identify = createIdentityResolver(SECRET, () => clock)

function sign(claims: Record<string, unknown>, secret = SECRET) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

async function refusal(authorization: string): Promise<RestError> {
  try {
    await identify(authorization)
  } catch (error) {
    if (error instanceof RestError) {
      return error
    }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('the role and claims of a request', () => {
  it('runs requests without a token as anon', async () => {
    expect(await identify(undefined)).toEqual({
      role: 'anon',
      claims: { role: 'anon' },
      authenticated: false,
    })
  })

  it('takes the role and claims of a valid token', async () => {
    const claims = { sub: 'u1', role: 'authenticated', exp: nowSeconds + 60, iat: nowSeconds }
    expect(await identify(`Bearer ${await sign(claims)}`)).toEqual({
      role: 'authenticated',
      claims,
      authenticated: true,
    })
    const apiKey = await identify(`bearer ${await sign({ role: 'anon', exp: nowSeconds + 60 })}`)
    expect([apiKey.role, apiKey.authenticated]).toEqual(['anon', false])
  })

  it.each([
    [
      'an empty token',
      async () => 'Bearer ',
      'PGRST301',
      'Empty JWT is sent in Authorization header',
    ],
    ['two parts', async () => 'Bearer abc.def', 'PGRST301', 'Expected 3 parts in JWT; got 2'],
    [
      'a forged signature',
      async () =>
        `Bearer ${await sign({ sub: 'u1', role: 'authenticated' }, 'another-secret-that-is-long-enough-too')}`,
      'PGRST301',
      'JWT cryptographic operation failed',
    ],
    [
      'tampered claims',
      async () => {
        const [header, , signature] = (await sign({ sub: 'u1', role: 'authenticated' })).split('.')
        const payload = Buffer.from(JSON.stringify({ sub: 'u2', role: 'authenticated' })).toString(
          'base64url',
        )
        return `Bearer ${header}.${payload}.${signature}`
      },
      'PGRST301',
      'JWT cryptographic operation failed',
    ],
    [
      'an unsigned token',
      async () => `Bearer ${new UnsecuredJWT({ sub: 'u1', role: 'service_role' }).encode()}`,
      'PGRST301',
      'Wrong or unsupported encoding algorithm',
    ],
    [
      'an expired token',
      async () => `Bearer ${await sign({ role: 'authenticated', exp: nowSeconds - 1 })}`,
      'PGRST303',
      'JWT expired',
    ],
    [
      'a token not yet valid',
      async () => `Bearer ${await sign({ role: 'authenticated', nbf: nowSeconds + 600 })}`,
      'PGRST303',
      'JWT not yet valid',
    ],
    [
      'a token issued in the future',
      async () => `Bearer ${await sign({ role: 'authenticated', iat: nowSeconds + 600 })}`,
      'PGRST303',
      'JWT issued at future',
    ],
  ])('refuses %s with 401', async (_case, authorization, code, message) => {
    const error = await refusal(await authorization())
    expect([error.status, error.code, error.message]).toEqual([401, code, message])
    expect(error.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    )
  })

  it('never assumes a role outside anon, authenticated and service_role', async () => {
    const error = await refusal(`Bearer ${await sign({ role: 'postgres' })}`)
    expect([error.status, error.code, error.message]).toEqual([
      401,
      '22023',
      'role "postgres" does not exist',
    ])
  })

  it('still refuses a remembered token once it has expired', async () => {
    const token = await sign({ role: 'authenticated', exp: nowSeconds + 60 })
    expect((await identify(`Bearer ${token}`)).role).toBe('authenticated')
    expect((await identify(`Bearer ${token}`)).role).toBe('authenticated')
    clock = new Date(NOW.getTime() + 61_000)
    try {
      const error = await refusal(`Bearer ${token}`)
      expect([error.status, error.code, error.message]).toEqual([401, 'PGRST303', 'JWT expired'])
    } finally {
      clock = NOW
    }
  })
})
