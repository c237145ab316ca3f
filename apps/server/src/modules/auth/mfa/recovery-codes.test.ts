import { describe, expect, it } from 'vitest'
import { lockAfter, SECOND_FACTOR_ATTEMPTS } from './attempt-limits.ts'
import { generateRecoveryCode, hashRecoveryCode, normaliseRecoveryCode } from './recovery-codes.ts'

describe('recovery codes', () => {
  it('are 12 characters of Crockford base32 in three groups, all different', () => {
    const codes = Array.from({ length: 1000 }, generateRecoveryCode)
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/)
    }
    expect(new Set(codes).size).toBe(1000)
  })

  it('read case, spaces, dashes and look-alike letters the forgiving way', () => {
    expect(normaliseRecoveryCode('ab1c-0def-9xyz')).toBe('AB1C0DEF9XYZ')
    expect(normaliseRecoveryCode(' ABlC oDEF 9XYZ ')).toBe('AB1C0DEF9XYZ')
    expect(normaliseRecoveryCode('abIc-Odef-9xyz')).toBe('AB1C0DEF9XYZ')
  })

  it('refuse anything else', () => {
    for (const typed of [
      '',
      'ab1c-0def-9xy',
      'ab1c-0def-9xyzz',
      'ab1c-0def-9xyu',
      'ab1c_0def_9xyz',
    ]) {
      expect(normaliseRecoveryCode(typed)).toBeNull()
    }
  })

  it('hash per user: one code gives different hashes for two users', () => {
    const a = hashRecoveryCode('user-a', 'AB1C0DEF9XYZ')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(hashRecoveryCode('user-b', 'AB1C0DEF9XYZ')).not.toBe(a)
    expect(hashRecoveryCode('user-a', 'AB1C0DEF9XYZ')).toBe(a)
  })
})

describe('second-factor locks', () => {
  it('lock every fifth failure in a row, 5 minutes doubling up to an hour', () => {
    const minutes = (failures: number) => {
      const ms = lockAfter(failures)
      return ms === null ? null : ms / 60_000
    }
    expect([1, 2, 3, 4].map(minutes)).toEqual([null, null, null, null])
    expect([5, 10, 15, 20, 25, 30, 500].map(minutes)).toEqual([5, 10, 20, 40, 60, 60, 60])
    expect(SECOND_FACTOR_ATTEMPTS.failuresBeforeLock).toBe(5)
  })
})
