import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import {
  AlternativeSignIns,
  AuthScreen,
  EmailLinkRequest,
  PasswordSignInForm,
  redirectAccountHolders,
  ResetCodeLink,
  returnPathAfterSignIn,
  sendPasswordResetEmail,
  sendSignInLink,
} from '@/features/auth'

/**
 * `?view=` opens the sign-in link or the password reset request instead of the password form.
 * `?redirect=` is the page the sign-in returns to (set by the guards; validated where used).
 */
const SignInSearch = z.object({
  view: z.enum(['magic-link', 'forgot-password']).optional().catch(undefined),
  redirect: z.string().optional().catch(undefined),
})

export const Route = createFileRoute('/sign-in')({
  validateSearch: SignInSearch,
  beforeLoad: redirectAccountHolders,
  component: SignInRoute,
})

function SignInRoute() {
  const { view, redirect } = Route.useSearch()
  const navigate = useNavigate()
  // The address typed on the password form starts the link and reset views.
  const [email, setEmail] = useState('')
  // Back where the visitor was going: a validated path of this app, else the account.
  const goOn = () => void navigate({ href: returnPathAfterSignIn(redirect), replace: true })

  if (view === 'magic-link') {
    return (
      <EmailLinkRequest
        title="Sign in with a link"
        description="We'll email you a link that signs you in, no password needed."
        submitLabel="Email me a sign-in link"
        pendingLabel="Sending your link…"
        defaultEmail={email}
        send={(to) => sendSignInLink(to, redirect)}
        returnTo={redirect}
        sentDescription={(to) => `We sent a sign-in link to ${to}. Open it to sign in.`}
      />
    )
  }
  if (view === 'forgot-password') {
    return (
      <EmailLinkRequest
        title="Forgot your password?"
        description="Enter your account's email and we'll send you a link to choose a new password."
        submitLabel="Email me a reset link"
        pendingLabel="Sending your link…"
        defaultEmail={email}
        send={sendPasswordResetEmail}
        returnTo={redirect}
        sentDescription={(to) =>
          `If an account exists for ${to}, we sent it a link to choose a new password.`
        }
        sentAction={(to) => <ResetCodeLink email={to} />}
      />
    )
  }
  return (
    <AuthScreen
      title="Sign in"
      description="Welcome back. Pick up your job search where you left off."
      icon={<LogIn aria-hidden="true" />}
      footer={
        <>
          New here?
          <Link
            to="/sign-up"
            search={{ redirect }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <PasswordSignInForm
          defaultEmail={email}
          onEmailChange={setEmail}
          onSignedIn={goOn}
          returnTo={redirect}
        />
        <AlternativeSignIns onSignedIn={goOn} returnTo={redirect} />
      </div>
    </AuthScreen>
  )
}
