import { useMutation } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { verifySignInCode } from '../api/mfa'
import { signOutLocally } from '../api/account-data'
import { TotpCodeForm } from './totp-code-form'

/**
 * The sign-in's second step, for an account with two-step verification: the password (or link)
 * gave an aal1 session; a code from the authenticator app lifts it to aal2 before the app
 * opens. "Use another account" signs this half-finished session out.
 */
export function SecondFactorStep({
  onVerified,
  onSignedOut,
}: {
  onVerified: () => void
  onSignedOut: () => void
}) {
  const signOut = useMutation({ mutationFn: signOutLocally, onSettled: onSignedOut })

  return (
    <TotpCodeForm
      verify={verifySignInCode}
      onVerified={onVerified}
      submitLabel="Verify"
      pendingLabel="Verifying…"
      secondaryAction={
        <Button
          type="button"
          variant="ghost"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Use another account
        </Button>
      }
    />
  )
}
