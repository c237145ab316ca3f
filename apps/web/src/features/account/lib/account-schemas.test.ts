import { describe, expect, it } from 'vitest'
import { emailChangeSchema, isDeleteConfirmed, profileNamesSchema } from './account-schemas'

function firstMessage(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message
}

describe('profileNamesSchema', () => {
  it('trims the names and lets the last name be empty', () => {
    expect(profileNamesSchema.parse({ firstName: '  Cher ', lastName: '  ' })).toEqual({
      firstName: 'Cher',
      lastName: '',
    })
  })

  it('asks for a first name and caps the length', () => {
    expect(firstMessage(profileNamesSchema.safeParse({ firstName: ' ', lastName: '' }))).toBe(
      'Enter your first name',
    )
    expect(
      firstMessage(profileNamesSchema.safeParse({ firstName: 'A', lastName: 'x'.repeat(101) })),
    ).toBe('Use at most 100 characters')
  })
})

describe('emailChangeSchema', () => {
  it('asks for a valid address', () => {
    expect(firstMessage(emailChangeSchema.safeParse({ email: '' }))).toBe(
      'Enter your email address',
    )
    expect(firstMessage(emailChangeSchema.safeParse({ email: 'ada@' }))).toBe(
      'Enter a valid email address, like name@example.com',
    )
    expect(emailChangeSchema.parse({ email: ' ada@example.com ' })).toEqual({
      email: 'ada@example.com',
    })
  })
})

describe('isDeleteConfirmed', () => {
  it('takes exactly DELETE', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true)
    expect(isDeleteConfirmed(' DELETE ')).toBe(true)
    expect(isDeleteConfirmed('delete')).toBe(false)
    expect(isDeleteConfirmed('')).toBe(false)
  })
})
