import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { cancelTotpEnrolment, type TotpEnrolment, verifyTotpCode } from '../api/mfa'
import { groupSecret } from '../lib/totp'
import { TotpCodeForm } from './totp-code-form'

/**
 * Step two of setting up an authenticator app: scan the QR code (or type the key), then prove
 * it works with a first code, which turns two-step verification on.
 */
export function TotpSetup({
  enrolment,
  onDone,
  onCancelled,
}: {
  enrolment: TotpEnrolment
  onDone: () => void
  onCancelled: () => void
}) {
  const keyId = useId()
  // Cancelling removes the unverified factor; if that fails, the server sweeps it later.
  const cancel = useMutation({
    mutationFn: () => cancelTotpEnrolment(enrolment.factorId),
    onSettled: onCancelled,
  })

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm marker:font-medium">
        <li>
          <div className="flex flex-col gap-3">
            <p>
              Scan this QR code with your authenticator app (Google Authenticator, 1Password,
              Authy…).
            </p>
            <img
              src={enrolment.qrCodeSource}
              alt="QR code to add this account to your authenticator app"
              width={192}
              height={192}
              className="size-48 self-center rounded-lg border bg-white p-2"
            />
            <Label htmlFor={keyId}>Can't scan it? Enter this setup key instead</Label>
            {/* A text area, so the 32-character key wraps on a phone and can be selected whole. */}
            <textarea
              id={keyId}
              readOnly
              rows={2}
              value={groupSecret(enrolment.secret)}
              className="w-full resize-none rounded-lg border border-input bg-muted px-3 py-2 font-mono text-sm break-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        </li>
        <li>Enter the code the app shows.</li>
      </ol>
      <TotpCodeForm
        verify={(code) => verifyTotpCode(enrolment.factorId, code)}
        onVerified={onDone}
        submitLabel="Turn on two-step verification"
        pendingLabel="Checking the code…"
        secondaryAction={
          <Button
            type="button"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel
          </Button>
        }
      />
    </div>
  )
}
