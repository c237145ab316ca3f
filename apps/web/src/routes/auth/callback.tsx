import type { Session } from '@supabase/supabase-js'
import { createFileRoute, Link, Navigate, useLocation, useNavigate } from '@tanstack/react-router'
import { ShieldAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { useSignInDestination } from '@/features/account'
import {
  AuthScreen,
  LinkPendingView,
  messageForAuthErrorCode,
  readAuthRedirect,
  returnPathAfterSignIn,
  useForgetTokensInUrl,
  useSessionFromUrlHash,
} from '@/features/auth'

/**
 * `?redirect=`: the page the sign-in returns to, put on the link by the page that asked for it
 * (validated where used).
 */
const CallbackSearch = z.object({
  redirect: z.string().optional().catch(undefined),
})

export const Route = createFileRoute('/auth/callback')({
  validateSearch: CallbackSearch,
  component: AuthCallbackRoute,
})

/**
 * Where the auth server sends the browser back after a magic link, an email confirmation or
 * Google: with a session in the hash, or with the reason it refused.
 */
function AuthCallbackRoute() {
  const hash = useLocation({ select: (location) => location.hash })
  const search = useLocation({ select: (location) => location.searchStr })
  // The URL the page opened with: on the way out ("Back to sign in"), the next location's
  // empty hash must not be taken for a link without a session, which would log an error.
  const [redirect] = useState(() => readAuthRedirect(hash, search))
  // Whatever is shown next, the link's tokens leave the address bar (issue 12, item 2).
  useForgetTokensInUrl()

  if (redirect.kind === 'error') {
    return (
      <AuthCallbackError message={messageForAuthErrorCode(redirect.code) ?? redirect.description} />
    )
  }
  return <AuthCallbackSession />
}

function AuthCallbackSession() {
  const session = useSessionFromUrlHash()

  if (session.status === 'pending') {
    return <LinkPendingView />
  }
  if (session.status === 'error') {
    return (
      <AuthCallbackError message="This sign-in link is incomplete, has expired or was already used." />
    )
  }
  return <AuthCallbackSignedIn session={session.session} />
}

/**
 * Signed in: on to onboarding or the account, by the social sign-in rules (spec §4); a known
 * user goes back to the page the sign-in started from instead of the account, when there was one.
 */
function AuthCallbackSignedIn({ session }: { session: Session }) {
  const next = useSignInDestination(session)
  const { redirect } = Route.useSearch()

  if (next.status === 'pending') {
    return <LinkPendingView />
  }
  if (next.status === 'error') {
    return <AuthCallbackError message={next.message} />
  }
  // replace: Back must not return to a link whose tokens were already used.
  if (next.destination === '/onboarding') {
    return <Navigate to="/onboarding" replace />
  }
  return <NavigateToPath path={returnPathAfterSignIn(redirect)} />
}

/** `<Navigate>` to a path with its search (validated: a path of this app), replacing the link. */
function NavigateToPath({ path }: { path: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    void navigate({ href: path, replace: true })
  }, [navigate, path])
  return <LinkPendingView />
}

function AuthCallbackError({ message }: { message: string }) {
  return (
    <AuthScreen
      title="We couldn't sign you in"
      icon={<ShieldAlert aria-hidden="true" />}
      tone="destructive"
    >
      <div className="flex flex-col gap-6">
        <p role="alert" className="text-base text-pretty">
          {message}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/sign-in">Back to sign in</Link>
        </Button>
      </div>
    </AuthScreen>
  )
}
