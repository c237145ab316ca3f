import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Mail, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { enabledProvidersQuery } from '../api/auth-providers'
import { continueAsGuest, signInWithGoogle } from '../api/sign-in'
import { describeAuthError } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { GoogleLogo } from './google-logo'
import { PendingButton } from '@/components/pending-button'

interface AlternativeSignInsProps {
  onSignedIn: () => void
  /** The page the sign-in returns to (`?redirect=`), kept by the link view and Google. */
  returnTo?: string
}

/**
 * The other ways in, under the password form: a sign-in link by email, Google (only when the
 * server has it turned on) and a guest account.
 */
export function AlternativeSignIns({ onSignedIn, returnTo }: AlternativeSignInsProps) {
  const providers = useQuery(enabledProvidersQuery)
  const google = useMutation({ mutationFn: () => signInWithGoogle(returnTo) })
  const guest = useMutation({ mutationFn: continueAsGuest, onSuccess: onSignedIn })
  // Google succeeds by leaving the page: stay busy until the browser is gone.
  const leavingForGoogle = google.isPending || google.isSuccess
  const guestPending = guest.isPending || guest.isSuccess
  const error = google.error ?? guest.error

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <FormAlert message={error && describeAuthError(error)} />
      <Button asChild variant="outline" size="lg">
        <Link to="/sign-in" search={{ view: 'magic-link', redirect: returnTo }}>
          <Mail aria-hidden="true" />
          Email me a sign-in link
        </Link>
      </Button>
      {providers.data?.google && (
        <PendingButton
          variant="outline"
          size="lg"
          pending={leavingForGoogle}
          pendingLabel="Opening Google…"
          disabled={guestPending}
          onClick={() => {
            guest.reset()
            google.mutate()
          }}
        >
          <GoogleLogo />
          Continue with Google
        </PendingButton>
      )}
      <PendingButton
        variant="ghost"
        size="lg"
        pending={guestPending}
        pendingLabel="Creating your guest account…"
        disabled={leavingForGoogle}
        onClick={() => {
          google.reset()
          guest.mutate()
        }}
      >
        <UserRound aria-hidden="true" />
        Continue as guest
      </PendingButton>
    </div>
  )
}
