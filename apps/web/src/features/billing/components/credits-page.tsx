import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { billingOverviewQuery, creditHistoryQuery } from '../api/billing'
import { hasStripeSubscription } from '../lib/plan-text'
import { type CheckoutOutcome, CheckoutReturnStatus } from './checkout-return-status'
import { CreditHistory } from './credit-history'
import { CreditsSummary } from './credits-summary'
import { ManagePlanButton } from './manage-plan-button'
import { PlanGrid } from './plan-grid'
import { BillingLoadError } from './billing-load-error'

const PURCHASE_REASONS = new Set(['subscription', 'pack'])

/**
 * The credits screen (/credits): the balance and its period, the plan and subscription with
 * "Manage plan" (Stripe's portal) when something was bought on the web, the plans and packs side
 * by side, and the history. Back from Checkout it says how the payment went first.
 */
export function CreditsPage({
  isGuest,
  checkoutOutcome,
  onCreditsChanged,
}: {
  isGuest: boolean
  /** `?checkout=` of the return from Stripe Checkout, read once by the route. */
  checkoutOutcome?: CheckoutOutcome | undefined
  /** The purchase shows: the route refreshes the other views of the credits (the top bar's). */
  onCreditsChanged?: () => void
}) {
  // Read again whenever the screen opens: the shell's copy may be minutes old.
  const overview = useQuery({ ...billingOverviewQuery(), staleTime: 0 })
  const history = useInfiniteQuery(creditHistoryQuery())
  const boughtOnWeb =
    history.data?.pages.some((page) =>
      page.entries.some((entry) => entry.reason !== null && PURCHASE_REASONS.has(entry.reason)),
    ) ?? false

  return (
    <div className="flex flex-col gap-6">
      {checkoutOutcome && (
        <CheckoutReturnStatus outcome={checkoutOutcome} onConfirmed={onCreditsChanged} />
      )}
      {overview.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your credits…
        </p>
      ) : overview.isError ? (
        <BillingLoadError
          what="your credits"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <CreditsSummary overview={overview.data} />
          {overview.data.purchasesEnabled &&
            (hasStripeSubscription(overview.data) || boughtOnWeb) && <ManagePlanButton />}
          <PlanGrid overview={overview.data} isGuest={isGuest} />
          <CreditHistory
            freePeriod={overview.data.plans.find((plan) => plan.kind === 'free')?.period ?? 'daily'}
          />
        </>
      )}
    </div>
  )
}
