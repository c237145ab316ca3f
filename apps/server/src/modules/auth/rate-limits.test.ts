import { describe, expect, it } from 'vitest'
import { RATE_LIMITS, rateLimitBucket } from './rate-limits.ts'

describe('the rate-limit bucket of a request', () => {
  it.each([
    ['POST', '/token', {}, 'token'],
    ['GET', '/verify', undefined, 'verify'],
    ['POST', '/verify', {}, 'verify'],
    ['POST', '/otp', {}, 'otp'],
    ['POST', '/magiclink', {}, 'otp'],
    ['POST', '/recover', {}, 'otp'],
    ['POST', '/resend', {}, 'otp'],
    ['PUT', '/user', {}, 'otp'],
    ['POST', '/signup', { email: 'a@example.com', password: 'x' }, 'otp'],
    ['POST', '/signup', { phone: '+15551234567' }, 'otp'],
    ['POST', '/signup', { data: {} }, 'anonymous'],
    ['POST', '/signup', undefined, 'anonymous'],
    ['POST', '/factors/:factorId/challenge', {}, 'mfa'],
    ['POST', '/factors/:factorId/verify', {}, 'mfa'],
    ['POST', '/mfa/recovery-codes/verify', {}, 'mfa'],
    ['POST', '/sso', {}, 'sso'],
  ] as const)('%s %s (%j) counts against %s', (method, route, body, bucket) => {
    expect(rateLimitBucket(method, route, body)).toBe(bucket)
  })

  it.each([
    ['GET', '/user'],
    ['POST', '/logout'],
    ['POST', '/factors'],
    ['DELETE', '/factors/:factorId'],
    ['GET', '/mfa/recovery-codes'],
    ['POST', '/mfa/recovery-codes'],
    ['GET', '/admin/users'],
    ['GET', '/settings'],
  ])('%s %s is not limited', (method, route) => {
    expect(rateLimitBucket(method, route, {})).toBeNull()
  })

  it('has the defaults of protocol §1.6, a per-session refresh limit and one on email lookups', () => {
    expect(RATE_LIMITS).toEqual({
      token: { limit: 150, windowSeconds: 300 },
      refresh: { limit: 30, windowSeconds: 300 },
      verify: { limit: 30, windowSeconds: 300 },
      otp: { limit: 30, windowSeconds: 3600 },
      anonymous: { limit: 30, windowSeconds: 3600 },
      mfa: { limit: 15, windowSeconds: 60 },
      sso: { limit: 30, windowSeconds: 300 },
      email_lookup: { limit: 60, windowSeconds: 300 },
    })
  })
})
