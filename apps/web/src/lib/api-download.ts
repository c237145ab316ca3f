import { ApiError, apiUrl, readApiError } from './api-request'
import { env } from './env'
import { loadSupabase } from './supabase'

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again."

/**
 * Downloads a file of the product API (an interview's `.ics`, the account export) and hands it
 * to the browser under `fileName` (or the name it makes from the response's headers). A fetch
 * rather than a link, because the API wants the bearer token in a header, never in a URL.
 */
export async function downloadApiFile(
  path: string,
  fileName: string | ((response: Response) => string),
): Promise<void> {
  const supabase = await loadSupabase()
  const { data } = await supabase.auth.getSession()
  if (!data.session) {
    throw new ApiError(401, 'not_authenticated', 'Sign in again to download this file.')
  }
  let response: Response
  try {
    response = await fetch(apiUrl(env.PUBLIC_API_BASE_URL, path), {
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
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = typeof fileName === 'string' ? fileName : fileName(response)
  link.click()
  // Revoked a while later, not at once: some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
