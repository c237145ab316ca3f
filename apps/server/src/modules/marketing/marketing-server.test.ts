import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildMarketingServer } from './index.ts'

/** The marketing site's headers and refusals (issue 12, items 2 and 7). */
describe('the marketing server', () => {
  let distDir: string
  let app: FastifyInstance

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'marketing-dist-'))
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>home</title>')
    await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>missing</title>')
    app = await buildMarketingServer({
      distDir,
      appUrl: 'http://app.example',
      logger: pino({ level: 'silent' }),
      trustProxy: 1,
    })
  })

  afterAll(async () => {
    await app.close()
    await rm(distDir, { recursive: true, force: true })
  })

  it("leads /open-app to the app's /start, wherever the app is served", async () => {
    const response = await app.inject({ url: '/open-app' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('http://app.example/start')

    const underPath = await buildMarketingServer({
      distDir,
      appUrl: 'https://example.com/app',
      logger: pino({ level: 'silent' }),
    })
    try {
      const redirected = await underPath.inject({ url: '/open-app' })
      expect(redirected.headers.location).toBe('https://example.com/app/start')
    } finally {
      await underPath.close()
    }
  })

  it('sends a script-free Content-Security-Policy, no framing, nosniff, a referrer policy', async () => {
    const response = await app.inject({ url: '/' })
    expect(response.statusCode).toBe(200)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['permissions-policy']).toContain('microphone=()')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('F4: ignores an unsatisfiable Range', async () => {
    const response = await app.inject({ url: '/', headers: { range: 'bytes=999999999-' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>home</title>')
  })

  it('shows browsers the 404 page and answers other clients JSON with a code', async () => {
    const browser = await app.inject({ url: '/nope', headers: { accept: 'text/html' } })
    expect(browser.statusCode).toBe(404)
    expect(browser.body).toContain('<title>missing</title>')
    const client = await app.inject({ url: '/nope' })
    expect(client.statusCode).toBe(404)
    expect(client.json()).toMatchObject({ code: 'route_not_found' })
    const post = await app.inject({ method: 'POST', url: '/', payload: {} })
    expect(post.json()).toMatchObject({ code: 'route_not_found' })
  })

  it('refuses malformed text in the URL with a code', async () => {
    for (const url of ['/%00', '/?q=%C3%28', '/%zz']) {
      const response = await app.inject({ url })
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toMatchObject({ code: 'malformed_text' })
    }
  })
})
