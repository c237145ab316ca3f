import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, Navigate, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import {
  AccountSection,
  AccountSubpage,
  discardSession,
  linkFailureMessage,
} from '@/features/account'
import { readAuthRedirect } from '@/features/auth'

export const Route = createFileRoute('/_app/account/linked')({
  component: LinkedIdentityRoute,
})

/**
 * Where the auth server sends the browser back after linking Google: with a session in the
 * hash when it worked (signed out at once: the app keeps its own session), or with the reason
 * it refused ("Failed to link social account").
 */
function LinkedIdentityRoute() {
  const hash = useLocation({ select: (location) => location.hash })
  const search = useLocation({ select: (location) => location.searchStr })
  // The URL the page opened with: leaving it must not be read as an empty redirect.
  const [redirect] = useState(() => readAuthRedirect(hash, search))
  const accessToken = redirect.kind === 'session' ? redirect.tokens.accessToken : null
  useQuery({
    queryKey: ['account', 'discard-linking-session', accessToken],
    queryFn: () => discardSession(accessToken ?? ''),
    enabled: accessToken !== null,
    staleTime: Infinity,
    retry: false,
  })

  if (redirect.kind === 'error') {
    return (
      <AccountSubpage
        title="Security"
        description="How you sign in, and what protects your account."
      >
        <AccountSection title="Sign-in methods">
          <FormAlert message={linkFailureMessage(redirect.code, redirect.description)} />
          <Button asChild variant="outline" className="sm:self-start">
            <Link to="/account/security" replace>
              Back to security
            </Link>
          </Button>
        </AccountSection>
      </AccountSubpage>
    )
  }
  // replace: Back must not return to a URL that held tokens.
  return (
    <Navigate
      to="/account/security"
      search={redirect.kind === 'session' ? { linked: 'google' } : {}}
      replace
    />
  )
}
