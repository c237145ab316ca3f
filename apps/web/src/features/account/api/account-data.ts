/**
 * The user's data as a whole: the export (GET account/export, one ZIP) and deleting the
 * account (DELETE auth/delete-account, spec §7), after which no row or file of theirs remains.
 */
import { apiRequest } from '@/lib/api'
import { downloadApiFile } from '@/lib/api-download'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { exportFileName } from '../lib/export-file-name'

/** Downloads the export (one ZIP) and hands it to the browser under a dated file name. */
export function downloadAccountExport(): Promise<void> {
  return downloadApiFile('account/export', (response) =>
    exportFileName(response.headers.get('content-disposition'), new Date()),
  )
}

/** Deletes the account on the server: every row and file of the user goes with it. */
export async function deleteAccount(): Promise<void> {
  await apiRequest('auth/delete-account', { method: 'DELETE' })
}

/**
 * Signs this browser out (the person's other devices stay signed in): after deleting the
 * account, or leaving a sign-in half done. When the server no longer knows the session it
 * answers 401/403/404, which auth-js takes as signed out (spec §8); a network failure is
 * logged, and the session then ends at its next failed refresh.
 */
export async function signOutLocally(): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) {
    logger.warn('Could not sign out this browser', error)
  }
}
