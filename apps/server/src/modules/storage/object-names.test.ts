import { describe, expect, it } from 'vitest'
import { checkObjectName } from './object-names.ts'

describe('checkObjectName', () => {
  it.each([
    'user/file.pdf',
    'user/sub folder/report (1).pdf',
    "user/a-b_c!*'&$@=;:+,?.mp3",
    'top-level.txt',
  ])('accepts %j', (name) => {
    expect(checkObjectName(name)).toBe(name)
  })

  it.each([
    ['empty', ''],
    ['a leading slash', '/user/file'],
    ['a trailing slash', 'user/'],
    ['an empty segment', 'user//file'],
    ['a parent segment', 'user/../other/file'],
    ['a current segment', 'user/./file'],
    ['a backslash', 'user\\..\\file'],
    ['a NUL', 'user/fi\0le'],
    ['a percent sign', 'user/%2e%2e'],
    ['a non-ASCII letter', 'user/résumé.pdf'],
    ['too many characters', `user/${'a'.repeat(1020)}`],
  ])('refuses a name with %s as InvalidKey', (_, name) => {
    expect(() => checkObjectName(name)).toThrow(
      expect.objectContaining({ status: 400, code: 'InvalidKey' }),
    )
  })
})
