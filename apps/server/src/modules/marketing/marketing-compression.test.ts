import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, writeWithCompressed } from '../../../../../test/raw-http.ts'
import { buildMarketingServer } from './index.ts'

/**
 * The marketing site served pre-compressed (issue 21), over HTTP: the build's .br or .gz as
 * the browser accepts, the hashed stylesheet cached for a year, pages revalidated.
 */
const PAGE = `<!doctype html><title>home</title>${'<section>pitch</section>'.repeat(100)}`
const STYLES = `${'.hero { color: red; }\n'.repeat(200)}`

describe('the marketing server, pre-compressed', () => {
  let distDir: string
  let app: FastifyInstance
  let baseUrl: string

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'marketing-dist-compressed-'))
    await mkdir(path.join(distDir, 'assets'))
    await writeWithCompressed(distDir, 'index.html', PAGE)
    await writeWithCompressed(distDir, 'assets/styles-abc123.css', STYLES)
    await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>missing</title>')
    app = await buildMarketingServer({
      distDir,
      appUrl: 'http://app.example',
      logger: pino({ level: 'silent' }),
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })

  afterAll(async () => {
    await app.close()
    await rm(distDir, { recursive: true, force: true })
  })

  it('sends the home page as brotli or gzip, or as it is, never cached', async () => {
    const brotli = await rawRequest(`${baseUrl}/`, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(brotli.status).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toContain('text/html')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotli.headers['cache-control']).toBe('no-cache')
    expect(brotli.headers['content-security-policy']).toBeDefined()
    expect(brotliDecompressSync(brotli.body).toString()).toBe(PAGE)

    const gzip = await rawRequest(`${baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE)

    const plain = await rawRequest(`${baseUrl}/`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(PAGE)
  })

  it('caches the hashed stylesheet for a year, compressed', async () => {
    const response = await rawRequest(`${baseUrl}/assets/styles-abc123.css`, {
      headers: { 'accept-encoding': 'br', range: 'bytes=999999999-' },
    })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toContain('text/css')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(response.body).toString()).toBe(STYLES)

    const head = await rawRequest(`${baseUrl}/assets/styles-abc123.css`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.body.length).toBe(0)
  })

  it('keeps a missing file a 404', async () => {
    const response = await rawRequest(`${baseUrl}/assets/missing-000000.css`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.status).toBe(404)
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'route_not_found' })
  })
})
