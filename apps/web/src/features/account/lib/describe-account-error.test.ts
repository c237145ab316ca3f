import * as supabaseJs from '@supabase/supabase-js'
import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
} from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { describeAccountError } from './describe-account-error'
import { provideAuthErrorGuards } from '@/lib/auth-errors'

// As in the app whenever an auth error exists: supabase-js has loaded (lib/auth-errors.ts).
provideAuthErrorGuards(supabaseJs)

describe('describeAccountError', () => {
  it('explains a wrong or late authenticator code', () => {
    expect(
      describeAccountError(
        new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
      ),
    ).toBe("That code isn't right. Enter the code your authenticator app shows now.")
    expect(describeAccountError(new AuthApiError('expired', 422, 'mfa_challenge_expired'))).toBe(
      'That took too long. Enter the code your authenticator app shows now.',
    )
  })

  it('keeps the server’s message for codes it does not know', () => {
    expect(
      describeAccountError(
        new AuthApiError(
          'User must have at least 1 identity after unlinking',
          422,
          'single_identity_not_deletable',
        ),
      ),
    ).toBe('User must have at least 1 identity after unlinking')
  })

  it('says what to do about the network and an ended session', () => {
    expect(describeAccountError(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      "We couldn't reach the server. Check your connection and try again.",
    )
    expect(describeAccountError(new AuthSessionMissingError())).toBe(
      'Your session has ended. Sign in again.',
    )
  })

  it('shows the app’s own errors as they are', () => {
    expect(describeAccountError(new Error('Profile not found'))).toBe('Profile not found')
    expect(describeAccountError('weird')).toBe('Something went wrong. Please try again.')
  })
})
