import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  emailOnlySchema,
  MISSING_CREDENTIALS_MESSAGE,
  newPasswordSchema,
  passwordSignInSchema,
  signUpSchema,
} from './auth-schemas'

/** The messages a schema gives, by field, as the form shows them. */
function messagesByField(schema: z.ZodType, values: unknown): Record<string, string[]> {
  const result = schema.safeParse(values)
  if (result.success) {
    return {}
  }
  const messages: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.')
    messages[field] = [...(messages[field] ?? []), issue.message]
  }
  return messages
}

describe('passwordSignInSchema', () => {
  it('accepts an email and a password, trimming the email', () => {
    expect(passwordSignInSchema.parse({ email: ' ada@example.com ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    })
  })

  it('gives the spec message on the email when no email is given', () => {
    expect(messagesByField(passwordSignInSchema, { email: '  ', password: 'secret' })).toEqual({
      email: [MISSING_CREDENTIALS_MESSAGE],
    })
    expect(messagesByField(passwordSignInSchema, { email: '', password: '' })).toEqual({
      email: [MISSING_CREDENTIALS_MESSAGE],
    })
  })

  it('gives the spec message on the password when only the password is missing', () => {
    expect(
      messagesByField(passwordSignInSchema, { email: 'ada@example.com', password: '' }),
    ).toEqual({ password: [MISSING_CREDENTIALS_MESSAGE] })
  })

  it('refuses an address that is not an email', () => {
    expect(messagesByField(passwordSignInSchema, { email: 'ada', password: 'secret' })).toEqual({
      email: ['Enter a valid email address, like name@example.com'],
    })
  })

  it('reads the spec message exactly', () => {
    expect(MISSING_CREDENTIALS_MESSAGE).toBe(
      'You must provide either an email or phone number and a password',
    )
  })
})

describe('emailOnlySchema', () => {
  it('asks for an address, then for a valid one', () => {
    expect(messagesByField(emailOnlySchema, { email: ' ' })).toEqual({
      email: ['Enter your email address'],
    })
    expect(messagesByField(emailOnlySchema, { email: 'ada@' })).toEqual({
      email: ['Enter a valid email address, like name@example.com'],
    })
    expect(emailOnlySchema.parse({ email: 'ada@example.com ' })).toEqual({
      email: 'ada@example.com',
    })
  })
})

describe('newPasswordSchema', () => {
  it('accepts 8 characters confirmed', () => {
    expect(
      newPasswordSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }),
    ).toMatchObject({ success: true })
  })

  it('refuses fewer than 8 characters with the spec message', () => {
    expect(
      messagesByField(newPasswordSchema, { password: '1234567', confirmPassword: '1234567' }),
    ).toEqual({ password: ['Password must be at least 8 characters long'] })
  })

  it('shows a mismatch on confirmPassword with the spec message', () => {
    expect(
      messagesByField(newPasswordSchema, { password: '12345678', confirmPassword: '12345679' }),
    ).toEqual({ confirmPassword: ['Passwords do not match'] })
  })

  it('reports a short password and a mismatch together', () => {
    expect(messagesByField(newPasswordSchema, { password: 'short', confirmPassword: '' })).toEqual({
      password: ['Password must be at least 8 characters long'],
      confirmPassword: ['Passwords do not match'],
    })
  })
})

describe('signUpSchema', () => {
  it('needs an email and a confirmed password of 8 characters', () => {
    expect(
      messagesByField(signUpSchema, { email: '', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      email: ['Enter your email address'],
      password: ['Password must be at least 8 characters long'],
      confirmPassword: ['Passwords do not match'],
    })
    expect(
      signUpSchema.parse({
        email: 'ada@example.com',
        password: 'long enough',
        confirmPassword: 'long enough',
      }),
    ).toEqual({ email: 'ada@example.com', password: 'long enough', confirmPassword: 'long enough' })
  })
})
