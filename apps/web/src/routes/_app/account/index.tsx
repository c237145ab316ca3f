import { createFileRoute, Link } from '@tanstack/react-router'
import { Gift, Layers, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AccountSectionsNav, useAccountSession } from '@/features/account'
import { AccountOverview, AuthScreen } from '@/features/auth'
import { OnboardingMessagesPanel } from '@/features/onboarding'

export const Route = createFileRoute('/_app/account/')({
  component: AccountRoute,
})

/** Who is signed in, the account's sections, the plan's tips, and the way out. */
function AccountRoute() {
  const session = useAccountSession()
  return (
    <AuthScreen title="Your account" icon={<UserRound aria-hidden="true" />}>
      <AccountOverview userId={session.user.id}>
        <Button asChild size="lg">
          <Link to="/jobs">
            <Layers aria-hidden="true" />
            Browse jobs
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/referrals">
            <Gift aria-hidden="true" />
            Invite friends, earn credits
          </Link>
        </Button>
        <AccountSectionsNav />
        {/* Inside the account card already: the panel's own frame would double it. */}
        <OnboardingMessagesPanel userId={session.user.id} className="border-0 p-0 shadow-none" />
      </AccountOverview>
    </AuthScreen>
  )
}
