/**
 * TOTP multi-factor authentication through auth-js (spec §4: a factor counts once verified;
 * aal2 once a verified factor exists): set up an authenticator app, list and remove it, and
 * answer the sign-in's second step, with the app's code or a recovery code.
 */
import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  type Factor,
} from '@supabase/supabase-js'
import { queryOptions } from '@tanstack/react-query'
import { env } from '@/lib/env'
import { loadSupabase } from '@/lib/supabase'
import { nextFactorName, qrCodeImageSource } from '../lib/totp'

async function listFactors() {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) {
    throw error
  }
  return data
}

/** The verified authenticator apps, the ones that protect the account. */
export function verifiedTotpFactorsQuery(userId: string) {
  return queryOptions({
    queryKey: ['account', 'mfa-factors', userId],
    queryFn: async (): Promise<Factor[]> => (await listFactors()).totp,
    retry: false,
  })
}

export type TotpEnrolment = {
  factorId: string
  /** The QR code as a safe `<img>` source. */
  qrCodeSource: string
  /** The shared secret (base32), for typing into the app by hand. */
  secret: string
}

/**
 * Starts setting up an authenticator app: the server creates an unverified factor and its
 * secret. A setup abandoned earlier (an unverified factor) is removed first, so it cannot
 * block the new one's name.
 */
export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  const supabase = await loadSupabase()
  const factors = await listFactors()
  for (const abandoned of factors.all.filter((factor) => factor.status === 'unverified')) {
    await cancelTotpEnrolment(abandoned.id)
  }
  const verified = factors.all.filter((factor) => factor.status === 'verified')
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: nextFactorName(verified.map((factor) => factor.friendly_name)),
  })
  if (error) {
    throw error
  }
  return {
    factorId: data.id,
    qrCodeSource: qrCodeImageSource(data.totp.qr_code),
    secret: data.totp.secret,
  }
}

export async function cancelTotpEnrolment(factorId: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) {
    throw error
  }
}

/**
 * Checks a code of the factor: the first good code verifies a new factor; either way the
 * session becomes aal2 (auth-js stores the new session).
 */
export async function verifyTotpCode(factorId: string, code: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) {
    throw error
  }
}

/**
 * Removes a factor (a verified one needs an aal2 session), then refreshes the session, whose
 * level the server lowered and whose user still listed the factor.
 */
export async function removeFactor(factorId: string): Promise<void> {
  const supabase = await loadSupabase()
  await cancelTotpEnrolment(factorId)
  const { error } = await supabase.auth.refreshSession()
  if (error) {
    throw error
  }
}

/** The sign-in's second step: a code of the user's (first) verified authenticator app. */
export async function verifySignInCode(code: string): Promise<void> {
  const [factor] = (await listFactors()).totp
  if (!factor) {
    throw new Error('No authenticator app is set up for this account. Sign in again.')
  }
  await verifyTotpCode(factor.id, code)
}

/**
 * Recovery codes: this server's `/auth/v1/mfa/recovery-codes` (GoTrue has none, so auth-js
 * has no call for them). Errors come back as auth-js errors, so describeAccountError reads them
 * like the rest of the MFA calls.
 */
async function recoveryCodesRequest<T>(method: 'GET' | 'POST', path = '', body?: unknown) {
  const supabase = await loadSupabase()
  const { data } = await supabase.auth.getSession()
  if (!data.session) {
    throw new AuthSessionMissingError()
  }
  const url = new URL(
    `auth/v1/mfa/recovery-codes${path}`,
    env.PUBLIC_SUPABASE_URL.replace(/\/?$/, '/'),
  )
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {
        apikey: env.PUBLIC_SUPABASE_ANON_KEY,
        authorization: `Bearer ${data.session.access_token}`,
        'x-supabase-api-version': '2024-01-01',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    })
  } catch (error) {
    throw new AuthRetryableFetchError(error instanceof Error ? error.message : 'Failed to fetch', 0)
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    const message = typeof json.message === 'string' ? json.message : response.statusText
    const code = typeof json.code === 'string' ? json.code : undefined
    throw new AuthApiError(message, response.status, code)
  }
  return json as T
}

export type RecoveryCodeStatus = { total: number; remaining: number; created_at: string | null }

/** How many of the user's recovery codes are left unused (needs an aal2 session). */
export function recoveryCodeStatusQuery(userId: string) {
  return queryOptions({
    queryKey: ['account', 'mfa-recovery-codes', userId],
    queryFn: () => recoveryCodesRequest<RecoveryCodeStatus>('GET'),
    retry: false,
  })
}

/** A new set of recovery codes, shown once; the old set stops working. */
export async function issueRecoveryCodes(): Promise<string[]> {
  const issued = await recoveryCodesRequest<{ codes: string[] }>('POST')
  return issued.codes
}

/**
 * The sign-in's second step with a recovery code instead of the app: the code is used up and
 * the session becomes aal2. The server answers with new tokens, which auth-js then keeps.
 */
export async function verifySignInRecoveryCode(code: string): Promise<void> {
  const supabase = await loadSupabase()
  const session = await recoveryCodesRequest<{ access_token: string; refresh_token: string }>(
    'POST',
    '/verify',
    { code },
  )
  const { error } = await supabase.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  })
  if (error) {
    throw error
  }
}
