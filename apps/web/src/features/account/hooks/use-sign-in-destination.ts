import type { Session } from '@supabase/supabase-js'
import { useQuery } from '@tanstack/react-query'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { destinationAfterSignIn } from '../api/social-sign-in'
import { describeAccountError } from '../lib/describe-account-error'
import type { SignInDestination } from '../lib/social-sign-in-rules'

export type SignInDestinationState =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'success'; destination: SignInDestination }

/**
 * Where /auth/callback goes once it holds a session: the social sign-in rules decide for a
 * Google or Apple sign-in, anything else goes to the account. A query, so it runs once per
 * session even when React mounts twice.
 */
export function useSignInDestination(session: Session): SignInDestinationState {
  const query = useQuery({
    queryKey: ['account', 'sign-in-destination', session.access_token],
    queryFn: async () => destinationAfterSignIn(await loadSupabase(), session, logger),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  if (query.isPending) {
    return { status: 'pending' }
  }
  if (query.isError) {
    return { status: 'error', message: describeAccountError(query.error) }
  }
  return { status: 'success', destination: query.data }
}
