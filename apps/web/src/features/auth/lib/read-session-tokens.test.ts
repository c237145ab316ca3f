import { describe, expect, it } from 'vitest'
import { holdsSessionTokens, readSessionTokens } from './read-session-tokens'

describe('readSessionTokens', () => {
  it('reads both tokens, with or without the leading #', () => {
    const expected = { accessToken: 'a.b.c', refreshToken: 'r1' }
    expect(readSessionTokens('#access_token=a.b.c&refresh_token=r1&type=recovery')).toEqual(
      expected,
    )
    expect(readSessionTokens('access_token=a.b.c&refresh_token=r1')).toEqual(expected)
  })

  it('returns null when a token is missing or empty', () => {
    expect(readSessionTokens('')).toBeNull()
    expect(readSessionTokens('#access_token=a.b.c')).toBeNull()
    expect(readSessionTokens('#access_token=&refresh_token=r1')).toBeNull()
  })
})

describe('holdsSessionTokens', () => {
  it('sees any credential in the hash, even an empty one, and nothing else', () => {
    expect(holdsSessionTokens('#access_token=a.b.c&refresh_token=r1')).toBe(true)
    expect(holdsSessionTokens('refresh_token=')).toBe(true)
    expect(holdsSessionTokens('#provider_token=p&type=signup')).toBe(true)
    expect(holdsSessionTokens('#error=access_denied&error_code=otp_expired')).toBe(false)
    expect(holdsSessionTokens('')).toBe(false)
  })
})
