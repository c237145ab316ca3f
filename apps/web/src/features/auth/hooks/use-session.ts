import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session }

/**
 * This browser's session, kept current by auth-js's events: the first one (INITIAL_SESSION)
 * comes from storage, then sign-in, refresh, user update and sign-out, from this tab or another.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' })

  useEffect(() => {
    // The client loads on first use (lib/supabase.ts): subscribe once it is there, unless this
    // component has gone by then.
    let unsubscribe: (() => void) | null = null
    let gone = false
    void loadSupabase().then(
      (supabase) => {
        if (gone) return
        const { data } = supabase.auth.onAuthStateChange((_event, session) => {
          setState(session ? { status: 'signed-in', session } : { status: 'signed-out' })
        })
        unsubscribe = () => data.subscription.unsubscribe()
      },
      (error: unknown) => logger.error('Could not load the session', error),
    )
    return () => {
      gone = true
      unsubscribe?.()
    }
  }, [])

  return state
}
