import { describe, expect, it } from 'vitest'
import { readConfig } from '../../platform/config.ts'
import type { InstallSecrets } from '../../platform/keys/install-secrets.ts'
import { buildWebConfig, renderWebConfigScript } from './web-config.ts'

const secrets: InstallSecrets = {
  jwtSecret: 'x'.repeat(40),
  anonKey: 'header.anon.signature',
  serviceRoleKey: 'header.service.signature',
  postgresPassword: 'p'.repeat(20),
}

describe('buildWebConfig', () => {
  it('derives every URL from the listening address by default', () => {
    const webConfig = buildWebConfig(readConfig({ PORT: '4000', MARKETING_PORT: '4001' }), secrets)
    expect(webConfig).toMatchObject({
      PUBLIC_APP_URL: 'http://127.0.0.1:4000',
      PUBLIC_SUPABASE_URL: 'http://127.0.0.1:4000',
      PUBLIC_API_BASE_URL: 'http://127.0.0.1:4000/api',
      PUBLIC_MARKETING_URL: 'http://127.0.0.1:4001',
      PUBLIC_SUPABASE_ANON_KEY: 'header.anon.signature',
      PUBLIC_APP_ENV: 'development',
    })
  })

  it('never hands the service-role key or the JWT secret to browsers', () => {
    const script = renderWebConfigScript(buildWebConfig(readConfig({}), secrets))
    expect(script).not.toContain(secrets.serviceRoleKey)
    expect(script).not.toContain(secrets.jwtSecret)
  })

  it('refuses to start production without real analytics and error reporting', () => {
    expect(() => buildWebConfig(readConfig({ PUBLIC_APP_ENV: 'production' }), secrets)).toThrow(
      /PUBLIC_ANALYTICS_KEY, PUBLIC_ERROR_REPORTING_TOKEN, PUBLIC_ERROR_REPORTING_DSN must be set/,
    )
  })

  it('escapes markup so a value cannot end a script tag', () => {
    const config = readConfig({ PUBLIC_ANALYTICS_KEY: '</script><script>alert(1)</script>' })
    expect(renderWebConfigScript(buildWebConfig(config, secrets))).not.toContain('</script>')
  })
})
