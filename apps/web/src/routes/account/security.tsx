import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AccountSection } from '@/features/account/components/account-section'
import { AccountSubpage } from '@/features/account/components/account-subpage'
import { LinkedIdentities } from '@/features/account/components/linked-identities'
import { TwoFactorSettings } from '@/features/account/components/two-factor-settings'
import { useAccountSession } from '@/features/account/hooks/account-session'
import { enabledProvidersQuery } from '@/features/auth/api/auth-providers'
import { SignOutButton } from '@/features/auth/components/sign-out-button'

/** `?linked=google`: back from linking an account (`/account/linked`). */
const SecuritySearch = z.object({
  linked: z.literal('google').optional().catch(undefined),
})

export const Route = createFileRoute('/account/security')({
  validateSearch: SecuritySearch,
  component: SecurityRoute,
})

function SecurityRoute() {
  const { user } = useAccountSession()
  const { linked } = Route.useSearch()
  const providers = useQuery(enabledProvidersQuery)

  return (
    <AccountSubpage title="Security" description="How you sign in, and what protects your account.">
      <AccountSection
        title="Two-step verification"
        description="A code from an authenticator app on your phone, asked for after your password."
      >
        {user.is_anonymous ? (
          <p className="text-sm text-muted-foreground">
            Create an account first: a guest account has no password to protect.
          </p>
        ) : (
          <TwoFactorSettings userId={user.id} />
        )}
      </AccountSection>
      <AccountSection title="Sign-in methods" description="The accounts you can sign in with.">
        <LinkedIdentities
          userId={user.id}
          googleEnabled={providers.data?.google === true}
          notice={linked === 'google' ? 'Your Google account is linked.' : null}
        />
      </AccountSection>
      <AccountSection title="Sign out" description="Signs out this browser only.">
        <SignOutButton />
      </AccountSection>
    </AccountSubpage>
  )
}
