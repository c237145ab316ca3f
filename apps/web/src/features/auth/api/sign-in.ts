/**
 * The ways to sign in. Each resolves when done, or throws an error for `describeAuthError`:
 * the server's own AuthError, or an Error carrying the spec's message.
 */
import type { User } from '@supabase/supabase-js'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { authCallbackUrl } from '../lib/app-url'
import type { PasswordSignInValues } from '../lib/auth-schemas'

/** Email and password, then the user read back from the server with the new session. */
export async function signInWithPassword({ email, password }: PasswordSignInValues): Promise<User> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) {
    throw error
  }
  const { data, error: userError } = await supabase.auth.getUser()
  if (userError || !data.user) {
    logger.error('Failed to retrieve user after signing in', userError)
    throw new Error('Failed to retrieve user after signing in', { cause: userError })
  }
  return data.user
}

/**
 * Emails a magic link (a sign-up confirmation for an address the server does not know yet).
 * The link comes back to /auth/callback, which finishes the sign-in and goes on to `returnTo`.
 */
export async function sendSignInLink(email: string, returnTo?: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: authCallbackUrl(returnTo) },
  })
  if (error) {
    throw error
  }
}

/** Leaves for Google's consent screen; Google's answer comes back through /auth/callback. */
export async function signInWithGoogle(returnTo?: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: authCallbackUrl(returnTo) },
  })
  if (error) {
    throw error
  }
}

/** A guest (anonymous) account; a later sign-up upgrades it in place (spec §4). */
export async function continueAsGuest(): Promise<User> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.signInAnonymously()
  if (error || !data.user) {
    logger.error('Failed to create anonymous user', error)
    throw new Error('Failed to create anonymous user', { cause: error })
  }
  return data.user
}
