import { createFileRoute, Link } from '@tanstack/react-router'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { AuthScreen, NewPasswordForm, PasswordChangedView, ResetCodeForm } from '@/features/auth'

/** `?email=` fills the address in (the "Check your inbox" screen passes the one it sent to). */
const ResetCodeSearch = z.object({ email: z.string().optional().catch(undefined) })

export const Route = createFileRoute('/forgot-password_/code')({
  validateSearch: ResetCodeSearch,
  component: ResetCodeRoute,
})

/**
 * The password reset by the email's code, for a person who reads the email on another device:
 * the code, then a new password, as the email's link to /forgot-password would.
 */
function ResetCodeRoute() {
  const { email } = Route.useSearch()
  const [step, setStep] = useState<'code' | 'password' | 'changed'>('code')
  const signInLink = (
    <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
      Back to sign in
    </Link>
  )

  if (step === 'changed') {
    return <PasswordChangedView />
  }
  if (step === 'password') {
    return (
      <AuthScreen
        title="Choose a new password"
        description="Your code is right. You'll use the new password to sign in from now on."
        icon={<KeyRound aria-hidden="true" />}
      >
        <NewPasswordForm onChanged={() => setStep('changed')} />
      </AuthScreen>
    )
  }
  return (
    <AuthScreen
      title="Enter your reset code"
      description="Type the code from the password reset email. Handy when the email is open on another device."
      icon={<KeyRound aria-hidden="true" />}
      footer={signInLink}
    >
      <ResetCodeForm defaultEmail={email ?? ''} onVerified={() => setStep('password')} />
    </AuthScreen>
  )
}
