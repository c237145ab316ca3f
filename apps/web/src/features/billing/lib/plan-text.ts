import type { BillingOverview, Plan, PlanPeriod, SubscriptionSummary } from '@app/contracts'

/**
 * The words and figures the credits screen and the paywall show for plans, prices and dates.
 * Pure functions; `locale` defaults to the browser's (tests pass one).
 */

/** `priceCents` in the currency's minor unit → "$39.99", "€4.99", "¥500". */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minorUnits / 10 ** digits)
}

const PERIOD_NOUN: Record<PlanPeriod, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: '3 months',
}

/** "day", "week", "month", "3 months". */
export function periodNoun(period: PlanPeriod): string {
  return PERIOD_NOUN[period]
}

/** "$39.99 / month" for a plan, "$4.99" for a pack, "Free" for the free plan. */
export function formatPlanPrice(plan: Plan, locale?: string): string {
  if (plan.kind === 'free' || plan.priceCents === 0) {
    return 'Free'
  }
  const price = formatMoney(plan.priceCents, plan.currency, locale)
  return plan.kind === 'pack' ? price : `${price} / ${periodNoun(plan.period)}`
}

/** "10 credits a day", "600 credits a month", "Unlimited saves", "50 credits that never expire". */
export function describePlanCredits(plan: Plan): string {
  if (plan.credits === null) {
    return 'Unlimited saves'
  }
  const credits = `${plan.credits} ${plan.credits === 1 ? 'credit' : 'credits'}`
  if (plan.kind === 'pack') {
    return `${credits} that never expire`
  }
  return plan.period === 'quarterly'
    ? `${credits} every 3 months`
    : `${credits} a ${periodNoun(plan.period)}`
}

/** What a plan unlocks, one line each (none for a pack: it only adds credits). */
export function describePlanFeatures(plan: Plan): string[] {
  if (plan.kind === 'pack') {
    return []
  }
  const { analysisVideos, practiceInterviewsPerWeek } = plan.features
  return [
    analysisVideos ? 'Analysis videos of your resume review' : 'No analysis videos',
    practiceInterviewsPerWeek === null
      ? 'Unlimited practice interviews'
      : practiceInterviewsPerWeek === 0
        ? 'No practice interviews'
        : `${practiceInterviewsPerWeek} practice ${
            practiceInterviewsPerWeek === 1 ? 'interview' : 'interviews'
          } a week`,
  ]
}

/** "26 Nov 2026" in the browser's locale. */
export function formatDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
}

/** "26 Nov 2026, 00:00" in the browser's locale and zone. */
export function formatDateTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

const STORE_NAMES: Record<string, string> = {
  APP_STORE: 'the App Store',
  MAC_APP_STORE: 'the Mac App Store',
  PLAY_STORE: 'Google Play',
  AMAZON: 'the Amazon Appstore',
  STRIPE: 'the web',
  PROMOTIONAL: 'a promotion',
}

/** Where a RevenueCat subscription was bought: "the App Store", "Google Play"; null for Stripe. */
export function storeName(subscription: SubscriptionSummary): string | null {
  if (subscription.provider === 'stripe' || !subscription.store) {
    return null
  }
  return STORE_NAMES[subscription.store] ?? subscription.store.toLowerCase().replaceAll('_', ' ')
}

/**
 * The subscription in one line: "Renews on 26 Dec 2026", "Ends on 26 Dec 2026", with
 * " · via the App Store" for a phone store's.
 */
export function describeSubscription(subscription: SubscriptionSummary, locale?: string): string {
  const end = subscription.currentPeriodEnd
  const when = end
    ? subscription.cancelAtPeriodEnd || subscription.status === 'canceled'
      ? `Ends on ${formatDate(end, locale)}`
      : `Renews on ${formatDate(end, locale)}`
    : subscription.cancelAtPeriodEnd
      ? 'Ends at the end of this period'
      : 'Renews automatically'
  const store = storeName(subscription)
  return store ? `${when} · via ${store}` : when
}

/** Whether the Stripe customer portal can manage something of this user's. */
export function hasStripeSubscription(overview: BillingOverview): boolean {
  return overview.subscription?.provider === 'stripe'
}
