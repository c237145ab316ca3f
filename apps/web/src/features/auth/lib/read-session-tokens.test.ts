import { describe, expect, it } from 'vitest'
import { readSessionTokens } from './read-session-tokens'

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
