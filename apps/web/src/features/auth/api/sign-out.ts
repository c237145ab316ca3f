import { loadSupabase } from '@/lib/supabase'

/**
 * Signs this browser out (scope `local`: the person's other devices, the mobile app included,
 * stay signed in). When the server answers 401, 403 or 404 (the session is already gone or the
 * user deleted), auth-js clears the local session and reports no error, which is the spec's
 * rule (§8). Any other failure (network, 5xx) keeps the session and is thrown.
 */
export async function signOut(): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) {
    throw error
  }
}
