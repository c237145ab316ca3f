import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { signOutLocally } from '../api/account-data'
import { verifySignInCode } from '../api/mfa'
import { RecoveryCodeForm } from './recovery-code-form'
import { TotpCodeForm } from './totp-code-form'

export type SecondFactorMethod = 'app' | 'recovery-code'

/**
 * The sign-in's second step, for an account with two-step verification: the password (or link)
 * gave an aal1 session; a code from the authenticator app, or one of the recovery codes for a
 * lost phone, lifts it to aal2 before the app opens. "Use another account" signs this
 * half-finished session out.
 */
export function SecondFactorStep({
  onVerified,
  onSignedOut,
  onMethodChange,
}: {
  onVerified: () => void
  onSignedOut: () => void
  /** The screen's wording follows the method: the app's code, or a recovery code. */
  onMethodChange?: (method: SecondFactorMethod) => void
}) {
  const signOut = useMutation({ mutationFn: signOutLocally, onSettled: onSignedOut })
  const [withRecoveryCode, setWithRecoveryCode] = useState(false)
  const switchMethod = () => {
    onMethodChange?.(withRecoveryCode ? 'app' : 'recovery-code')
    setWithRecoveryCode(!withRecoveryCode)
  }

  const useAnotherAccount = (
    <Button
      type="button"
      variant="ghost"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      Use another account
    </Button>
  )

  return (
    <div className="flex flex-col gap-4">
      {withRecoveryCode ? (
        <RecoveryCodeForm onVerified={onVerified} secondaryAction={useAnotherAccount} />
      ) : (
        <TotpCodeForm
          verify={verifySignInCode}
          onVerified={onVerified}
          submitLabel="Verify"
          pendingLabel="Verifying…"
          secondaryAction={useAnotherAccount}
        />
      )}
      <Button type="button" variant="link" className="self-start px-0" onClick={switchMethod}>
        {withRecoveryCode
          ? 'Use your authenticator app instead'
          : 'Lost your phone? Use a recovery code'}
      </Button>
    </div>
  )
}
