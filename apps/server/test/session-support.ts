import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import type { TestApp } from '../../../test/test-app.ts'

/**
 * Test support for sessions that end or owe their second factor: the tokens an attacker may
 * still hold after a sign-out, and the password-only (aal1) session of a user with TOTP on.
 */
export const SESSION_TEST_PASSWORD = 'correct-horse-battery'

export type SignedInSession = {
  accessToken: string
  refreshToken: string
  supabase: SupabaseClient
}

/** A new password sign-in (a session of its own) of an existing user. */
export async function signIn(
  testApp: TestApp,
  email: string,
  password = SESSION_TEST_PASSWORD,
): Promise<SignedInSession> {
  const supabase = testApp.client()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error || !data.session) {
    throw new Error(`sign-in of ${email} failed: ${error?.message ?? 'no session'}`)
  }
  return {
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
    supabase,
  }
}

/** The payload of a JWT, unverified. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

/**
 * Enrols and verifies a TOTP factor from `supabase`'s session, which becomes aal2 (and the
 * user's aal1 sessions end, as GoTrue ends them). `serverNow` is the server's clock when a
 * test has moved it. Returns the factor's secret and the session's new access token.
 */
export async function turnOnTotp(
  supabase: SupabaseClient,
  serverNow: () => number = Date.now,
): Promise<{ secret: string; factorId: string; accessToken: string }> {
  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp' })
  if (enrolled.error || enrolled.data.type !== 'totp') {
    throw new Error(`TOTP enrolment failed: ${enrolled.error?.message ?? 'not totp'}`)
  }
  const secret = enrolled.data.totp.secret
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totpCode(secret, serverNow()),
  })
  if (verified.error) {
    throw new Error(`TOTP verification failed: ${verified.error.message}`)
  }
  return { secret, factorId: enrolled.data.id, accessToken: verified.data.access_token }
}

/** The authenticator app's code at `timestamp`. */
export function totpCode(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })
}

/** Ends a session through `POST /auth/v1/logout` (scope `local`, `others` or `global`). */
export async function signOut(
  testApp: TestApp,
  accessToken: string,
  scope: 'local' | 'others' | 'global' = 'local',
): Promise<void> {
  const response = await fetch(`${testApp.baseUrl}/auth/v1/logout?scope=${scope}`, {
    method: 'POST',
    headers: { apikey: testApp.anonKey, authorization: `Bearer ${accessToken}` },
  })
  if (response.status !== 204) {
    throw new Error(`logout answered ${response.status}: ${await response.text()}`)
  }
}
