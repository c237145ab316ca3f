import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { type SecondFactorMethod, SecondFactorStep } from '@/features/account'
import { AuthScreen, requirePendingSecondFactor } from '@/features/auth'

/**
 * The sign-in's second step (/sign-in/verify), where the account guard sends a session that
 * still owes its authenticator code: after a password, a link or Google. A recovery code
 * stands in for a lost phone.
 */
export const Route = createFileRoute('/sign-in_/verify')({
  beforeLoad: requirePendingSecondFactor,
  component: SecondFactorRoute,
})

const DESCRIPTIONS: Record<SecondFactorMethod, string> = {
  app: 'Enter the code from your authenticator app to finish signing in.',
  'recovery-code': 'Enter one of your recovery codes to finish signing in.',
}

function SecondFactorRoute() {
  const navigate = useNavigate()
  const [method, setMethod] = useState<SecondFactorMethod>('app')
  return (
    <AuthScreen
      title="Two-step verification"
      description={DESCRIPTIONS[method]}
      icon={<ShieldCheck aria-hidden="true" />}
    >
      <SecondFactorStep
        onVerified={() => void navigate({ to: '/account', replace: true })}
        onSignedOut={() => void navigate({ to: '/sign-in', replace: true })}
        onMethodChange={setMethod}
      />
    </AuthScreen>
  )
}
