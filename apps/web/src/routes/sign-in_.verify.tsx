import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { SecondFactorStep } from '@/features/account/components/second-factor-step'
import { AuthScreen } from '@/features/auth/components/auth-screen'
import { requirePendingSecondFactor } from '@/features/auth/lib/route-guards'

/**
 * The sign-in's second step (/sign-in/verify), where the account guard sends a session that
 * still owes its authenticator code: after a password, a link or Google.
 */
export const Route = createFileRoute('/sign-in_/verify')({
  beforeLoad: requirePendingSecondFactor,
  component: SecondFactorRoute,
})

function SecondFactorRoute() {
  const navigate = useNavigate()
  return (
    <AuthScreen
      title="Two-step verification"
      description="Enter the code from your authenticator app to finish signing in."
      icon={<ShieldCheck aria-hidden="true" />}
    >
      <SecondFactorStep
        onVerified={() => void navigate({ to: '/account', replace: true })}
        onSignedOut={() => void navigate({ to: '/sign-in', replace: true })}
      />
    </AuthScreen>
  )
}
