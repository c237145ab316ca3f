import { describe, expect, it } from 'vitest'
import { returnPathAfterSignIn, safeReturnPath } from './return-path'

describe('safeReturnPath', () => {
  it.each([
    ['/jobs/list', '/jobs/list'],
    ['/jobs/list?remote=true&q=react%20dev', '/jobs/list?remote=true&q=react%20dev'],
    ['/account/security#two-step', '/account/security#two-step'],
    ['/', '/'],
    ['/jobs/../account', '/account'],
  ])('accepts the app path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected)
  })

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/jobs'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/jobs'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,hi'],
    ['a relative path', 'jobs/list'],
    ['an empty string', ''],
    ['the sign-in page (a loop)', '/sign-in?redirect=/jobs'],
    ['the second step', '/sign-in/verify'],
    ['the sign-up page', '/sign-up'],
    ['the link landing', '/auth/callback#access_token=x'],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it.each([undefined, null, 42, ['/jobs'], { to: '/jobs' }])(
    'refuses the non-string %j',
    (value) => {
      expect(safeReturnPath(value)).toBeNull()
    },
  )
})

describe('returnPathAfterSignIn', () => {
  it('returns to an acceptable path', () => {
    expect(returnPathAfterSignIn('/jobs/list?remote=true')).toBe('/jobs/list?remote=true')
  })

  it('falls back to the account for anything else', () => {
    expect(returnPathAfterSignIn('//evil.example')).toBe('/account')
    expect(returnPathAfterSignIn(undefined)).toBe('/account')
  })
})
