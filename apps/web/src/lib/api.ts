import { createApiRequest } from './api-request'
import { takeEarlyResponse } from './early-requests'
import { env } from './env'
import { loadSupabase } from './supabase'

export { ApiError, isApiError } from './api-request'

/**
 * The product API client every feature uses:
 * `apiRequest('professional-profiles', {method: 'POST', body: {fileName}, schema})`.
 * It sends the current supabase-js session's tokens (auth-js refreshes an expiring access token
 * when asked for the session), and throws `ApiError` with the server's code and message.
 */
export const apiRequest = createApiRequest({
  baseUrl: env.PUBLIC_API_BASE_URL,
  getTokens: async () => {
    const supabase = await loadSupabase()
    const { data } = await supabase.auth.getSession()
    const session = data.session
    return session
      ? { accessToken: session.access_token, refreshToken: session.refresh_token }
      : null
  },
  takeEarlyResponse,
})
