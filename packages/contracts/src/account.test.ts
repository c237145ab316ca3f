import { describe, expect, it } from 'vitest'
import { isRecentSignIn, lastSignInAt, REAUTHENTICATION_MAX_AGE_SECONDS } from './account.ts'

describe('lastSignInAt', () => {
  it('is the newest first-factor sign-in; a second factor does not count as one', () => {
    expect(
      lastSignInAt([
        { method: 'totp', timestamp: 300 },
        { method: 'password', timestamp: 100 },
        { method: 'otp', timestamp: 200 },
        { method: 'recovery', timestamp: 400 },
      ]),
    ).toBe(200)
    expect(lastSignInAt([{ method: 'totp', timestamp: 300 }])).toBeNull()
    expect(lastSignInAt([])).toBeNull()
  })

  it('is recent within the window only', () => {
    expect(isRecentSignIn(1000, 1000 + REAUTHENTICATION_MAX_AGE_SECONDS)).toBe(true)
    expect(isRecentSignIn(1000, 1001 + REAUTHENTICATION_MAX_AGE_SECONDS)).toBe(false)
    expect(isRecentSignIn(null, 1000)).toBe(false)
  })
})
