import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../test/test-app.ts'

/**
 * The web app's pages as the real server sends them (issue 12, items 2 and 7): security headers
 * on every page, a Range header that cannot break a page (F4), HSTS only over HTTPS (a trusted
 * proxy's X-Forwarded-Proto). The CSP itself is proven in Chromium by the e2e tests.
 */
describe('the pages of the web app', () => {
  let testApp: TestApp
  let distDir: string
  const page =
    '<!doctype html><title>web app</title><script type="module" src="/assets/app.js"></script>'

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'))
    await mkdir(path.join(distDir, 'assets'))
    await writeFile(path.join(distDir, 'index.html'), page)
    await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1)')
    testApp = await startTestApp({ webDistDir: distDir, env: { TRUST_PROXY: '1' } })
  })

  afterAll(async () => {
    await testApp.close()
    await rm(distDir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${testApp.baseUrl}${url}`, { headers })

  it('F4: ignores an unsatisfiable Range on a page or an asset and sends it whole', async () => {
    for (const url of ['/', '/jobs', '/assets/app.js', '/index.html']) {
      const response = await get(url, { range: 'bytes=999999999-' })
      expect(response.status, url).toBe(200)
      expect(response.headers.get('accept-ranges'), url).toBeNull()
      const body = await response.text()
      expect(body.length, url).toBeGreaterThan(0)
    }
    const partial = await get('/', { range: 'bytes=0-3' })
    expect(partial.status).toBe(200)
    expect(await partial.text()).toBe(page)
  })

  it('sends a strict Content-Security-Policy and the other page headers', async () => {
    const response = await get('/jobs')
    expect(response.headers.get('content-type')).toContain('text/html')
    const csp = response.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    // Scripts from this origin, and the one the server writes into its pages: the runtime
    // configuration (the body of /config.js), allowed by its hash alone (ADR 0035).
    const configScript = await (await get('/config.js')).text()
    const configHash = createHash('sha256').update(configScript).digest('base64')
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${configHash}'`])
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('permissions-policy')).toContain('microphone=(self)')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
    expect(response.headers.get('permissions-policy')).toContain('geolocation=()')
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('sends no referrer from the pages whose URL carries tokens', async () => {
    for (const url of [
      '/forgot-password',
      '/upload/0b8d3c1e-7c9a-4f7e-8d3e-1a2b3c4d5e6f',
      '/auth/callback',
    ]) {
      expect((await get(url)).headers.get('referrer-policy'), url).toBe('no-referrer')
    }
    expect((await get('/sign-in')).headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    )
  })

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull()
    const https = await get('/', { 'x-forwarded-proto': 'https' })
    expect(https.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    const api = await get('/api/nope', { 'x-forwarded-proto': 'https' })
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('answers a missing asset or a non-page request with JSON and a code', async () => {
    const asset = await get('/assets/missing.js')
    expect(asset.status).toBe(404)
    expect(await asset.json()).toMatchObject({ code: 'route_not_found' })
    const post = await fetch(`${testApp.baseUrl}/jobs`, { method: 'POST' })
    expect(post.status).toBe(404)
    expect(await post.json()).toMatchObject({ code: 'route_not_found' })
  })
})
