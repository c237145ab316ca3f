import { describe, expect, it } from 'vitest'
import { isLinkedOrFine, linkFailureMessage } from './link-social'

describe('isLinkedOrFine', () => {
  it('takes a linked account and "Email already exists" as done', () => {
    expect(isLinkedOrFine({ success: true, message: 'Social account linked' })).toBe(true)
    expect(isLinkedOrFine({ success: false, message: 'Email already exists' })).toBe(true)
  })

  it('takes any other refusal as a failure', () => {
    expect(isLinkedOrFine({ success: false, message: 'Something else' })).toBe(false)
  })
})

describe('linkFailureMessage', () => {
  it('starts with the spec’s text and says why', () => {
    expect(linkFailureMessage('identity_already_exists', 'Identity is already linked')).toBe(
      'Failed to link social account. This account is already linked to another user.',
    )
    expect(linkFailureMessage(null, 'The provider refused')).toBe(
      'Failed to link social account. The provider refused',
    )
    expect(linkFailureMessage(null, '')).toBe('Failed to link social account')
  })
})
