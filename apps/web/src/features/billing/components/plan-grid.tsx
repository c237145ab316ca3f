import type { BillingOverview, Plan } from '@app/contracts'
import { Link } from '@tanstack/react-router'
import { Check, CircleAlert, Info, Minus } from 'lucide-react'
import { useId } from 'react'
import { PendingButton } from '@/components/pending-button'
import { cn } from '@/lib/cn'
import { useCheckout } from '../hooks/use-billing-redirects'
import { PURCHASES_OFF_MESSAGE } from '../lib/describe-billing-error'
import { describePlanCredits, describePlanFeatures, formatPlanPrice } from '../lib/plan-text'
import { ManagePlanButton } from './manage-plan-button'

type PlanGridProps = {
  overview: BillingOverview
  /** A guest may look but not buy (the server answers 403): buying says to sign up first. */
  isGuest: boolean
  /** Only these plans and packs (the paywall: those that unlock a feature); all when omitted. */
  only?: readonly string[] | undefined
  /** Leave out the free plan (the paywall shows what can be bought). */
  hideFree?: boolean
  /** The heading level of the groups' headings ("Plans", "Top up"). */
  headingLevel?: 2 | 3
}

/**
 * The plans side by side, then the credit packs in their own row ("Top up"). Each card: name,
 * price per period, credits, what it unlocks, and a button to buy it (the plan in force is
 * marked and not for sale again). Buying goes to Stripe Checkout; why it cannot is said above
 * the cards (purchases off on this server, a guest, a plan already held → Manage plan).
 */
export function PlanGrid({
  overview,
  isGuest,
  only,
  hideFree = false,
  headingLevel = 2,
}: PlanGridProps) {
  const checkout = useCheckout({ overview, isGuest })
  const idPrefix = useId()
  const shown = overview.plans.filter(
    (plan) => (!only || only.includes(plan.id)) && !(hideFree && plan.kind === 'free'),
  )
  const plans = shown.filter((plan) => plan.kind !== 'pack')
  const packs = shown.filter((plan) => plan.kind === 'pack')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const CardHeading = headingLevel === 2 ? 'h3' : 'h4'
  const card = (plan: Plan) => (
    <PlanCard
      key={plan.id}
      plan={plan}
      headingId={`${idPrefix}-${plan.id}`}
      heading={CardHeading}
      isCurrent={plan.id === overview.currentPlan.id}
      purchasesEnabled={overview.purchasesEnabled}
      pending={checkout.pendingPlan === plan.id}
      busy={checkout.pendingPlan !== null}
      onBuy={() => checkout.buy(plan)}
    />
  )

  return (
    <div className="flex flex-col gap-5">
      {!overview.purchasesEnabled && (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{PURCHASES_OFF_MESSAGE} The plans are shown so you can see what they include.</span>
        </p>
      )}
      {checkout.problem && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm"
        >
          <p className="flex items-start gap-2 text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {checkout.problem.message}
          </p>
          {checkout.problem.action === 'sign-up' && (
            <Link to="/sign-up" className="font-medium text-primary underline underline-offset-4">
              Create an account
            </Link>
          )}
          {checkout.problem.action === 'manage-plan' && <ManagePlanButton />}
        </div>
      )}
      {plans.length > 0 && (
        <section aria-labelledby={`${idPrefix}-plans`} className="flex flex-col gap-3">
          <Heading id={`${idPrefix}-plans`} className="text-lg font-semibold">
            Plans
          </Heading>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{plans.map(card)}</ul>
        </section>
      )}
      {packs.length > 0 && (
        <section aria-labelledby={`${idPrefix}-packs`} className="flex flex-col gap-3">
          <Heading id={`${idPrefix}-packs`} className="text-lg font-semibold">
            Top up
          </Heading>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{packs.map(card)}</ul>
        </section>
      )}
    </div>
  )
}

function PlanCard({
  plan,
  headingId,
  heading: CardHeading,
  isCurrent,
  purchasesEnabled,
  pending,
  busy,
  onBuy,
}: {
  plan: Plan
  headingId: string
  heading: 'h3' | 'h4'
  isCurrent: boolean
  purchasesEnabled: boolean
  pending: boolean
  busy: boolean
  onBuy: () => void
}) {
  const features = describePlanFeatures(plan)
  const buyLabel = plan.kind === 'pack' ? `Buy ${plan.name}` : `Choose ${plan.name}`
  return (
    <li
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground',
        isCurrent && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <CardHeading id={headingId} className="font-semibold">
            {plan.name}
          </CardHeading>
          {isCurrent && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              Current plan
            </span>
          )}
        </div>
        <p className="text-xl font-semibold tabular-nums">{formatPlanPrice(plan)}</p>
        <p className="text-sm text-pretty text-muted-foreground">{plan.description}</p>
      </div>
      <ul className="flex flex-1 flex-col gap-1.5 text-sm">
        <li className="flex items-start gap-2 font-medium">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {describePlanCredits(plan)}
        </li>
        {features.map((feature) => {
          const off = feature.startsWith('No ')
          return (
            <li
              key={feature}
              className={cn('flex items-start gap-2', off && 'text-muted-foreground')}
            >
              {off ? (
                <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              )}
              {feature}
            </li>
          )
        })}
      </ul>
      {plan.kind !== 'free' && !isCurrent && (
        <PendingButton
          type="button"
          variant={plan.kind === 'pack' ? 'outline' : 'default'}
          pending={pending}
          pendingLabel="Opening checkout…"
          disabled={!purchasesEnabled || (busy && !pending)}
          onClick={onBuy}
        >
          {buyLabel}
        </PendingButton>
      )}
    </li>
  )
}
