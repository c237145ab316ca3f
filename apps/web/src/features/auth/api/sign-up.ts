import { loadSupabase } from '@/lib/supabase'
import { authCallbackUrl } from '../lib/app-url'
import type { SignUpValues } from '../lib/auth-schemas'
import { getCurrentSession } from './current-user'

export type SignUpResult =
  /** The account is ready and signed in (email confirmation is off). */
  | { status: 'signed-in' }
  /** The link emailed to the address (to /auth/callback) finishes the sign-up. */
  | { status: 'confirmation-sent'; email: string }

/**
 * Creates an account with email and password. A guest keeps their user, and so everything they
 * did, by adding the email and password to it (spec §4); anyone else gets a new user.
 */
export async function signUp(values: SignUpValues, returnTo?: string): Promise<SignUpResult> {
  const session = await getCurrentSession()
  return session?.user.is_anonymous
    ? upgradeGuest(values, returnTo)
    : signUpNewUser(values, returnTo)
}

/**
 * With confirmation on, the server answers a bare user and no session, also for an address that
 * already has an account (so sign-up does not reveal who is registered).
 */
async function signUpNewUser(
  { email, password }: SignUpValues,
  returnTo?: string,
): Promise<SignUpResult> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: authCallbackUrl(returnTo) },
  })
  if (error) {
    throw error
  }
  return data.session ? { status: 'signed-in' } : { status: 'confirmation-sent', email }
}

/**
 * PUT /user on the guest's own session. With confirmation on, the address waits in `new_email`
 * until the emailed link is opened; until then the user stays a guest.
 */
async function upgradeGuest(
  { email, password }: SignUpValues,
  returnTo?: string,
): Promise<SignUpResult> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.updateUser(
    { email, password },
    { emailRedirectTo: authCallbackUrl(returnTo) },
  )
  if (error) {
    throw error
  }
  return data.user.new_email ? { status: 'confirmation-sent', email } : { status: 'signed-in' }
}
