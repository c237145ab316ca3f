import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { billingOverviewQuery } from '../api/billing'
import { ManagePlanButton } from './manage-plan-button'

/**
 * "Your last payment failed": on every signed-in page while the subscription's last renewal
 * payment failed, with the way to fix it (Stripe's portal; a phone store's subscription is fixed
 * in that store). It sits in the app's layout, which stays mounted from page to page, and reads
 * the cached overview (five minutes fresh): moving between pages or back to the tab costs no
 * request.
 */
export function PaymentFailedBanner() {
  const overview = useQuery(billingOverviewQuery())
  const subscription = overview.data?.subscription
  if (!subscription?.paymentFailed || !overview.data) {
    return null
  }
  const plan = overview.data.currentPlan.name
  return (
    <section
      aria-label="Payment problem"
      className="border-b border-destructive/30 bg-destructive/10 px-4 py-2.5 text-sm"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex items-start gap-2 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Your last payment failed — update your card to keep {plan}.
        </p>
        {subscription.provider === 'stripe' ? (
          <ManagePlanButton label="Update card" />
        ) : (
          <p className="text-muted-foreground">Update it in the store you subscribed with.</p>
        )}
      </div>
    </section>
  )
}
