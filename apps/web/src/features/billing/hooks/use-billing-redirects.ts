import type { BillingOverview, Plan } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { openPortal, startCheckout } from '../api/billing'
import { rememberCheckout } from '../lib/checkout-return'
import {
  type BillingProblem,
  describeBillingError,
  GUEST_MESSAGE,
} from '../lib/describe-billing-error'

/** Sends the browser to another site (Stripe's pages); a seam only in name: the real `assign`. */
function leaveFor(url: string) {
  window.location.assign(url)
}

/**
 * Buying a plan or pack: `POST /api/stripe/checkout`, then off to Stripe Checkout. A guest is
 * told to create an account first without asking the server (it would answer 403). The button
 * stays pending once the address is known, while the browser leaves.
 */
export function useCheckout({
  overview,
  isGuest,
}: {
  overview: BillingOverview | undefined
  isGuest: boolean
}) {
  const [guestProblem, setGuestProblem] = useState(false)
  const checkout = useMutation({
    mutationFn: (plan: Plan) => startCheckout(plan.id),
    onSuccess: (url, plan) => {
      rememberCheckout({
        plan: plan.id,
        kind: plan.kind,
        name: plan.name,
        balanceBefore: overview?.credits.remainingCredits ?? null,
      })
      leaveFor(url)
    },
  })

  const problem: BillingProblem | null = guestProblem
    ? { message: GUEST_MESSAGE, action: 'sign-up' }
    : checkout.error
      ? describeBillingError(checkout.error)
      : null

  return {
    buy: (plan: Plan) => {
      if (isGuest) {
        setGuestProblem(true)
        return
      }
      checkout.mutate(plan)
    },
    /** The plan whose checkout is being opened (or the browser is leaving for). */
    pendingPlan: checkout.isPending || checkout.isSuccess ? (checkout.variables?.id ?? null) : null,
    problem,
  }
}

/** "Manage plan": `POST /api/stripe/portal`, then off to Stripe's customer portal. */
export function usePortal() {
  const portal = useMutation({
    mutationFn: openPortal,
    onSuccess: leaveFor,
  })
  return {
    open: () => portal.mutate(),
    pending: portal.isPending || portal.isSuccess,
    problem: portal.error ? describeBillingError(portal.error) : null,
  }
}
