import type { Session } from '@supabase/supabase-js'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { setSessionFromTokens } from '../api/set-session-from-tokens'
import { holdsSessionTokens, readSessionTokens } from '../lib/read-session-tokens'

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
  useForgetTokensInUrl()

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

/**
 * Once the page has read the tokens an auth link put in the URL hash, takes them out of the
 * address (a history replace, so Back does not return to them either): a reload, a screenshot,
 * a bookmark or a shared link never carries them, and neither does the referrer of anything the
 * page loads. The hash of a refusal (`error`, `error_description`) holds no secret and stays.
 */
export function useForgetTokensInUrl() {
  const router = useRouter()
  useEffect(() => {
    const { pathname, search, hash } = window.location
    if (holdsSessionTokens(hash)) {
      router.history.replace(`${pathname}${search}`, router.history.location.state)
    }
  }, [router])
}
