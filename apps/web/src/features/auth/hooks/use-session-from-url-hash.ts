import type { Session } from '@supabase/supabase-js'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { setSessionFromTokens } from '../api/set-session-from-tokens'
import { readSessionTokens } from '../lib/read-session-tokens'

export type SessionFromUrlHash =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; session: Session }

/**
 * The pre-check shared by the pages that auth links open (reset password, upload): take the
 * session from the URL hash, or fail. Pass `expectedUserId` to also require that user.
 */
export function useSessionFromUrlHash({
  expectedUserId,
}: { expectedUserId?: string } = {}): SessionFromUrlHash {
  // The hash the page opened with: a page that leaves once signed in (/auth/callback) must not
  // check the next location's empty hash on its way out.
  const openingHash = useLocation({ select: (location) => location.hash })
  const [tokens] = useState(() => readSessionTokens(openingHash))

  // A query, not an effect: it runs once per token pair even when React mounts twice (StrictMode),
  // and setSession must not run twice, since refresh tokens are single-use.
  const query = useQuery({
    queryKey: [
      'auth',
      'session-from-url-hash',
      tokens?.accessToken,
      tokens?.refreshToken,
      expectedUserId,
    ],
    queryFn: () => setSessionFromTokens(tokens, expectedUserId),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

  if (query.isPending) {
    return { status: 'pending' }
  }
  if (query.isError) {
    return { status: 'error' }
  }
  return { status: 'success', session: query.data }
}
