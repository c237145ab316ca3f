import * as supabaseJs from '@supabase/supabase-js'
import {
  AuthApiError,
  AuthInvalidCredentialsError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import {
  COMMON_PASSWORD_MESSAGE,
  describeAuthError,
  describeWeakPassword,
  messageForAuthErrorCode,
} from './describe-auth-error'
import { provideAuthErrorGuards } from '@/lib/auth-errors'

// As in the app whenever an auth error exists: supabase-js has loaded (lib/auth-errors.ts).
provideAuthErrorGuards(supabaseJs)

describe('describeAuthError', () => {
  it('explains known server codes', () => {
    const wrongPassword = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
    expect(describeAuthError(wrongPassword)).toBe('Incorrect email or password.')
    const samePassword = new AuthApiError('New password should be different', 422, 'same_password')
    expect(describeAuthError(samePassword)).toBe(
      'Your new password must be different from your current one.',
    )
  })

  it("keeps the server's message for codes that explain themselves", () => {
    const weak = new AuthWeakPasswordError('Password should be at least 8 characters.', 422, [
      'length',
    ])
    expect(describeAuthError(weak)).toBe('Password should be at least 8 characters.')
    const tooSoon = new AuthApiError(
      'For security purposes, you can only request this after 42 seconds.',
      429,
      'over_email_send_rate_limit',
    )
    expect(describeAuthError(tooSoon)).toBe(
      'For security purposes, you can only request this after 42 seconds.',
    )
  })

  it('says plainly that a common or breached password is refused (weak_password, pwned)', () => {
    const pwned = new AuthWeakPasswordError(
      'Password is known to be weak and easy to guess, please choose a different one.',
      422,
      ['pwned'],
    )
    expect(describeAuthError(pwned)).toBe(COMMON_PASSWORD_MESSAGE)
    expect(describeWeakPassword(pwned)).toBe(COMMON_PASSWORD_MESSAGE)
    const tooLong = new AuthWeakPasswordError('Password should be at most 256 characters.', 422, [
      'length',
    ])
    expect(describeWeakPassword(tooLong)).toBe('Password should be at most 256 characters.')
    const other = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
    expect(describeWeakPassword(other)).toBeNull()
  })

  it("shows auth-js's own validation message as it is", () => {
    const missing = new AuthInvalidCredentialsError(
      'You must provide either an email or phone number and a password',
    )
    expect(describeAuthError(missing)).toBe(
      'You must provide either an email or phone number and a password',
    )
  })

  it('turns network failures and lost sessions into advice', () => {
    expect(describeAuthError(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      "We couldn't reach the server. Check your connection and try again.",
    )
    expect(describeAuthError(new AuthSessionMissingError())).toBe(
      'Your session has ended. Sign in again.',
    )
  })

  it("shows the app's own errors (the spec's messages) unchanged", () => {
    expect(describeAuthError(new Error('Failed to create anonymous user'))).toBe(
      'Failed to create anonymous user',
    )
    expect(describeAuthError('nonsense')).toBe('Something went wrong. Please try again.')
  })
})

describe('messageForAuthErrorCode', () => {
  it('knows the codes of redirect errors and nothing else', () => {
    expect(messageForAuthErrorCode('otp_expired')).toBe(
      'This link has expired or has already been used. Ask for a new one.',
    )
    expect(messageForAuthErrorCode('something_new')).toBeNull()
    expect(messageForAuthErrorCode(null)).toBeNull()
  })
})
