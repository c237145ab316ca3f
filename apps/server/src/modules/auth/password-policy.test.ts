import { describe, expect, it } from 'vitest'
import { AuthError } from './gotrue-errors.ts'
import { assertPasswordStrength, MAX_PASSWORD_LENGTH } from './password-policy.ts'

/** The refusal's status, code, reasons and message; null when the password is accepted. */
function refusal(password: string) {
  try {
    assertPasswordStrength(password)
    return null
  } catch (error) {
    if (!(error instanceof AuthError)) {
      throw error
    }
    return {
      status: error.status,
      code: error.code,
      reasons: (error.extra as { weak_password: { reasons: string[] } }).weak_password.reasons,
      message: error.message,
    }
  }
}

describe('the password policy', () => {
  it('accepts 8 to 256 characters that are not a common password', () => {
    expect(refusal('correct-horse-battery')).toBeNull()
    expect(refusal('zq8!Kp2m')).toBeNull()
    expect(refusal('x'.repeat(MAX_PASSWORD_LENGTH))).toBeNull()
    // Counted in characters as people see them: 8 emoji are 8 characters (16 UTF-16 units).
    expect(refusal('🦊🐙🦉🐝🦔🐳🦜🐌')).toBeNull()
  })

  it('refuses fewer than 8 characters (reason length, the spec minimum)', () => {
    expect(refusal('short12')).toEqual({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 8 characters.',
    })
    expect(refusal('🦊🐙🦉🐝')).toMatchObject({ reasons: ['length'] })
  })

  it('refuses more than 256 characters (reason length)', () => {
    expect(refusal('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toEqual({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at most 256 characters.',
    })
  })

  it.each(['password', 'Password', 'PASSWORD1', 'iloveyou', 'qwertyuiop', '12345678', 'Sunshine'])(
    'refuses the common password %j whatever its case (reason pwned)',
    (password) => {
      expect(refusal(password)).toEqual({
        status: 422,
        code: 'weak_password',
        reasons: ['pwned'],
        message: 'Password is known to be weak and easy to guess, please choose a different one.',
      })
    },
  )
})
