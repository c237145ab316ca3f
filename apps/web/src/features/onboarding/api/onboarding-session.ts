import type { Session } from '@supabase/supabase-js'
import { queryOptions } from '@tanstack/react-query'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'

/**
 * The session the wizard runs in: this browser's, or, on a first visit, a new guest's
 * (anonymous sign-in; the server's new-user hook creates the profile and wizard rows). No
 * account is needed to finish onboarding; the success step upgrades the guest in place.
 */
export async function ensureOnboardingSession(): Promise<Session> {
  const supabase = await loadSupabase()
  const { data } = await supabase.auth.getSession()
  if (data.session) {
    return data.session
  }
  const { data: guest, error } = await supabase.auth.signInAnonymously()
  if (error || !guest.session) {
    logger.error('Failed to create anonymous user', error)
    throw new Error('Failed to create anonymous user', { cause: error })
  }
  return guest.session
}

export const onboardingSessionQuery = queryOptions({
  queryKey: ['onboarding', 'session'],
  queryFn: ensureOnboardingSession,
  // A failed guest sign-in is shown with a retry button rather than retried behind the scenes.
  retry: false,
})
