import type { WebConfig } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { webAppContentSecurityPolicy } from './security-headers.ts'

const base: WebConfig = {
  PUBLIC_ANALYTICS_KEY: 'phc_x',
  PUBLIC_ANALYTICS_HOST: 'https://app.example.com',
  PUBLIC_ERROR_REPORTING_TOKEN: 'token',
  PUBLIC_ERROR_REPORTING_DSN: 'https://local@app.example.com/0',
  PUBLIC_SUPABASE_ANON_KEY: 'a.b.c',
  PUBLIC_SUPABASE_URL: 'https://app.example.com',
  PUBLIC_API_BASE_URL: 'https://app.example.com/api',
  PUBLIC_APP_ENV: 'production',
  PUBLIC_APP_URL: 'https://app.example.com',
  PUBLIC_MARKETING_URL: 'https://example.com',
  PUBLIC_APP_VERSION: '0.2.9',
}

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((entry) => entry.startsWith(`${name} `))
  return found?.split(' ').slice(1) ?? []
}

describe("the web app's Content-Security-Policy", () => {
  it('connects to its own origin only when everything is served from it', () => {
    const policy = webAppContentSecurityPolicy(base)
    expect(directive(policy, 'connect-src')).toEqual(["'self'"])
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"])
  })

  it('allows the backend, user files, analytics and error reporting on their own origins', () => {
    const policy = webAppContentSecurityPolicy(
      {
        ...base,
        PUBLIC_SUPABASE_URL: 'https://project.supabase.co',
        PUBLIC_API_BASE_URL: 'https://api.example.com/v1',
        PUBLIC_ANALYTICS_HOST: 'https://eu.i.posthog.com',
        PUBLIC_ERROR_REPORTING_DSN: 'https://key@o1.ingest.sentry.io/42',
      },
      { storagePublicUrl: 'https://files.example-usercontent.com' },
    )
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://project.supabase.co',
      'https://api.example.com',
      'https://files.example-usercontent.com',
      'https://eu.i.posthog.com',
      'https://o1.ingest.sentry.io',
    ])
    expect(directive(policy, 'img-src')).toContain('https://files.example-usercontent.com')
    expect(directive(policy, 'media-src')).toContain('https://files.example-usercontent.com')
    // Never script from anywhere but the app.
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
  })
})
