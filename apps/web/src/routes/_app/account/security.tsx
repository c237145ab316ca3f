import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import {
  AccountSection,
  AccountSubpage,
  LinkedIdentities,
  TwoFactorSettings,
  useAccountSession,
} from '@/features/account'
import { enabledProvidersQuery, SignOutButton } from '@/features/auth'

/** `?linked=google`: back from linking an account (`/account/linked`). */
const SecuritySearch = z.object({
  linked: z.literal('google').optional().catch(undefined),
})

export const Route = createFileRoute('/_app/account/security')({
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
