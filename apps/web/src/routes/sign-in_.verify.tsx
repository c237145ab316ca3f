import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { type SecondFactorMethod, SecondFactorStep } from '@/features/account'
import { AuthScreen, requirePendingSecondFactor, returnPathAfterSignIn } from '@/features/auth'

/** `?redirect=`: the page the sign-in returns to (set by the guards; validated where used). */
const VerifySearch = z.object({
  redirect: z.string().optional().catch(undefined),
})

/**
 * The sign-in's second step (/sign-in/verify), where the account guard sends a session that
 * still owes its authenticator code: after a password, a link or Google. A recovery code
 * stands in for a lost phone.
 */
export const Route = createFileRoute('/sign-in_/verify')({
  validateSearch: VerifySearch,
  beforeLoad: requirePendingSecondFactor,
  component: SecondFactorRoute,
})

const DESCRIPTIONS: Record<SecondFactorMethod, string> = {
  app: 'Enter the code from your authenticator app to finish signing in.',
  'recovery-code': 'Enter one of your recovery codes to finish signing in.',
}

function SecondFactorRoute() {
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const [method, setMethod] = useState<SecondFactorMethod>('app')
  return (
    <AuthScreen
      title="Two-step verification"
      description={DESCRIPTIONS[method]}
      icon={<ShieldCheck aria-hidden="true" />}
    >
      <SecondFactorStep
        onVerified={() => void navigate({ href: returnPathAfterSignIn(redirect), replace: true })}
        onSignedOut={() => void navigate({ to: '/sign-in', search: { redirect }, replace: true })}
        onMethodChange={setMethod}
      />
    </AuthScreen>
  )
}
