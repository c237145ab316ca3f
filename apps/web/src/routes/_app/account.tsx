import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { CenteredScreen } from '@/components/centered-screen'
import { AccountSessionProvider, LoadingLine } from '@/features/account'
import { requireSession, useSession } from '@/features/auth'

/**
 * The layout of every /account page: only for a signed-in session that has passed two-step
 * verification where the account has it (the guard), and it leaves for /sign-in when the
 * session ends while here (another tab, an expired session).
 */
export const Route = createFileRoute('/account')({
  beforeLoad: requireSession,
  component: AccountLayout,
})

function AccountLayout() {
  const session = useSession()

  if (session.status === 'signed-out') {
    return <Navigate to="/sign-in" replace />
  }
  if (session.status === 'loading') {
    return (
      <CenteredScreen>
        <LoadingLine label="Loading your account…" />
      </CenteredScreen>
    )
  }
  return (
    <AccountSessionProvider session={session.session}>
      <Outlet />
    </AccountSessionProvider>
  )
}
