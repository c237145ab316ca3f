// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEarlyRequests, takeEarlyResponse } from './early-requests'

const BASE = 'http://app.test/api'
const NOW = Date.UTC(2026, 10, 26, 12)
const DECK = `${BASE}/jobs?widen=true`

/** A JWT-shaped access token stating `aal` (signature not checked by the code under test). */
const tokenWith = (aal: string) =>
  ['header', btoa(JSON.stringify({ aal, sub: 'user-1' })).replace(/=+$/, ''), 'signature'].join('.')

/** A session as supabase-js stores it, its access token valid for `lifeSeconds` more. */
function storeSession(
  lifeSeconds: number,
  { accessToken = 'access-1', factors = [] as { status: string }[] } = {},
) {
  localStorage.setItem(
    'sb-app-auth-token',
    JSON.stringify({
      access_token: accessToken,
      refresh_token: 'refresh-1',
      expires_at: NOW / 1000 + lifeSeconds,
      user: { id: 'user-1', factors },
    }),
  )
}

/** The browser's fetch, recording what the entry script would send. */
const sent: { url: string; init: RequestInit | undefined }[] = []

beforeEach(() => {
  sent.length = 0
  localStorage.clear()
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    sent.push({ url, init })
    return Promise.resolve(new Response('{}'))
  })
})
afterEach(() => {
  // Whatever a test left unclaimed must not reach the next one.
  void takeEarlyResponse(DECK, 'access-1')
  void takeEarlyResponse(`${BASE}/credits`, 'access-1')
  vi.unstubAllGlobals()
})

describe('the early requests of the first page', () => {
  it('send the deck’s first reads with the stored session, for the app to take once', () => {
    storeSession(3600)
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    expect(sent.map((request) => request.url)).toEqual([DECK, `${BASE}/credits`])
    expect(new Headers(sent[0]?.init?.headers).get('authorization')).toBe('Bearer access-1')
    expect(new Headers(sent[0]?.init?.headers).get('x-refresh-token')).toBe('refresh-1')

    // Another token (refreshed, or another user) gets nothing; the same token gets it once.
    expect(takeEarlyResponse(DECK, 'access-2')).toBeNull()
    expect(takeEarlyResponse(DECK, 'access-1')).toBeInstanceOf(Promise)
    expect(takeEarlyResponse(DECK, 'access-1')).toBeNull()
  })

  it('send nothing where the page’s first query is not known or the session will not do', () => {
    storeSession(3600)
    startEarlyRequests({ pathname: '/jobs', search: '?q=nurse' }, BASE, NOW)
    startEarlyRequests({ pathname: '/applications', search: '' }, BASE, NOW)
    startEarlyRequests({ pathname: '/jobs', search: '' }, null, NOW)
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    online.mockRestore()
    storeSession(60)
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    localStorage.clear()
    startEarlyRequests({ pathname: '/jobs/', search: '' }, BASE, NOW)
    expect(sent).toEqual([])
    expect(takeEarlyResponse(DECK, 'access-1')).toBeNull()
  })

  it('wait for a session that owes its authenticator code (the server refuses it the data)', () => {
    const verified = [{ status: 'verified' }]
    storeSession(3600, { accessToken: tokenWith('aal1'), factors: verified })
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    storeSession(3600, { accessToken: 'not-a-jwt', factors: verified })
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    expect(sent).toEqual([])

    // Once the code is given (aal2), or with a factor not yet verified, the reads go out.
    storeSession(3600, { accessToken: tokenWith('aal2'), factors: verified })
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    expect(sent).toHaveLength(2)
    void takeEarlyResponse(DECK, tokenWith('aal2'))
    void takeEarlyResponse(`${BASE}/credits`, tokenWith('aal2'))
    storeSession(3600, { accessToken: tokenWith('aal1'), factors: [{ status: 'unverified' }] })
    startEarlyRequests({ pathname: '/jobs', search: '' }, BASE, NOW)
    expect(sent).toHaveLength(4)
    void takeEarlyResponse(DECK, tokenWith('aal1'))
    void takeEarlyResponse(`${BASE}/credits`, tokenWith('aal1'))
  })

  it('drop an answer nobody took', () => {
    vi.useFakeTimers()
    try {
      storeSession(3600)
      startEarlyRequests({ pathname: '/jobs/', search: '' }, BASE, NOW)
      vi.advanceTimersByTime(15_000)
      expect(sent).toHaveLength(2)
      expect(takeEarlyResponse(DECK, 'access-1')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
