import { describe, expect, it } from 'vitest'
import { AuthError, renderAuthError, wantsVersion2024 } from './gotrue-errors.ts'

describe('GoTrue error shapes', () => {
  const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

  it('answers the 2024-01-01 shape when the client asks for that version', () => {
    expect(renderAuthError(error, '2024-01-01')).toEqual({
      status: 400,
      headers: { 'x-sb-error-code': 'invalid_credentials', 'x-supabase-api-version': '2024-01-01' },
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    })
  })

  it('answers the legacy shape without the header or with an older version', () => {
    for (const header of [undefined, '2023-06-01', 'garbage']) {
      expect(renderAuthError(error, header)).toEqual({
        status: 400,
        headers: { 'x-sb-error-code': 'invalid_credentials' },
        body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
      })
    }
  })

  it('keeps extra fields such as the weak-password reasons', () => {
    const weak = new AuthError(422, 'weak_password', 'Password should be at least 8 characters.', {
      weak_password: { reasons: ['length'] },
    })
    expect(renderAuthError(weak, '2024-01-01').body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    })
  })

  it('compares versions as dates', () => {
    expect(wantsVersion2024('2025-03-01')).toBe(true)
    expect(wantsVersion2024(['2024-01-01'])).toBe(true)
    expect(wantsVersion2024('2023-12-31')).toBe(false)
  })
})
