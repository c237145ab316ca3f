import type { Session } from '@supabase/supabase-js'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import type { SessionTokens } from '../lib/read-session-tokens'

/**
 * Signs the browser in with the tokens an auth link carried, then reads the session back, as the
 * spec's reset and upload pages do. With `expectedUserId`, the session must belong to that user.
 * Every failure is logged here and rethrown, so the page only decides what to show.
 */
export async function setSessionFromTokens(
  tokens: SessionTokens | null,
  expectedUserId?: string,
): Promise<Session> {
  // Checked before the client loads: a page opened without a link's session shows its error at
  // once, without downloading supabase-js for nothing (issue 21).
  if (!tokens) {
    logger.error('Missing authentication token')
    throw new Error('Missing authentication token')
  }
  const supabase = await loadSupabase()
  try {
    const { error: setSessionError } = await supabase.auth.setSession({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
    })
    if (setSessionError) {
      throw setSessionError
    }
    const { data, error } = await supabase.auth.getSession()
    if (error) {
      throw error
    }
    const { session } = data
    if (expectedUserId !== undefined && session?.user.id !== expectedUserId) {
      throw new Error('Invalid user session')
    }
    if (!session) {
      throw new Error('No session found')
    }
    return session
  } catch (error) {
    logger.error('Authentication failed', error)
    throw error
  }
}
