import * as supabaseJs from '@supabase/supabase-js'
import { AuthApiError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { GuestUpgradeSchema, describeUpgradeError } from './guest-upgrade-schema'
import { provideAuthErrorGuards } from '@/lib/auth-errors'

// As in the app whenever an auth error exists: supabase-js has loaded (lib/auth-errors.ts).
provideAuthErrorGuards(supabaseJs)

describe('the guest upgrade form', () => {
  it('needs an email and a password of at least 8 characters, with the spec’s message', () => {
    expect(
      GuestUpgradeSchema.safeParse({ email: ' ada@example.com ', password: '12345678' }),
    ).toMatchObject({ success: true, data: { email: 'ada@example.com' } })
    const refused = GuestUpgradeSchema.safeParse({ email: 'ada', password: 'short' })
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter a valid email address.',
      'Password must be at least 8 characters long',
    ])
  })

  it('explains a taken email, passes other server messages on, and names network trouble', () => {
    const taken = new AuthApiError(
      'A user with this email address has already been registered',
      422,
      'email_exists',
    )
    expect(describeUpgradeError(taken)).toMatch(/^An account with this email already exists/)
    const weak = new AuthApiError('Password is known to be weak', 422, 'weak_password')
    expect(describeUpgradeError(weak)).toBe('Password is known to be weak')
    expect(describeUpgradeError(new TypeError('Failed to fetch'))).toMatch(/couldn't reach/)
  })
})
