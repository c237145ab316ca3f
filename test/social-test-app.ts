import { randomUUID } from 'node:crypto'
import type { JWTPayload } from 'jose'
import { startTestApp, type TestApp } from './test-app.ts'
import {
  type FakeOidcProvider,
  startFakeOidcProvider,
} from '../apps/server/test/fake-oidc-provider.ts'

/**
 * Test support: the real app with Google and Apple pointed at local fake providers
 * (`fake-oidc-provider.ts`), and helpers that mint their ID tokens.
 */
export const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com'
export const GOOGLE_CLIENT_SECRET = 'x'
export const APPLE_CLIENT_ID = 'com.example.app'

export type SocialTestApp = {
  testApp: TestApp
  google: FakeOidcProvider
  apple: FakeOidcProvider
  /** A Google account never seen before: its `sub` and a unique address. */
  newGoogleAccount: (overrides?: Partial<JWTPayload>) => JWTPayload & { sub: string; email: string }
  close: () => Promise<void>
}

export async function startSocialTestApp(
  options: { env?: Record<string, string>; apple?: boolean } = {},
): Promise<SocialTestApp> {
  const google = await startFakeOidcProvider({
    issuer: 'https://accounts.google.com',
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
  })
  const apple = await startFakeOidcProvider({
    issuer: 'https://appleid.apple.com',
    clientId: APPLE_CLIENT_ID,
    clientSecret: 'unused',
  })
  const appleEnabled = options.apple ?? true
  const testApp = await startTestApp({
    env: {
      GOOGLE_CLIENT_IDS: GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      ...(appleEnabled ? { APPLE_CLIENT_IDS: APPLE_CLIENT_ID } : {}),
      ...options.env,
    },
    settings: (settings) => ({
      ...settings,
      providers: {
        google: settings.providers.google && {
          ...settings.providers.google,
          jwksUrl: google.jwksUrl,
          authorizationUrl: google.authorizationUrl,
          tokenUrl: google.tokenUrl,
        },
        apple: settings.providers.apple && { ...settings.providers.apple, jwksUrl: apple.jwksUrl },
      },
    }),
  })
  return {
    testApp,
    google,
    apple,
    newGoogleAccount: (overrides = {}) => {
      const id = randomUUID()
      return {
        sub: `1${id.replaceAll('-', '').replace(/\D/g, '').padEnd(20, '7').slice(0, 20)}`,
        email: `${id.slice(0, 8)}@gmail.example`,
        email_verified: true,
        name: 'Grace Hopper',
        picture: 'https://lh3.example/photo.jpg',
        ...overrides,
      }
    },
    close: async () => {
      await testApp.close()
      await google.close()
      await apple.close()
    },
  }
}
