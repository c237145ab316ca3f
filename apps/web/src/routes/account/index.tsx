import { createFileRoute } from '@tanstack/react-router'
import { UserRound } from 'lucide-react'
import { AccountSectionsNav } from '@/features/account/components/account-sections-nav'
import { useAccountSession } from '@/features/account/hooks/account-session'
import { AccountOverview } from '@/features/auth/components/account-overview'
import { AuthScreen } from '@/features/auth/components/auth-screen'
import { OnboardingMessagesPanel } from '@/features/onboarding/components/onboarding-messages-panel'

export const Route = createFileRoute('/account/')({
  component: AccountRoute,
})

/** Who is signed in, the account's sections, the plan's tips, and the way out. */
function AccountRoute() {
  const session = useAccountSession()
  return (
    <AuthScreen title="Your account" icon={<UserRound aria-hidden="true" />}>
      <AccountOverview userId={session.user.id}>
        <AccountSectionsNav />
        {/* Inside the account card already: the panel's own frame would double it. */}
        <OnboardingMessagesPanel userId={session.user.id} className="border-0 p-0 shadow-none" />
      </AccountOverview>
    </AuthScreen>
  )
}
