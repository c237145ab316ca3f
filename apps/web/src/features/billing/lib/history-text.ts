import type { CreditHistoryEntry, PlanPeriod } from '@app/contracts'

/**
 * A ledger entry in plain words for the credits history: "Saved a job", "Daily credits",
 * "Payment refunded", with its signed amount ("+10", "−1": a real minus sign).
 */

const FREE_CREDITS: Record<PlanPeriod, string> = {
  daily: 'Daily credits',
  weekly: 'Weekly credits',
  monthly: 'Monthly credits',
  quarterly: 'Quarterly credits',
}

const REASONS: Record<string, string> = {
  signup: 'Welcome credits',
  swipe: 'Saved a job',
  period_end: 'Unused credits expired',
  subscription: 'Plan credits',
  pack: 'Credit pack',
  payment_refunded: 'Payment refunded',
  referral: 'Referral reward',
}

const BY_KIND: Record<CreditHistoryEntry['kind'], string> = {
  grant: 'Credits added',
  spend: 'Credits spent',
  refund: 'Credits given back',
  expiry: 'Credits expired',
}

/**
 * What happened. `freePeriod`: how often the free plan renews (its refreshes are "Daily
 * credits" on a daily plan).
 */
export function describeHistoryEntry(
  entry: Pick<CreditHistoryEntry, 'kind' | 'reason'>,
  freePeriod: PlanPeriod = 'daily',
): string {
  if (entry.reason === 'period_refresh') {
    return FREE_CREDITS[freePeriod]
  }
  if (entry.reason === 'swipe' && entry.kind === 'refund') {
    return 'Save refunded'
  }
  return (entry.reason && REASONS[entry.reason]) ?? BY_KIND[entry.kind]
}

/** "+10", "−1" (U+2212), "0". */
export function formatDelta(delta: number): string {
  if (delta > 0) {
    return `+${delta}`
  }
  return delta < 0 ? `\u2212${Math.abs(delta)}` : '0'
}
