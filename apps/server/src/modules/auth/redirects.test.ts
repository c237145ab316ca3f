import { describe, expect, it } from 'vitest'
import type { AuthSettings } from './auth-settings.ts'
import {
  isAllowedRedirect,
  redirectWithCode,
  redirectWithError,
  redirectWithSession,
  resolveRedirect,
} from './redirects.ts'
import type { SessionResponse } from './sessions.service.ts'

function settings(siteUrl: string, redirectAllowList: string[] = []) {
  return { siteUrl, redirectAllowList } as AuthSettings
}

describe('redirect checking', () => {
  it('allows the site host, and any port on loopback hosts', () => {
    const local = settings('http://localhost:3000')
    expect(isAllowedRedirect('http://localhost:3000/forgot-password', local)).toBe(true)
    expect(isAllowedRedirect('http://localhost:5173/auth/callback', local)).toBe(true)
    expect(isAllowedRedirect('http://127.0.0.1:4000/x', local)).toBe(true)
    const hosted = settings('https://app.example.com')
    expect(isAllowedRedirect('https://app.example.com/auth/callback?x=1', hosted)).toBe(true)
    expect(isAllowedRedirect('https://app.example.com:8443/', hosted)).toBe(false)
    expect(isAllowedRedirect('http://app.example.com/', hosted)).toBe(false)
    expect(isAllowedRedirect('https://evil.example.net/', hosted)).toBe(false)
    expect(isAllowedRedirect('https://app.example.com.evil.net/', hosted)).toBe(false)
    expect(isAllowedRedirect('not a url', hosted)).toBe(false)
  })

  it('matches allow-list patterns: * within a segment or label, ** across them', () => {
    const allowList = ['https://*.preview.example.com/**', 'myapp://auth/*']
    const configured = settings('https://app.example.com', allowList)
    expect(isAllowedRedirect('https://pr-12.preview.example.com/a/b', configured)).toBe(true)
    expect(isAllowedRedirect('https://a.b.preview.example.com/', configured)).toBe(false)
    expect(isAllowedRedirect('myapp://auth/callback', configured)).toBe(true)
    expect(isAllowedRedirect('myapp://auth/callback/deeper', configured)).toBe(false)
    expect(isAllowedRedirect('https://previewXexample.com/', configured)).toBe(false)
  })

  it('falls back to the site URL for a missing or refused redirect', () => {
    const hosted = settings('https://app.example.com')
    expect(resolveRedirect(undefined, hosted)).toBe('https://app.example.com')
    expect(resolveRedirect('https://evil.example.net/', hosted)).toBe('https://app.example.com')
    expect(resolveRedirect('https://app.example.com/x', hosted)).toBe('https://app.example.com/x')
  })
})

describe('redirect results', () => {
  const session = {
    access_token: 'a.b.c',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 1700003600,
    refresh_token: 'r3fresh',
  } as SessionResponse

  it('puts an implicit session in the fragment with sorted keys', () => {
    expect(redirectWithSession('http://localhost:3000/forgot-password', session, 'recovery')).toBe(
      'http://localhost:3000/forgot-password#access_token=a.b.c&expires_at=1700003600&expires_in=3600&refresh_token=r3fresh&sb=&token_type=bearer&type=recovery',
    )
  })

  it('puts a PKCE code in the query, keeping the existing query', () => {
    expect(redirectWithCode('http://localhost:3000/auth/callback?next=%2Fa', 'c0de')).toBe(
      'http://localhost:3000/auth/callback?next=%2Fa&code=c0de',
    )
  })

  it('puts errors in the fragment, and in the query too for PKCE clients', () => {
    const failure = {
      error: 'access_denied',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    }
    const implicit = new URL(redirectWithError('http://localhost:3000/x', failure, false))
    expect(implicit.search).toBe('')
    expect(new URLSearchParams(implicit.hash.slice(1)).get('error_code')).toBe('otp_expired')
    const pkce = new URL(redirectWithError('http://localhost:3000/x', failure, true))
    expect(pkce.searchParams.get('error_description')).toBe('Email link is invalid or has expired')
    expect(new URLSearchParams(pkce.hash.slice(1)).get('sb')).toBe('')
  })
})
