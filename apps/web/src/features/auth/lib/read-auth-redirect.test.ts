import { describe, expect, it } from 'vitest'
import { readAuthRedirect } from './read-auth-redirect'

describe('readAuthRedirect', () => {
  it('reads the session of an implicit redirect from the hash', () => {
    const hash =
      '#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r1&sb=&token_type=bearer&type=magiclink'
    expect(readAuthRedirect(hash, '')).toEqual({
      kind: 'session',
      tokens: { accessToken: 'a.b.c', refreshToken: 'r1' },
    })
  })

  it('reads an error from the hash, decoding its description', () => {
    const hash =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb='
    expect(readAuthRedirect(hash, '')).toEqual({
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    })
  })

  it('prefers the query to the hash, as auth-js does', () => {
    expect(
      readAuthRedirect(
        '#error_description=from+hash',
        '?error=server_error&error_description=from%20query',
      ),
    ).toEqual({ kind: 'error', code: null, description: 'from query' })
  })

  it('lets an error win over tokens', () => {
    expect(readAuthRedirect('#access_token=a&refresh_token=r&error=access_denied', '').kind).toBe(
      'error',
    )
  })

  it('falls back to the error name when there is no description', () => {
    expect(readAuthRedirect('', '?error=access_denied')).toEqual({
      kind: 'error',
      code: null,
      description: 'access_denied',
    })
  })

  it('finds nothing in a bare URL or in half a session', () => {
    expect(readAuthRedirect('', '')).toEqual({ kind: 'empty' })
    expect(readAuthRedirect('#access_token=a', '?next=/account')).toEqual({ kind: 'empty' })
  })
})
