import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { RESET_PASSWORD_PATH, appUrl } from '../lib/app-url'
import { signOut } from './sign-out'

/**
 * Emails a link to /forgot-password. The server answers the same for unknown addresses, so the
 * page cannot tell (and must not say) whether the account exists.
 */
export async function sendPasswordResetEmail(email: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: appUrl(RESET_PASSWORD_PATH),
  })
  if (error) {
    throw error
  }
}

/**
 * The reset email's code, typed instead of opening its link (the email read on another device):
 * the server checks it against the address and answers a session that allows the change, as
 * the link would. A wrong or used code is the server's 403 `otp_expired`.
 */
export async function verifyResetCode(email: string, code: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'recovery' })
  if (error) {
    throw error
  }
}

/**
 * Sets a new password with the session the reset link (or code) gave, then ends that session: it existed
 * only to allow this change, and the person now signs in with the new password (on this device
 * or in the mobile app). Failing to end it does not undo the change, so it is only logged.
 */
export async function changePasswordWithResetLink(password: string): Promise<void> {
  const supabase = await loadSupabase()
  const { data: sessionData } = await supabase.auth.getSession()
  if (!sessionData.session) {
    throw new Error('No session found')
  }
  const { data, error } = await supabase.auth.updateUser({ password })
  if (error) {
    throw error
  }
  if (!data.user) {
    throw new Error('User not found')
  }
  await signOut().catch((signOutError: unknown) => {
    logger.warn('Could not end the password reset session', signOutError)
  })
}
