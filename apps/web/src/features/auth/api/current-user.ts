import type { Session, User } from '@supabase/supabase-js'
import { queryOptions } from '@tanstack/react-query'
import { logger } from '@/lib/logger'
import { storedUserId } from '@/lib/stored-session'
import { isSupabaseLoaded, loadSupabase } from '@/lib/supabase'

/**
 * The session this browser holds, or null. Read from storage (refreshed first when it is about
 * to expire); a session that cannot be read counts as signed out.
 */
export async function getCurrentSession(): Promise<Session | null> {
  // A session lives in storage, or in a client already loaded (where storage is unusable). With
  // neither there is none: a new visitor's page is not held until supabase-js has downloaded
  // just to learn that (issue 21).
  if (!isSupabaseLoaded() && storedUserId() === null) {
    return null
  }
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) {
    logger.warn('Could not read the session', error)
    return null
  }
  return data.session
}

/** The signed-in user as the server knows them now (not the copy inside the session). */
export async function getCurrentUser(): Promise<User> {
  const supabase = await loadSupabase()
  if (!(await getCurrentSession())) {
    throw new Error('Not authenticated')
  }
  const { data, error } = await supabase.auth.getUser()
  if (error || !data.user) {
    logger.error('User not found', error)
    throw new Error('User not found', { cause: error })
  }
  return data.user
}

/**
 * Keyed by user id, so another account never sees this one's data; and never cached past its
 * screen (gcTime 0), because a guest upgrade or an email confirmation changes the user behind
 * the same id while nobody is watching.
 */
export function currentUserQuery(userId: string) {
  return queryOptions({
    queryKey: ['auth', 'user', userId],
    queryFn: getCurrentUser,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
