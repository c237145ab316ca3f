import { describe, expect, it } from 'vitest'
import { CREDITS_50, FREE, PRO_MONTHLY, PRO_QUARTERLY } from '../test/fixtures'
import {
  describePlanCredits,
  describePlanFeatures,
  describeSubscription,
  formatDate,
  formatMoney,
  formatPlanPrice,
} from './plan-text'

describe('money', () => {
  it('formats minor units in the currency, by locale', () => {
    expect(formatMoney(3999, 'usd', 'en-US')).toBe('$39.99')
    expect(formatMoney(499, 'eur', 'de-DE')).toBe('4,99\u00a0€')
    expect(formatMoney(1499, 'gbp', 'en-GB')).toBe('£14.99')
  })

  it('knows currencies without a minor unit', () => {
    expect(formatMoney(500, 'jpy', 'en-US')).toBe('¥500')
  })
})

describe('plan prices and periods', () => {
  it('says the price per period of a plan, once for a pack, Free for free', () => {
    expect(formatPlanPrice(PRO_MONTHLY, 'en-US')).toBe('$39.99 / month')
    expect(formatPlanPrice(PRO_QUARTERLY, 'en-US')).toBe('$89.99 / 3 months')
    expect(formatPlanPrice({ ...PRO_MONTHLY, period: 'weekly', priceCents: 1499 }, 'en-US')).toBe(
      '$14.99 / week',
    )
    expect(formatPlanPrice(CREDITS_50, 'en-US')).toBe('$4.99')
    expect(formatPlanPrice(FREE, 'en-US')).toBe('Free')
  })

  it('says the credits per period, unlimited, or a pack that never expires', () => {
    expect(describePlanCredits(FREE)).toBe('10 credits a day')
    expect(describePlanCredits(PRO_MONTHLY)).toBe('600 credits a month')
    expect(describePlanCredits(PRO_QUARTERLY)).toBe('Unlimited saves')
    expect(describePlanCredits({ ...PRO_MONTHLY, period: 'quarterly', credits: 900 })).toBe(
      '900 credits every 3 months',
    )
    expect(describePlanCredits(CREDITS_50)).toBe('50 credits that never expire')
  })

  it('lists what a plan unlocks, nothing for a pack', () => {
    expect(describePlanFeatures(FREE)).toEqual([
      'No analysis videos',
      '2 practice interviews a week',
    ])
    expect(describePlanFeatures(PRO_MONTHLY)).toEqual([
      'Analysis videos of your resume review',
      'Unlimited practice interviews',
    ])
    expect(describePlanFeatures(CREDITS_50)).toEqual([])
  })
})

describe('dates and the subscription line', () => {
  const subscription = {
    plan: 'pro_monthly',
    provider: 'stripe' as const,
    store: null,
    status: 'active',
    currentPeriodEnd: '2026-12-26T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    paymentFailed: false,
  }

  it('formats dates in the given locale', () => {
    expect(formatDate('2026-12-26T10:00:00.000Z', 'en-GB')).toBe('26 Dec 2026')
    expect(formatDate('2026-12-26T10:00:00.000Z', 'en-US')).toBe('Dec 26, 2026')
  })

  it('renews, ends, and names a phone store', () => {
    expect(describeSubscription(subscription, 'en-GB')).toBe('Renews on 26 Dec 2026')
    expect(describeSubscription({ ...subscription, cancelAtPeriodEnd: true }, 'en-GB')).toBe(
      'Ends on 26 Dec 2026',
    )
    expect(
      describeSubscription(
        { ...subscription, provider: 'revenuecat', store: 'APP_STORE' },
        'en-GB',
      ),
    ).toBe('Renews on 26 Dec 2026 · via the App Store')
  })
})
