/**
 * Deleting the account needs a recent sign-in (the server's rule, 403
 * `reauthentication_needed`; `REAUTHENTICATION_MAX_AGE_SECONDS` in contracts). These read how
 * recent this session's sign-in is, and sign in again: with the password in place (a new session
 * replaces this one, nothing else changes), or through an email link or Google that come back
 * to the delete step.
 */
import { isAuthApiError } from '@/lib/auth-errors'
import { loadSupabase } from '@/lib/supabase'
import { isRecentSignIn, lastSignInAt } from '@app/contracts'
import { appUrl } from './app-url'

/** The page the fresh sign-in returns to: the data page, with the delete dialog open. */
export const DELETE_STEP_PATH = '/account/data?delete=confirm'

/** The sign-in's callback, going on to the delete step once the new session is in. */
function deleteStepCallbackUrl(): string {
  return appUrl(`/auth/callback?${new URLSearchParams({ redirect: DELETE_STEP_PATH }).toString()}`)
}

/** Whether this session signed in recently enough to delete (read from its token, no request). */
export async function hasRecentSignIn(): Promise<boolean> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) {
    return false
  }
  const amr = data.currentAuthenticationMethods.map((entry) =>
    typeof entry === 'string' ? { method: entry, timestamp: 0 } : entry,
  )
  return isRecentSignIn(lastSignInAt(amr), Math.floor(Date.now() / 1000))
}

export type PasswordCheck = 'confirmed' | 'needs-second-factor'

/**
 * Signs in again with the password: a new session replaces this one. A wrong password throws
 * (and leaves this session as it was). An account with two-step verification then owes its
 * code (`needs-second-factor`): /sign-in/verify takes it and returns to the delete step.
 */
export async function confirmPassword(email: string, password: string): Promise<PasswordCheck> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) {
    if (isAuthApiError(error) && error.code === 'invalid_credentials') {
      throw new Error("That password isn't right. Nothing was deleted.", { cause: error })
    }
    throw error
  }
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2'
    ? 'needs-second-factor'
    : 'confirmed'
}

/** Emails a sign-in link that comes back to the delete step (accounts without a password). */
export async function sendDeleteSignInLink(email: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: deleteStepCallbackUrl(), shouldCreateUser: false },
  })
  if (error) {
    throw error
  }
}

/** Leaves for Google's consent screen; the sign-in comes back to the delete step. */
export async function signInAgainWithGoogle(): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: deleteStepCallbackUrl() },
  })
  if (error) {
    throw error
  }
}
