/**
 * The user's data as a whole: the export (GET account/export, one ZIP) and deleting the
 * account (DELETE auth/delete-account, spec §7), after which no row or file of theirs remains.
 */
import { apiRequest } from '@/lib/api'
import { ApiError, apiUrl, readApiError } from '@/lib/api-request'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { supabase } from '@/lib/supabase'
import { exportFileName } from '../lib/export-file-name'

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again."

/**
 * Downloads the export and hands it to the browser as a file. A fetch rather than a link,
 * because the API wants the bearer token in a header, never in a URL.
 */
export async function downloadAccountExport(): Promise<void> {
  const { data } = await supabase.auth.getSession()
  if (!data.session) {
    throw new Error('Not authenticated')
  }
  let response: Response
  try {
    response = await fetch(apiUrl(env.PUBLIC_API_BASE_URL, 'account/export'), {
      headers: {
        authorization: `Bearer ${data.session.access_token}`,
        'x-refresh-token': data.session.refresh_token,
      },
      credentials: 'include',
    })
  } catch (error) {
    throw new ApiError(0, 'network_failure', NETWORK_MESSAGE, { cause: error })
  }
  if (!response.ok) {
    throw await readApiError(response)
  }
  const name = exportFileName(response.headers.get('content-disposition'), new Date())
  saveFile(await response.blob(), name)
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoked a while later, not at once: some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
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
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) {
    logger.warn('Could not sign out this browser', error)
  }
}
