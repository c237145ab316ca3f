import { createFileRoute, Outlet } from '@tanstack/react-router'
import { CenteredScreen } from '@/components/centered-screen'
import { AccountSessionProvider, LoadingLine } from '@/features/account'
import { useSession } from '@/features/auth'

/**
 * The layout of every /account page, inside the app shell: the shell asks for a signed-in
 * session that has passed two-step verification where the account has it, and leaves for
 * /sign-in (coming back here after) when the session ends while here.
 */
export const Route = createFileRoute('/_app/account')({
  component: AccountLayout,
})

function AccountLayout() {
  const session = useSession()

  if (session.status !== 'signed-in') {
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
