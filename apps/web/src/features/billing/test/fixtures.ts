import type { BillingOverview, Plan } from '@app/contracts'

/** The seed's catalogue, as `GET /api/billing` answers it. */
export const FREE: Plan = {
  id: 'free',
  kind: 'free',
  name: 'Free',
  description: 'Credits every day to save jobs from the deck',
  priceCents: 0,
  currency: 'usd',
  period: 'daily',
  credits: 10,
  features: { analysisVideos: false, practiceInterviewsPerWeek: 2 },
}
export const PRO_MONTHLY: Plan = {
  id: 'pro_monthly',
  kind: 'subscription',
  name: 'Pro monthly',
  description: 'The steady search: most seekers pick this',
  priceCents: 3999,
  currency: 'usd',
  period: 'monthly',
  credits: 600,
  features: { analysisVideos: true, practiceInterviewsPerWeek: null },
}
export const PRO_QUARTERLY: Plan = {
  id: 'pro_quarterly',
  kind: 'subscription',
  name: 'Pro quarterly',
  description: 'Unlimited saves for three months',
  priceCents: 8999,
  currency: 'usd',
  period: 'quarterly',
  credits: null,
  features: { analysisVideos: true, practiceInterviewsPerWeek: null },
}
export const CREDITS_50: Plan = {
  id: 'credits_50',
  kind: 'pack',
  name: '50 credits',
  description: 'A one-off top-up; pack credits never expire',
  priceCents: 499,
  currency: 'usd',
  period: 'monthly',
  credits: 50,
  features: { analysisVideos: false, practiceInterviewsPerWeek: 0 },
}

export function overview(fields: Partial<BillingOverview> = {}): BillingOverview {
  return {
    plans: [FREE, PRO_MONTHLY, PRO_QUARTERLY, CREDITS_50],
    currentPlan: FREE,
    subscription: null,
    credits: {
      remainingCredits: 0,
      usedCredits: 10,
      currentPeriodStart: '2026-11-26T00:00:00.000Z',
      nextRefreshDate: '2026-11-27T00:00:00.000Z',
    },
    purchasesEnabled: true,
    ...fields,
  }
}
