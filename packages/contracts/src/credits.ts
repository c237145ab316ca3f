import { z } from 'zod'

/**
 * The credits response of `GET /api/credits` (spec section 3), also returned by every swipe.
 * A right swipe spends credits; free users get an allowance per period that starts at midnight
 * UTC and refreshes at `nextRefreshDate`.
 */
/** How long a period of free credits lasts; every period starts at midnight UTC. */
export const CREDIT_PERIODS = ['daily', 'weekly', 'monthly'] as const
export type CreditPeriod = (typeof CREDIT_PERIODS)[number]

export const CreditsResponseSchema = z.object({
  /** Credits left to spend; null on a plan without a cap (spends always succeed). */
  remainingCredits: z.number().int().min(0).nullable(),
  /** Credits spent since `currentPeriodStart` (counted on unlimited plans too). */
  usedCredits: z.number().int().min(0),
  /** Start of the current period, an ISO 8601 timestamp in UTC ("2026-11-21T00:00:00.000Z"). */
  currentPeriodStart: z.iso.datetime(),
  /** When the period rolls over and the allowance is granted again, ISO 8601 in UTC. */
  nextRefreshDate: z.iso.datetime(),
})
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>
