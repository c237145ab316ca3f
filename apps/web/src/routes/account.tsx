import { createFileRoute, Navigate } from '@tanstack/react-router'
import { UserRound } from 'lucide-react'
import { AccountOverview, AccountPending } from '@/features/auth/components/account-overview'
import { AuthScreen } from '@/features/auth/components/auth-screen'
import { useSession } from '@/features/auth/hooks/use-session'
import { requireSession } from '@/features/auth/lib/route-guards'

export const Route = createFileRoute('/account')({
  beforeLoad: requireSession,
  component: AccountRoute,
})

function AccountRoute() {
  const session = useSession()

  // Signed out while here (another tab, an expired session): back to the sign-in page.
  if (session.status === 'signed-out') {
    return <Navigate to="/sign-in" replace />
  }
  return (
    <AuthScreen title="Your account" icon={<UserRound aria-hidden="true" />}>
      {session.status === 'signed-in' ? (
        <AccountOverview userId={session.session.user.id} />
      ) : (
        <AccountPending />
      )}
    </AuthScreen>
  )
}
