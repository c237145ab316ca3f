import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ErrorResponseSchema, WebConfigSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { readConfig } from '../platform/config.ts'
import { authSettingsFromConfig } from '../modules/auth/index.ts'
import { buildWebConfig } from '../modules/web-config/index.ts'
import { createLocalByteStore } from '../modules/storage/index.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import { AppError } from '../platform/errors/app-error.ts'
import { buildApp } from './app.ts'

describe('the HTTP app', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let baseUrl: string
  let webDistDir: string

  beforeAll(async () => {
    database = await createTestDatabase()
    webDistDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'))
    await mkdir(path.join(webDistDir, 'assets'))
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>web app</title>')
    await writeFile(path.join(webDistDir, 'assets', 'main-abc123.js'), 'console.log(1)')
    const config = readConfig({ DATA_DIR: webDistDir })
    const secrets = await loadOrCreateSecrets(path.join(webDistDir, 'data'))
    app = await buildApp({
      db: database.pool,
      logger: pino({ level: 'silent' }),
      webConfig: buildWebConfig(config, secrets),
      webDistDir,
      dataDir: path.join(webDistDir, 'data'),
      byteStore: createLocalByteStore(path.join(webDistDir, 'data')),
      provideSupabaseServices: false,
      jwtSecret: secrets.jwtSecret,
      authSettings: authSettingsFromConfig(config, 'http://127.0.0.1'),
    })
    // Routes standing in for the product API, to drive the shared error contract.
    app.post(
      '/api/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        },
      },
      async (request) => request.body,
    )
    app.get('/api/zod', async (request) =>
      z.object({ limit: z.coerce.number().int() }).parse(request.query),
    )
    app.get('/api/conflict', async () => {
      throw new AppError('conflict', 'Swipe 7 was already recorded')
    })
    app.get('/api/crash', async () => {
      throw new Error('secret internals')
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })

  afterAll(async () => {
    await app.close()
    await database.drop()
    await rm(webDistDir, { recursive: true, force: true })
  })

  async function errorOf(response: Response) {
    return ErrorResponseSchema.parse(await response.json())
  }

  it('answers health with the database reachable, and a request id', async () => {
    const response = await fetch(`${baseUrl}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', version: '0.2.9' })
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps a caller-supplied request id', async () => {
    const response = await fetch(`${baseUrl}/health`, {
      headers: { 'x-request-id': 'trace-12345678' },
    })
    expect(response.headers.get('x-request-id')).toBe('trace-12345678')
  })

  it('hands the web app a complete runtime configuration, never cached', async () => {
    const response = await fetch(`${baseUrl}/config.js`)
    expect(response.headers.get('content-type')).toContain('text/javascript')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.text()
    const json = body.replace(/^window\.__APP_CONFIG__ = /, '').replace(/;\n$/, '')
    const webConfig = WebConfigSchema.parse(JSON.parse(json))
    expect(webConfig.PUBLIC_APP_ENV).toBe('development')
    expect(webConfig.PUBLIC_SUPABASE_ANON_KEY.split('.')).toHaveLength(3)
  })

  it('serves index.html for client-side routes and caches hashed assets for a year', async () => {
    const page = await fetch(`${baseUrl}/onboarding/job-types`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>web app</title>')
    expect(page.headers.get('cache-control')).toBe('no-cache')

    const asset = await fetch(`${baseUrl}/assets/main-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
  })

  it('answers a missing asset or API route with a JSON 404, not the HTML page', async () => {
    for (const url of ['/assets/missing.js', '/api/unknown', '/rest/v1/unknown']) {
      const response = await fetch(`${baseUrl}${url}`)
      expect(response.status).toBe(404)
      expect(await errorOf(response)).toMatchObject({ code: 'route_not_found' })
    }
  })

  it('refuses bad input with stable codes and clear messages', async () => {
    const badJson = await fetch(`${baseUrl}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    })
    expect(badJson.status).toBe(400)
    expect((await errorOf(badJson)).code).toBe('bad_json')

    const missingField = await fetch(`${baseUrl}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(missingField.status).toBe(400)
    const missing = await errorOf(missingField)
    expect(missing.code).toBe('validation_failed')
    expect(missing.message).toContain('name')

    const zod = await fetch(`${baseUrl}/api/zod?limit=many`)
    expect(zod.status).toBe(400)
    expect(await errorOf(zod)).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'limit' }],
    })

    const tooLarge = await fetch(`${baseUrl}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(tooLarge.status).toBe(413)
    expect((await errorOf(tooLarge)).code).toBe('payload_too_large')

    const wrongType = await fetch(`${baseUrl}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'name',
    })
    expect(wrongType.status).toBe(415)
    expect((await errorOf(wrongType)).code).toBe('unsupported_media_type')
  })

  it('maps a service error code to its status', async () => {
    const response = await fetch(`${baseUrl}/api/conflict`)
    expect(response.status).toBe(409)
    expect(await errorOf(response)).toEqual({
      code: 'conflict',
      message: 'Swipe 7 was already recorded',
    })
  })

  it('hides an unexpected failure behind a 500 that quotes the request id', async () => {
    const response = await fetch(`${baseUrl}/api/crash`)
    expect(response.status).toBe(500)
    const body = await errorOf(response)
    expect(body.code).toBe('unexpected_failure')
    expect(body.message).not.toContain('secret internals')
    expect(body.message).toContain(response.headers.get('x-request-id'))
  })
})
