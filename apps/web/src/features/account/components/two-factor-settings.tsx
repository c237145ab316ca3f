import type { Factor } from '@supabase/supabase-js'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import {
  issueRecoveryCodes,
  recoveryCodeStatusQuery,
  removeFactor,
  startTotpEnrolment,
  type TotpEnrolment,
  verifiedTotpFactorsQuery,
} from '../api/mfa'
import { describeAccountError } from '../lib/describe-account-error'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadingLine } from './loading-line'
import { Notice } from './notice'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TotpSetup } from './totp-setup'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

const TURNED_ON = 'Two-step verification is on. You will be asked for a code when you sign in.'
const NEW_CODES = 'Your new recovery codes are ready. The old ones no longer work.'

/**
 * Two-step verification with an authenticator app (TOTP): its state, setting it up, its
 * recovery codes, and turning it off. Once on, every sign-in asks for a code after the
 * password. Setting it up ends with a first set of recovery codes, shown once.
 */
export function TwoFactorSettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const factorsQuery = verifiedTotpFactorsQuery(userId)
  const factors = useQuery(factorsQuery)
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  /** A new set of recovery codes on screen, and the notice to show once it is put away. */
  const [shownCodes, setShownCodes] = useState<{ codes: string[]; then: string } | null>(null)
  const start = useMutation({ mutationFn: startTotpEnrolment, onSuccess: setEnrolment })
  const refreshFactors = () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey })
  const refreshCodeStatus = () =>
    queryClient.invalidateQueries({ queryKey: recoveryCodeStatusQuery(userId).queryKey })
  const issue = useMutation({
    mutationFn: (_then: string) => issueRecoveryCodes(),
    onSuccess: (codes, then) => {
      setShownCodes({ codes, then })
      void refreshCodeStatus()
    },
  })

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
          void refreshFactors()
          issue.mutate(TURNED_ON)
        }}
        onCancelled={() => setEnrolment(null)}
      />
    )
  }
  if (shownCodes) {
    return (
      <RecoveryCodesPanel
        codes={shownCodes.codes}
        onDone={() => {
          setNotice(shownCodes.then)
          setShownCodes(null)
        }}
      />
    )
  }
  if (issue.isPending) {
    return <LoadingLine label="Creating your recovery codes…" />
  }
  if (factors.data.length > 0) {
    return (
      <div className="flex flex-col gap-4">
        <Notice message={notice} />
        <RecoveryCodesSummary
          userId={userId}
          issueError={issue.error}
          onIssue={() => {
            setNotice(null)
            issue.mutate(NEW_CODES)
          }}
        />
        <ul className="flex flex-col gap-3">
          {factors.data.map((factor) => (
            <FactorItem
              key={factor.id}
              factor={factor}
              onRemoved={() => {
                setNotice('Two-step verification is off.')
                void refreshFactors()
                void refreshCodeStatus()
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

/**
 * How many recovery codes are left, and a new set on request. Replacing a set that still has
 * codes asks first, since those codes stop working.
 */
function RecoveryCodesSummary({
  userId,
  issueError,
  onIssue,
}: {
  userId: string
  issueError: Error | null
  onIssue: () => void
}) {
  const status = useQuery(recoveryCodeStatusQuery(userId))
  const [confirming, setConfirming] = useState(false)

  if (status.isPending) {
    return <LoadingLine label="Loading your recovery codes…" />
  }
  const remaining = status.data?.remaining ?? 0
  const total = status.data?.total ?? 0
  const summary = status.isError
    ? null
    : total === 0
      ? 'You have no recovery codes yet. Create some so a lost phone does not lock you out.'
      : remaining === 0
        ? 'You have used all your recovery codes. Get new ones.'
        : `${remaining} of ${total} recovery codes left.`

  return (
    <div className="flex flex-col gap-3 rounded-lg border p-3">
      {/* Wraps: on a narrow phone the button goes under the text rather than squeezing it. */}
      <div className="flex flex-wrap items-center gap-3">
        <KeyRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <div className="flex min-w-48 flex-1 flex-col">
          <span className="font-medium">Recovery codes</span>
          {summary && <span className="text-sm text-muted-foreground">{summary}</span>}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => (remaining > 0 ? setConfirming(true) : onIssue())}
        >
          Get new recovery codes
        </Button>
      </div>
      <FormAlert
        message={
          (issueError && describeAccountError(issueError)) ||
          (status.error && describeAccountError(status.error))
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Get new recovery codes?"
        description="Your current recovery codes will stop working. The new ones are shown once."
        confirmLabel="Get new codes"
        pendingLabel="Creating…"
        pending={false}
        onConfirm={() => {
          setConfirming(false)
          onIssue()
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
