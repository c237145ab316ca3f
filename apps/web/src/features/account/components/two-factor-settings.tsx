import type { Factor } from '@supabase/supabase-js'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck, Smartphone } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import {
  removeFactor,
  startTotpEnrolment,
  type TotpEnrolment,
  verifiedTotpFactorsQuery,
} from '../api/mfa'
import { describeAccountError } from '../lib/describe-account-error'
import { ConfirmDialog } from './confirm-dialog'
import { LoadingLine } from './loading-line'
import { Notice } from './notice'
import { TotpSetup } from './totp-setup'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/**
 * Two-step verification with an authenticator app (TOTP): its state, setting it up, and
 * turning it off. Once on, every sign-in asks for a code after the password.
 */
export function TwoFactorSettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const factorsQuery = verifiedTotpFactorsQuery(userId)
  const factors = useQuery(factorsQuery)
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const start = useMutation({ mutationFn: startTotpEnrolment, onSuccess: setEnrolment })
  const refreshFactors = () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey })

  if (factors.isPending) {
    return <LoadingLine label="Loading your security settings…" />
  }
  if (factors.isError) {
    return <FormAlert message={describeAccountError(factors.error)} />
  }
  if (enrolment) {
    return (
      <TotpSetup
        enrolment={enrolment}
        onDone={() => {
          setEnrolment(null)
          setNotice('Two-step verification is on. You will be asked for a code when you sign in.')
          void refreshFactors()
        }}
        onCancelled={() => setEnrolment(null)}
      />
    )
  }
  if (factors.data.length > 0) {
    return (
      <div className="flex flex-col gap-4">
        <Notice message={notice} />
        <ul className="flex flex-col gap-3">
          {factors.data.map((factor) => (
            <FactorItem
              key={factor.id}
              factor={factor}
              onRemoved={() => {
                setNotice('Two-step verification is off.')
                void refreshFactors()
              }}
            />
          ))}
        </ul>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <Notice message={notice} />
      <p className="text-sm text-pretty text-muted-foreground">
        Off. Add an authenticator app so that a stolen password alone cannot open your account.
      </p>
      <FormAlert message={start.error && describeAccountError(start.error)} />
      <PendingButton
        className="sm:self-start"
        pending={start.isPending}
        pendingLabel="Preparing…"
        onClick={() => {
          setNotice(null)
          start.mutate()
        }}
      >
        <ShieldCheck aria-hidden="true" />
        Set up an authenticator app
      </PendingButton>
    </div>
  )
}

function FactorItem({ factor, onRemoved }: { factor: Factor; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => removeFactor(factor.id),
    onSuccess: () => {
      setConfirming(false)
      onRemoved()
    },
  })
  const name = factor.friendly_name || 'Authenticator app'

  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <Smartphone aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{name}</span>
        <span className="text-sm text-muted-foreground">
          Added {DATE_FORMAT.format(new Date(factor.created_at))}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Remove ${name}`}
        onClick={() => {
          remove.reset()
          setConfirming(true)
        }}
      >
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Turn off two-step verification?"
        description={`Signing in will need only your password. You can set up ${name} again later.`}
        confirmLabel="Turn off"
        pendingLabel="Turning off…"
        tone="destructive"
        pending={remove.isPending}
        error={remove.error && describeAccountError(remove.error)}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}
