import { describe, expect, it } from 'vitest'
import { parseTrustProxy } from './trust-proxy.ts'

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ] as const)('%j trusts %j', (value, trustProxy) => {
    expect(parseTrustProxy(value)).toEqual({ trustProxy })
  })

  it.each([
    ['true', /trust any client/],
    ['17', /at most 16/],
    ['10.0.0.0/33', /10\.0\.0\.0\/33/],
    ['proxy.example.com', /proxy\.example\.com/],
    ['10.0.0.1/8/2', /10\.0\.0\.1\/8\/2/],
    ['-1', /-1/],
    ['1.5', /1\.5/],
  ])('refuses %j', (value, message) => {
    const parsed = parseTrustProxy(value)
    expect(parsed).toHaveProperty('error', expect.stringMatching(message))
  })
})
