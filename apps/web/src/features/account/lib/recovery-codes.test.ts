import { describe, expect, it } from 'vitest'
import { recoveryCodeSchema, recoveryCodesText } from './recovery-codes'

describe('recovery codes', () => {
  it('download as a text file that says what they are', () => {
    const text = recoveryCodesText(
      ['abcd-efgh-jkmn', '0123-4567-89ab'],
      'app.example.com',
      new Date('2026-11-25T12:00:00Z'),
    )
    expect(text.split('\n')).toEqual([
      'Recovery codes for app.example.com',
      'Created 2026-11-25',
      '',
      'Each code signs you in once in place of your authenticator app.',
      'Keep them somewhere safe, away from your phone. Getting new codes ends these ones.',
      '',
      'abcd-efgh-jkmn',
      '0123-4567-89ab',
      '',
    ])
  })

  it('are accepted as typed, with or without dashes and spaces', () => {
    for (const typed of ['abcd-efgh-jkmn', ' ABCD EFGH JKMN ', 'abcdefghjkmn']) {
      expect(recoveryCodeSchema.safeParse({ code: typed }).success).toBe(true)
    }
    for (const typed of ['', '123456', 'abcd-efgh-jkm', 'abcd-efgh-jkmn-p']) {
      const parsed = recoveryCodeSchema.safeParse({ code: typed })
      expect(parsed.error?.issues[0]?.message).toBe('Enter a recovery code, like abcd-efgh-jkmn')
    }
  })
})
