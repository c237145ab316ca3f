import type { BillingOverview } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'
import { PaywallContext, type PaywallReason } from '@/components/paywall-slot'
import { Button } from '@/components/ui/button'
import { billingOverviewQuery } from '../api/billing'
import { formatDateTime } from '../lib/plan-text'
import { PlanGrid } from './plan-grid'
import { BillingLoadError } from './billing-load-error'

/**
 * Provides the paywall to every page under it (`useOpenPaywall()` of components/paywall-slot):
 * the app's layout route wraps the signed-in pages in it, so the deck, the Resume page and
 * Practice open it without importing this feature.
 */
export function PaywallHost({ isGuest, children }: { isGuest: boolean; children: ReactNode }) {
  const [reason, setReason] = useState<PaywallReason | null>(null)
  const open = useCallback((next: PaywallReason) => setReason(next), [])
  return (
    <PaywallContext value={open}>
      {children}
      <PaywallDialog reason={reason} isGuest={isGuest} onClose={() => setReason(null)} />
    </PaywallContext>
  )
}

function titleFor(reason: PaywallReason): string {
  if (reason.kind === 'credits') {
    return 'Get more credits'
  }
  return reason.feature === 'analysisVideos' ? 'Unlock analysis videos' : 'Practise without limits'
}

/** Why the paywall is open, in a sentence. */
export function describePaywallReason(
  reason: PaywallReason,
  overview: BillingOverview | undefined,
): string {
  if (reason.kind === 'plan') {
    return reason.feature === 'analysisVideos'
      ? 'Analysis videos come with a paid plan.'
      : 'You’ve used this week’s free practice interviews. A paid plan has no weekly limit.'
  }
  const refresh = overview?.credits.nextRefreshDate
  return refresh
    ? `You’re out of credits until ${formatDateTime(refresh)}. Choose a plan or top up to keep saving jobs now.`
    : 'You’re out of credits. Choose a plan or top up to keep saving jobs now.'
}

/**
 * The paywall: why (out of credits until the next refresh, or a feature that comes with a paid
 * plan) and the plans that help, side by side, to buy at once. A native modal `<dialog>`: focus
 * moves in and stays, Escape closes, focus returns to the opener.
 */
export function PaywallDialog({
  reason,
  isGuest,
  onClose,
}: {
  reason: PaywallReason | null
  isGuest: boolean
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (reason && dialog && !dialog.open) {
      dialog.showModal()
    } else if (!reason && dialog?.open) {
      dialog.close()
    }
  }, [reason])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl rounded-xl border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      {reason && (
        <div className="flex flex-col">
          <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b bg-background px-5 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {titleFor(reason)}
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </header>
          <PaywallBody reason={reason} isGuest={isGuest} onClose={onClose} />
        </div>
      )}
    </dialog>
  )
}

function PaywallBody({
  reason,
  isGuest,
  onClose,
}: {
  reason: PaywallReason
  isGuest: boolean
  onClose: () => void
}) {
  // Read again as it opens: the balance and the plan may have changed since the shell read them.
  const overview = useQuery({ ...billingOverviewQuery(), staleTime: 0 })
  const only = reason.kind === 'plan' && reason.plans?.length ? reason.plans : undefined

  return (
    <div className="flex flex-col gap-4 px-5 py-4">
      <p className="text-pretty">{describePaywallReason(reason, overview.data)}</p>
      {overview.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the plans…
        </p>
      ) : overview.isError ? (
        <BillingLoadError
          what="the plans"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <PlanGrid
          overview={overview.data}
          isGuest={isGuest}
          only={only}
          hideFree
          headingLevel={3}
        />
      )}
      <Link
        to="/credits"
        onClick={onClose}
        className="self-start text-sm font-medium text-primary underline underline-offset-4"
      >
        Your credits and history
      </Link>
    </div>
  )
}
