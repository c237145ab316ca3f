import { loadSupabase } from '@/lib/supabase'

export type GuestUpgradeResult = 'account-ready' | 'confirmation-sent'

/**
 * Turns the guest into an account holder in place (spec section 4): PUT /user with email and
 * password on the guest's own session keeps the user id, so the wizard row and every answer
 * stay theirs. With email confirmation off (the local default) the account is ready at once;
 * otherwise the address waits for the emailed link, which lands on /auth/callback.
 */
export async function upgradeGuest({
  email,
  password,
}: {
  email: string
  password: string
}): Promise<GuestUpgradeResult> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.updateUser(
    { email, password },
    { emailRedirectTo: new URL('/auth/callback', window.location.origin).href },
  )
  if (error) {
    throw error
  }
  return data.user.new_email ? 'confirmation-sent' : 'account-ready'
}
