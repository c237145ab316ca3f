import * as supabaseJs from '@supabase/supabase-js'
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import {
  isAuthApiError,
  isAuthError,
  isAuthWeakPasswordError,
  provideAuthErrorGuards,
} from './auth-errors'

describe('auth error checks without importing supabase-js', () => {
  const refused = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')

  it('answer false until supabase-js has loaded (only it makes auth errors)', () => {
    expect(isAuthError(refused)).toBe(false)
    expect(isAuthApiError(refused)).toBe(false)
  })

  it("are supabase-js's own once it has loaded", () => {
    provideAuthErrorGuards(supabaseJs)
    expect(isAuthError(refused)).toBe(true)
    expect(isAuthApiError(refused)).toBe(true)
    expect(isAuthWeakPasswordError(refused)).toBe(false)
    expect(isAuthWeakPasswordError(new AuthWeakPasswordError('Too short', 422, ['length']))).toBe(
      true,
    )
    expect(isAuthError(new Error('plain'))).toBe(false)
  })
})
