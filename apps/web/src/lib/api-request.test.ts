import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, apiUrl, createApiRequest } from './api-request'

type Call = { url: string; init: RequestInit }

/** A fetch that records each call and answers with `answer()`. */
function recordingFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ url, init })
    return answer()
  }
  return { fetch, calls }
}

const tokens = { accessToken: 'access-jwt', refreshToken: 'refresh-token' }

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

describe('apiUrl', () => {
  it('joins the base URL and the path with exactly one slash', () => {
    expect(apiUrl('https://app.example.com/api', 'professional-profiles')).toBe(
      'https://app.example.com/api/professional-profiles',
    )
    expect(apiUrl('https://app.example.com/api/', '/emails/resume-upload')).toBe(
      'https://app.example.com/api/emails/resume-upload',
    )
  })
})

describe('createApiRequest', () => {
  it('sends JSON with the bearer token, the refresh token and credentials', async () => {
    const { fetch, calls } = recordingFetch(() => json({ id: 'p1' }, 201))
    const apiRequest = createApiRequest({
      baseUrl: 'https://app.example.com/api',
      getTokens: async () => tokens,
      fetch,
    })

    const answer = await apiRequest('professional-profiles', {
      method: 'POST',
      body: { fileName: 'a.pdf' },
    })

    expect(answer).toEqual({ id: 'p1' })
    const [call] = calls
    expect(call?.url).toBe('https://app.example.com/api/professional-profiles')
    expect(call?.init.method).toBe('POST')
    expect(call?.init.credentials).toBe('include')
    expect(call?.init.body).toBe('{"fileName":"a.pdf"}')
    const headers = new Headers(call?.init.headers)
    expect(headers.get('authorization')).toBe('Bearer access-jwt')
    expect(headers.get('x-refresh-token')).toBe('refresh-token')
    expect(headers.get('content-type')).toBe('application/json')
  })

  it('calls without the token headers when nobody is signed in', async () => {
    const { fetch, calls } = recordingFetch(() => json([]))
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => null,
      fetch,
    })
    await apiRequest('jobs')
    const headers = new Headers(calls[0]?.init.headers)
    expect(headers.has('authorization')).toBe(false)
    expect(headers.has('x-refresh-token')).toBe(false)
    expect(headers.has('content-type')).toBe(false)
    expect(calls[0]?.init.method).toBe('GET')
  })

  it('adds extra headers without letting them replace the token headers', async () => {
    const { fetch, calls } = recordingFetch(() => json({}, 201))
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch,
    })
    await apiRequest('swipes', {
      method: 'POST',
      body: {},
      headers: { 'Idempotency-Key': 'key-1', authorization: 'Bearer forged' },
    })
    const headers = new Headers(calls[0]?.init.headers)
    expect(headers.get('idempotency-key')).toBe('key-1')
    expect(headers.get('authorization')).toBe('Bearer access-jwt')
  })

  it('turns the {code, message, details} contract into an ApiError', async () => {
    const { fetch } = recordingFetch(() =>
      json({ code: 'not_found', message: 'Resume file not found', details: { a: 1 } }, 404),
    )
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch,
    })
    const error = await rejectionOf(
      apiRequest('professional-profiles', { method: 'POST', body: {} }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Resume file not found',
      details: { a: 1 },
    })
  })

  it('reports an answer outside the contract as unexpected_response', async () => {
    const { fetch } = recordingFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }))
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch,
    })
    const error = await rejectionOf(apiRequest('credits'))
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response' })
  })

  it('reports a request that got no answer as network_failure with status 0', async () => {
    const cause = new TypeError('Failed to fetch')
    const { fetch } = recordingFetch(() => Promise.reject(cause))
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch,
    })
    const error = await rejectionOf(apiRequest('credits'))
    expect(error).toMatchObject({ status: 0, code: 'network_failure', cause })
    expect((error as Error).message).toMatch(/couldn't reach the server/)
  })

  it('lets an aborted request reject with the abort, not as a network failure', async () => {
    const controller = new AbortController()
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    const { fetch } = recordingFetch(() => {
      controller.abort()
      return Promise.reject(abort)
    })
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch,
    })
    expect(await rejectionOf(apiRequest('credits', { signal: controller.signal }))).toBe(abort)
  })

  it('checks the answer against a schema when given one', async () => {
    const schema = z.object({ id: z.string() })
    const good = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch: recordingFetch(() => json({ id: 'p1', extra: true })).fetch,
    })
    expect(await good('profile', { schema })).toEqual({ id: 'p1' })

    const bad = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch: recordingFetch(() => json({ id: 7 })).fetch,
    })
    expect(await rejectionOf(bad('profile', { schema }))).toMatchObject({
      status: 200,
      code: 'unexpected_response',
    })
  })

  it('answers undefined for 204 No Content', async () => {
    const apiRequest = createApiRequest({
      baseUrl: 'https://x.test/api',
      getTokens: async () => tokens,
      fetch: recordingFetch(() => new Response(null, { status: 204 })).fetch,
    })
    expect(await apiRequest('auth/delete-account', { method: 'DELETE' })).toBeUndefined()
  })
})

describe('createApiRequest with early answers', () => {
  it('takes an early answer for a plain GET with the same token, and never for a write', async () => {
    const { fetch, calls } = recordingFetch(() => json({ from: 'fetch' }))
    const asked: string[] = []
    const apiRequest = createApiRequest({
      baseUrl: 'https://app.example.com/api',
      getTokens: () => Promise.resolve(tokens),
      fetch,
      takeEarlyResponse: (url, accessToken) => {
        asked.push(`${url} ${accessToken}`)
        return Promise.resolve(json({ from: 'early' }))
      },
    })
    expect(await apiRequest('jobs?widen=true')).toEqual({ from: 'early' })
    expect(asked).toEqual(['https://app.example.com/api/jobs?widen=true access-jwt'])
    expect(calls).toEqual([])

    expect(await apiRequest('swipes', { method: 'POST', body: { jobId: 'j1' } })).toEqual({
      from: 'fetch',
    })
    expect(await apiRequest('jobs', { headers: { 'x-extra': '1' } })).toEqual({ from: 'fetch' })
    expect(asked).toHaveLength(1)
    expect(calls).toHaveLength(2)
  })
})
