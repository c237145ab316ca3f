import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../test/test-app.ts'

/**
 * The edge of the real app (issue 12, item 7): malformed text refused once, before any route,
 * in each surface's own error shape (F1, F2); the select cap of /rest/v1 (F5); every framework
 * refusal (404, 413, 415, 431, a malformed request) answered in JSON with a stable code.
 */
describe('the edge of the app', () => {
  let testApp: TestApp
  let accessToken: string

  beforeAll(async () => {
    testApp = await startTestApp()
    const { data, error } = await testApp.client().auth.signUp({
      email: 'edge@example.com',
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    accessToken = data.session?.access_token ?? ''
  })

  afterAll(async () => {
    await testApp.close()
  })

  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${accessToken}`,
    apikey: testApp.anonKey,
    ...extra,
  })
  const json = (extra: Record<string, string> = {}) =>
    headers({ 'content-type': 'application/json', ...extra })

  async function call(path: string, init: RequestInit = {}) {
    const response = await fetch(`${testApp.baseUrl}${path}`, init)
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    }
  }

  /** Sends bytes as they are (what fetch cannot: huge headers, broken HTTP). */
  function rawRequest(bytes: Buffer | string): Promise<{ status: number; body: unknown }> {
    const port = Number(new URL(testApp.baseUrl).port)
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
      let answer = ''
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8')
      })
      socket.on('error', reject)
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n')
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) })
      })
    })
  }

  describe('F1: NUL in a query, a path or a body field never reaches PostgreSQL', () => {
    it('answers 400 malformed_text on the product API', async () => {
      const search = await call('/api/jobs?q=%00', { headers: headers() })
      expect(search.status).toBe(400)
      expect(search.body).toEqual({
        code: 'malformed_text',
        message: 'The query string holds a NUL character (%00)',
      })

      const profile = await call('/api/professional-profiles', {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ fileName: 'resume\u0000.pdf' }),
      })
      expect(profile.status).toBe(400)
      expect(profile.body.code).toBe('malformed_text')
    })

    it('answers GoTrue validation_failed under /auth/v1', async () => {
      const legacy = await call('/auth/v1/verify?token=%00&type=signup')
      expect(legacy.status).toBe(400)
      expect(legacy.body).toMatchObject({ code: 400, error_code: 'validation_failed' })
      expect(legacy.headers.get('x-sb-error-code')).toBe('validation_failed')

      const current = await call('/auth/v1/verify?token=%00&type=signup', {
        headers: { 'x-supabase-api-version': '2024-01-01' },
      })
      expect(current.body).toMatchObject({ code: 'validation_failed' })
    })

    it('answers Storage InvalidRequest for a bucket or object name with %00', async () => {
      for (const path of ['/storage/v1/bucket/a%00b', '/storage/v1/object/resumes/a%00b.pdf']) {
        const answer = await call(path, { headers: headers() })
        expect(answer.status, path).toBe(400)
        expect(answer.body, path).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
      }
    })

    it('answers PostgREST PGRST100 for the query and PGRST102 for the body under /rest/v1', async () => {
      const filter = await call('/rest/v1/jobs?title=eq.%00', { headers: headers() })
      expect(filter.status).toBe(400)
      expect(filter.body).toMatchObject({ code: 'PGRST100', details: null, hint: null })

      const insert = await call('/rest/v1/job_alerts', {
        method: 'POST',
        headers: json(),
        body: '{"name":"a\\u0000"}',
      })
      expect(insert.status).toBe(400)
      expect(insert.body.code).toBe('PGRST102')
    })
  })

  it('F2: NUL in user metadata on PUT /auth/v1/user is refused, nothing stored', async () => {
    const answer = await call('/auth/v1/user', {
      method: 'PUT',
      headers: json({ 'x-supabase-api-version': '2024-01-01' }),
      body: JSON.stringify({ data: { nickname: 'x\u0000' } }),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validation_failed')
    const { rows } = await testApp.database.pool.query<{ meta: Record<string, unknown> }>(
      `select raw_user_meta_data as meta from auth.users where email = 'edge@example.com'`,
    )
    expect(rows[0]?.meta).not.toHaveProperty('nickname')
  })

  it('refuses invalid UTF-8 and broken escapes in the URL, and bodies that are not UTF-8', async () => {
    for (const path of ['/api/jobs?q=%C3%28', '/api/jobs?q=100%', '/api/%zz']) {
      const answer = await call(path, { headers: headers() })
      expect(answer.status, path).toBe(400)
      expect(answer.body.code, path).toBe('malformed_text')
    }
    const body = await call('/api/professional-profiles', {
      method: 'POST',
      headers: json(),
      body: Buffer.from([0x7b, 0x22, 0x66, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    })
    expect(body.status).toBe(400)
    expect(body.body).toMatchObject({
      code: 'malformed_text',
      message: 'The body is not valid UTF-8',
    })
    const auth = await call('/auth/v1/%zz', { headers: { 'x-supabase-api-version': '2024-01-01' } })
    expect(auth.status).toBe(400)
    expect(auth.body.code).toBe('validation_failed')
  })

  it('refuses NUL in a form body (the OAuth form_post callback)', async () => {
    const form = await call('/auth/v1/callback', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-supabase-api-version': '2024-01-01',
      },
      body: 'state=abc%00&code=x',
    })
    expect(form.status).toBe(400)
    expect(form.body.code).toBe('validation_failed')
  })

  it('refuses JSON nested too deep before parsing it, on every surface', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    const api = await call('/api/swipes', { method: 'POST', headers: json(), body: deep })
    expect(api.body.code).toBe('bad_json')
    const auth = await call('/auth/v1/user', {
      method: 'PUT',
      headers: json({ 'x-supabase-api-version': '2024-01-01' }),
      body: `{"data":${deep}}`,
    })
    expect(auth.body.code).toBe('bad_json')
    const rest = await call('/rest/v1/job_alerts', { method: 'POST', headers: json(), body: deep })
    expect(rest.body.code).toBe('PGRST102')
  })

  it('F5: a select of more than 500 items, nested too deep or too long a JSON path is PGRST100', async () => {
    const wide = Array.from({ length: 1700 }, (_, index) => `c${index}:id`).join(',')
    const tooWide = await call(`/rest/v1/jobs?select=${wide}`, { headers: headers() })
    expect(tooWide.status).toBe(400)
    expect(tooWide.body).toMatchObject({
      code: 'PGRST100',
      details: 'more than 500 columns and embedded resources',
    })

    const fits = Array.from({ length: 500 }, (_, index) => `c${index}:id`).join(',')
    expect(
      (await call(`/rest/v1/jobs?select=${fits}&limit=1`, { headers: headers() })).status,
    ).toBe(200)

    const nested = `${'or('.repeat(200)}id.eq.1${')'.repeat(200)}`
    const deepLogic = await call(`/rest/v1/jobs?or=(${nested})`, { headers: headers() })
    expect(deepLogic.status).toBe(400)
    expect(deepLogic.body.details).toBe('nested deeper than 16 levels')

    const path = Array.from({ length: 40 }, () => 'a').join('->')
    const longPath = await call(`/rest/v1/job_alerts?select=filters->${path}`, {
      headers: headers(),
    })
    expect(longPath.status).toBe(400)
    expect(longPath.body.details).toBe('a JSON path longer than 16 steps')
  })

  it('answers an unknown route in each surface shape, with a code', async () => {
    const api = await call('/api/nope')
    expect(api).toMatchObject({ status: 404, body: { code: 'route_not_found' } })
    const auth = await call('/auth/v1/nope', {
      headers: { 'x-supabase-api-version': '2024-01-01' },
    })
    expect(auth).toMatchObject({ status: 404, body: { code: 'route_not_found' } })
    const rest = await call('/rest/v1/jobs/1/nope', { headers: headers() })
    expect(rest).toMatchObject({ status: 404, body: { code: 'PGRST125' } })
    const storage = await call('/storage/v1/nope', { headers: headers() })
    expect(storage.status).toBe(404)
    expect(typeof storage.body.code).toBe('string')
  })

  it('answers 413 and 415 with codes on the product API and Auth', async () => {
    const large = JSON.stringify({ fileName: 'x'.repeat(2 * 1024 * 1024) })
    const apiLarge = await call('/api/professional-profiles', {
      method: 'POST',
      headers: json(),
      body: large,
    })
    expect(apiLarge).toMatchObject({ status: 413, body: { code: 'payload_too_large' } })
    const apiType = await call('/api/professional-profiles', {
      method: 'POST',
      headers: headers({ 'content-type': 'application/xml' }),
      body: '<a/>',
    })
    expect(apiType).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } })
    const authType = await call('/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-supabase-api-version': '2024-01-01' },
      body: '<a/>',
    })
    expect(authType).toMatchObject({ status: 415, body: { code: 'validation_failed' } })
  })

  it('answers headers over 16 KB with a 431 in JSON, and a malformed request with a 400', async () => {
    const tooLarge = await rawRequest(
      `GET /api/jobs HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(tooLarge).toMatchObject({
      status: 431,
      body: { code: 'request_header_fields_too_large', statusCode: '431' },
    })
    const malformed = await rawRequest('GET /api/jobs HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')
    expect(malformed).toMatchObject({ status: 400, body: { code: 'bad_request' } })
    const rawNul = await rawRequest(Buffer.from('GET /api/jobs\0 HTTP/1.1\r\nHost: x\r\n\r\n'))
    expect(rawNul).toMatchObject({ status: 400, body: { code: 'bad_request' } })
  })

  it('refuses a header read as text that is not UTF-8', async () => {
    const answer = await rawRequest(
      Buffer.concat([
        Buffer.from('GET /api/jobs HTTP/1.1\r\nHost: x\r\nConnection: close\r\nPrefer: a'),
        Buffer.from([0xe9]),
        Buffer.from('\r\n\r\n'),
      ]),
    )
    expect(answer).toMatchObject({ status: 400, body: { code: 'malformed_text' } })
  })

  it('sends nosniff and no referrer on API answers, and no HSTS over plain HTTP', async () => {
    const answer = await fetch(`${testApp.baseUrl}/api/nope`)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer')
    expect(answer.headers.get('strict-transport-security')).toBeNull()
    const verify = await fetch(`${testApp.baseUrl}/auth/v1/verify?token=123456&type=signup`, {
      redirect: 'manual',
    })
    expect(verify.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
