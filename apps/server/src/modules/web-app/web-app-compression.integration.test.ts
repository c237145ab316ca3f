import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createHash } from 'node:crypto'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, writeWithCompressed } from '../../../../../test/raw-http.ts'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * The built web app served pre-compressed (issue 21): the build writes a .br and a .gz beside
 * each compressible file; the server sends the one the browser accepts, says it varies on
 * Accept-Encoding, and keeps its caching, HEAD, Range and 404 behaviour. The page of every
 * client-side route carries the runtime configuration inline, compressed when the server starts. The dist here is made
 * as the build makes it (apps/web/scripts/precompress.ts is tested on its own).
 */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `word ${n}`))}\n`
// As the build writes it: the runtime configuration's tag, which the server fills in.
const PAGE = `<!doctype html><html><head><title>web app</title><script src="/config.js" ></script></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`
const WORKER = `self.addEventListener('install', () => {})\n${'// precache entry\n'.repeat(100)}`
const TINY = 'console.log(1)\n'

describe('pre-compressed assets of the web app', () => {
  let distDir: string
  let testApp: TestApp
  /** The page as served: PAGE with /config.js's own body inline. */
  let servedPage: string
  let configScript: string

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-compressed-'))
    await mkdir(path.join(distDir, 'assets'))
    await writeWithCompressed(distDir, 'index.html', PAGE)
    await writeWithCompressed(distDir, 'sw.js', WORKER)
    await writeWithCompressed(distDir, 'assets/app-abc123.js', SCRIPT)
    // Under the build's 1 KB threshold: no compressed sibling.
    await writeFile(path.join(distDir, 'assets', 'tiny-def456.js'), TINY)
    testApp = await startTestApp({ webDistDir: distDir })
    configScript = await (await fetch(`${testApp.baseUrl}/config.js`)).text()
    servedPage = PAGE.replace(
      '<script src="/config.js" ></script>',
      `<script>${configScript}</script>`,
    )
  })

  afterAll(async () => {
    await testApp.close()
    await rm(distDir, { recursive: true, force: true })
  })

  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${testApp.baseUrl}${pathname}`, { method, headers })

  it('sends brotli to a browser that accepts it, bytes that decompress to the file', async () => {
    // What Chromium sends: brotli is preferred over gzip.
    const response = await get('/assets/app-abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toContain('javascript')
    expect(response.headers.vary).toContain('accept-encoding')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body.length).toBeLessThan(SCRIPT.length / 2)
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
  })

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers.vary).toContain('accept-encoding')
    expect(gunzipSync(response.body).toString()).toBe(SCRIPT)
  })

  it('sends the file itself without Accept-Encoding, still saying it varies on it', async () => {
    const requests: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }]
    for (const headers of requests) {
      const response = await get('/assets/app-abc123.js', headers)
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toContain('accept-encoding')
      expect(response.body.toString()).toBe(SCRIPT)
    }
  })

  it('sends a file the build left uncompressed as it is', async () => {
    const response = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body.toString()).toBe(TINY)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('compresses the SPA fallback and the service worker, neither cached', async () => {
    for (const pathname of ['/', '/jobs', '/onboarding/job-search-status']) {
      const response = await get(pathname, { 'accept-encoding': 'br' })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.headers.vary).toContain('accept-encoding')
      // The page's security headers ride along (CSP with its nonce-free policy).
      expect(response.headers['content-security-policy']).toBeDefined()
      expect(brotliDecompressSync(response.body).toString()).toBe(servedPage)
    }
    const gzipped = await get('/forgot-password', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(gzipped.body).toString()).toBe(servedPage)
    const plain = await get('/jobs', { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(servedPage)

    const worker = await get('/sw.js', { 'accept-encoding': 'br' })
    expect(worker.headers['content-encoding']).toBe('br')
    expect(worker.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(worker.body).toString()).toBe(WORKER)
  })

  it('writes the runtime configuration into the page, allowed to run by its hash alone', async () => {
    const response = await get('/applications')
    const page = response.body.toString()
    expect(configScript).toMatch(/^window\.__APP_CONFIG__ = \{/)
    expect(page).toContain(`<script>${configScript}</script>`)
    expect(page).not.toContain('src="/config.js"')
    const scriptSources = /(?:^|;\s*)script-src ([^;]*)/
      .exec(String(response.headers['content-security-policy']))?.[1]
      ?.split(' ')
    const hash = createHash('sha256').update(configScript).digest('base64')
    expect(scriptSources).toEqual(["'self'", `'sha256-${hash}'`])
  })

  it('answers HEAD with the compressed headers and no body', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length)
    expect(response.body.length).toBe(0)
    const page = await get('/jobs', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.body.length).toBe(0)
  })

  it('ignores a Range, satisfiable or not, and sends the whole compressed file (F4)', async () => {
    for (const range of ['bytes=0-10', 'bytes=999999999-']) {
      const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', range })
      expect(response.status).toBe(200)
      expect(response.headers['content-range']).toBeUndefined()
      expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
    }
    const page = await get('/jobs', { 'accept-encoding': 'br', range: 'bytes=999999999-' })
    expect(page.status).toBe(200)
    expect(brotliDecompressSync(page.body).toString()).toBe(servedPage)
  })

  it('keeps a missing asset a JSON 404, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/missing-000000.js', { 'accept-encoding': encoding })
      expect(response.status).toBe(404)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'route_not_found' })
    }
  })
})
