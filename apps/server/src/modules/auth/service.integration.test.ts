import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

describe('what the Auth service says about itself', () => {
  let testApp: TestApp
  let baseUrl: string

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { AUTH_ANONYMOUS_SIGN_INS: 'false', GOOGLE_CLIENT_IDS: 'web-client.apps.example' },
    })
    ;({ baseUrl } = testApp)
  })

  afterAll(async () => {
    await testApp.close()
  })

  const getJson = async (path: string) => {
    const response = await fetch(`${baseUrl}/auth/v1${path}`)
    expect(response.status).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  it('GET /settings lists the sign-in methods of this install, in GoTrue’s shape', async () => {
    const settings = await getJson('/settings')
    expect(Object.keys(settings).sort()).toEqual([
      'disable_signup',
      'external',
      'mailer_autoconfirm',
      'phone_autoconfirm',
      'saml_enabled',
      'sms_provider',
    ])
    expect(settings).toMatchObject({
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        google: true,
        apple: false,
        github: false,
        azure: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    })
    const external = Object.values(settings.external as Record<string, unknown>)
    expect(external.length).toBeGreaterThan(20)
    expect(external.every((on) => typeof on === 'boolean')).toBe(true)
  })

  it('GET /health names the service and its version', async () => {
    const health = await getJson('/health')
    expect(Object.keys(health).sort()).toEqual(['description', 'name', 'version'])
    expect(health.name).toBe('GoTrue-compatible')
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('GET /.well-known/jwks.json publishes the signing key’s public half only', async () => {
    const jwks = (await getJson('/.well-known/jwks.json')) as { keys: Record<string, unknown>[] }
    expect(jwks.keys.map((key) => [key.kty, key.alg, 'd' in key])).toEqual([['EC', 'ES256', false]])
  })

  it('POST /sso answers 404 saml_provider_disabled', async () => {
    const { data, error } = await testApp.client().auth.signInWithSSO({ domain: 'example.com' })
    expect(data).toBeNull()
    expect(error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    })
    const byProvider = await testApp
      .client()
      .auth.signInWithSSO({ providerId: '00000000-0000-4000-8000-000000000000' })
    expect(byProvider.error).toMatchObject({ status: 404, code: 'saml_provider_disabled' })
  })
})

describe('GET /settings with the defaults', () => {
  it('reports anonymous sign-ins on and the social providers off', async () => {
    const testApp = await startTestApp({ env: { AUTH_EMAIL_AUTOCONFIRM: 'false' } })
    try {
      const response = await fetch(`${testApp.baseUrl}/auth/v1/settings`)
      expect(await response.json()).toMatchObject({
        external: { anonymous_users: true, google: false, apple: false },
        mailer_autoconfirm: false,
      })
    } finally {
      await testApp.close()
    }
  })
})
