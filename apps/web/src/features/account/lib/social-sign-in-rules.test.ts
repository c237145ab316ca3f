import { describe, expect, it } from 'vitest'
import { destinationAfterSocialSignIn, fullNameOf, namesToComplete } from './social-sign-in-rules'

describe('fullNameOf', () => {
  it('reads full_name, else name, from the user metadata', () => {
    expect(fullNameOf({ full_name: 'Ada Lovelace', name: 'Ada' })).toBe('Ada Lovelace')
    expect(fullNameOf({ name: 'Grace Hopper' })).toBe('Grace Hopper')
    expect(fullNameOf({ full_name: 42 })).toBe('')
    expect(fullNameOf(undefined)).toBe('')
  })
})

describe('namesToComplete', () => {
  it('fills both names of a profile without names', () => {
    expect(namesToComplete({ firstName: null, lastName: null }, 'Jean Luc Picard')).toEqual({
      first_name: 'Jean',
      last_name: 'Luc Picard',
    })
  })

  it('fills only the empty field and never overwrites a typed name', () => {
    expect(namesToComplete({ firstName: 'Ada', lastName: ' ' }, 'Augusta Lovelace')).toEqual({
      last_name: 'Lovelace',
    })
    expect(namesToComplete({ firstName: 'Ada', lastName: 'King' }, 'Ada Lovelace')).toBeNull()
  })

  it('has nothing to fill without a provider name, or from a single word', () => {
    expect(namesToComplete({ firstName: null, lastName: null }, '')).toBeNull()
    expect(namesToComplete({ firstName: 'Cher', lastName: null }, 'Cher')).toBeNull()
  })
})

describe('destinationAfterSocialSignIn', () => {
  it('treats a user without a profile (PGRST116) as new', () => {
    expect(destinationAfterSocialSignIn({ found: false }, false)).toBe('/onboarding')
    expect(destinationAfterSocialSignIn({ found: false }, true)).toBe('/onboarding')
  })

  it('sends a user who has not finished onboarding there, and a known user to the app', () => {
    const profile = { found: true, firstName: 'Ada', lastName: 'Lovelace' } as const
    expect(destinationAfterSocialSignIn(profile, false)).toBe('/onboarding')
    expect(destinationAfterSocialSignIn(profile, true)).toBe('/account')
  })
})
