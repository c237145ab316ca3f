import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, Info, LoaderCircle, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { billingKeys, billingOverviewQuery } from '../api/billing'
import {
  CONFIRM_POLL_MS,
  CONFIRM_TIMEOUT_MS,
  clearPendingCheckout,
  describeConfirmedCheckout,
  isCheckoutConfirmed,
  type PendingCheckout,
  readPendingCheckout,
} from '../lib/checkout-return'

export type CheckoutOutcome = 'success' | 'cancelled'

/**
 * Back from Stripe Checkout. Cancelled: nothing was charged. Paid: "Confirming your payment…"
 * while `GET /api/billing` is read every second, until it shows the purchase (the webhook has
 * been processed), then "You're on Pro monthly" or "Credits added"; after 30 s without it, says
 * so with "Check again". A live region, so the change is announced.
 */
export function CheckoutReturnStatus({
  outcome,
  onConfirmed,
}: {
  outcome: CheckoutOutcome
  /** Called once the purchase shows: other views of the credits can read them again. */
  onConfirmed?: () => void
}) {
  const queryClient = useQueryClient()
  const [pending] = useState<PendingCheckout | null>(() =>
    outcome === 'success' ? readPendingCheckout() : null,
  )
  const [timedOut, setTimedOut] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const waiting = outcome === 'success'

  useEffect(() => {
    clearPendingCheckout()
  }, [])

  const overview = useQuery({
    ...billingOverviewQuery(),
    enabled: waiting,
    staleTime: 0,
    refetchInterval: (query) =>
      !waiting || timedOut || (query.state.data && isCheckoutConfirmed(query.state.data, pending))
        ? false
        : CONFIRM_POLL_MS,
  })
  const confirmed = overview.data !== undefined && isCheckoutConfirmed(overview.data, pending)

  useEffect(() => {
    if (!waiting || confirmed) {
      return
    }
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [waiting, confirmed, attempt])

  useEffect(() => {
    if (confirmed) {
      void queryClient.invalidateQueries({ queryKey: billingKeys.history() })
      onConfirmed?.()
    }
    // Once per confirmation; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmed, queryClient])

  let icon = <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
  let message: string
  if (outcome === 'cancelled') {
    message = 'Checkout cancelled — nothing was charged.'
  } else if (confirmed && overview.data) {
    icon = <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
    message = describeConfirmedCheckout(overview.data, pending)
  } else if (timedOut) {
    message =
      'Your payment is taking longer than usual to confirm. If it went through, your plan and credits will appear here shortly.'
  } else {
    icon = <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
    message = 'Confirming your payment…'
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-card px-4 py-3 text-sm">
      <p role="status" className="flex items-start gap-2 font-medium">
        {icon}
        {message}
      </p>
      {timedOut && !confirmed && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setTimedOut(false)
            setAttempt((count) => count + 1)
            void overview.refetch()
          }}
        >
          <RefreshCw aria-hidden="true" />
          Check again
        </Button>
      )}
    </div>
  )
}
