import type { BillingOverview } from '@app/contracts'
import { TriangleAlert } from 'lucide-react'
import { describeSubscription, formatDate } from '../lib/plan-text'

/**
 * The balance and its period: credits left ("Unlimited" on a plan without a cap), used this
 * period, when the period started and when credits next renew, the plan in force and its
 * subscription (renews or ends on a date, where it was bought, a failed payment).
 */
export function CreditsSummary({ overview }: { overview: BillingOverview }) {
  const { credits, currentPlan, subscription } = overview
  const pastDue = subscription?.paymentFailed || subscription?.status === 'past_due'
  return (
    <section
      aria-labelledby="credits-summary-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 id="credits-summary-heading" className="sr-only">
        Your credits
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <div className="col-span-2 flex flex-col sm:col-span-1">
          <dt className="text-sm text-muted-foreground">Balance</dt>
          <dd className="text-3xl font-semibold tabular-nums" data-testid="credits-balance">
            {credits.remainingCredits === null ? 'Unlimited' : credits.remainingCredits}
          </dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-sm text-muted-foreground">Used this period</dt>
          <dd className="text-lg font-medium tabular-nums">{credits.usedCredits}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-sm text-muted-foreground">Period started</dt>
          <dd className="text-lg font-medium">{formatDate(credits.currentPeriodStart)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-sm text-muted-foreground">Next refresh</dt>
          <dd className="text-lg font-medium">{formatDate(credits.nextRefreshDate)}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1 border-t pt-3">
        <p className="text-sm">
          Plan: <strong data-testid="current-plan">{currentPlan.name}</strong>
        </p>
        {subscription && (
          <p className="text-sm text-muted-foreground">{describeSubscription(subscription)}</p>
        )}
        {pastDue && (
          <p className="flex items-start gap-2 text-sm font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Your last payment failed: update your card to keep {currentPlan.name}.
          </p>
        )}
      </div>
    </section>
  )
}
