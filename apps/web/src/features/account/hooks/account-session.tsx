import type { Session } from '@supabase/supabase-js'
import { createContext, type ReactNode, use } from 'react'

/**
 * The signed-in session of the account pages: the /account layout resolves it once (and
 * leaves when it ends), and every page under it reads it here.
 */
const AccountSessionContext = createContext<Session | null>(null)

export function AccountSessionProvider({
  session,
  children,
}: {
  session: Session
  children: ReactNode
}) {
  return <AccountSessionContext value={session}>{children}</AccountSessionContext>
}

export function useAccountSession(): Session {
  const session = use(AccountSessionContext)
  if (!session) {
    throw new Error('useAccountSession is used outside the /account layout')
  }
  return session
}
