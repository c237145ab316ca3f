import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { MailCheck, UserRoundPlus } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import {
  AuthScreen,
  redirectAccountHolders,
  returnPathAfterSignIn,
  SignUpForm,
  useSession,
} from '@/features/auth'

/**
 * `?redirect=`: the page the sign-in this sign-up came from returns to, kept through the
 * confirmation link (set by the guards; validated where used).
 */
const SignUpSearch = z.object({
  redirect: z.string().optional().catch(undefined),
})

export const Route = createFileRoute('/sign-up')({
  validateSearch: SignUpSearch,
  beforeLoad: redirectAccountHolders,
  component: SignUpRoute,
})

function SignUpRoute() {
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const session = useSession()
  const isGuest = session.status === 'signed-in' && session.session.user.is_anonymous === true
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null)
  const signInLink = (
    <Link
      to="/sign-in"
      search={{ redirect }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
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
        returnTo={redirect}
        onSignedUp={(result) => {
          if (result.status === 'signed-in') {
            void navigate({ href: returnPathAfterSignIn(redirect), replace: true })
          } else {
            setConfirmationSentTo(result.email)
          }
        }}
      />
    </AuthScreen>
  )
}
