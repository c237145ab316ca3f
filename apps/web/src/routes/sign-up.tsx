import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { MailCheck, UserRoundPlus } from 'lucide-react'
import { useState } from 'react'
import { AuthScreen, redirectAccountHolders, SignUpForm, useSession } from '@/features/auth'

export const Route = createFileRoute('/sign-up')({
  beforeLoad: redirectAccountHolders,
  component: SignUpRoute,
})

function SignUpRoute() {
  const navigate = useNavigate()
  const session = useSession()
  const isGuest = session.status === 'signed-in' && session.session.user.is_anonymous === true
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null)
  const signInLink = (
    <Link to="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
      Sign in
    </Link>
  )

  if (confirmationSentTo) {
    return (
      <AuthScreen
        title="Confirm your email"
        description={`Check your email to confirm your address. We sent a link to ${confirmationSentTo}: open it to finish creating your account.`}
        icon={<MailCheck aria-hidden="true" />}
        footer={signInLink}
      />
    )
  }
  return (
    <AuthScreen
      title="Create your account"
      description={
        isGuest
          ? 'Everything you did as a guest stays with your new account.'
          : 'Keep your applications, interview practice and resume analyses in one place.'
      }
      icon={<UserRoundPlus aria-hidden="true" />}
      footer={<>Already have an account? {signInLink}</>}
    >
      <SignUpForm
        onSignedUp={(result) => {
          if (result.status === 'signed-in') {
            void navigate({ to: '/account', replace: true })
          } else {
            setConfirmationSentTo(result.email)
          }
        }}
      />
    </AuthScreen>
  )
}
