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

/**
 * The paid actions and what each costs, in credits: the server's `public.credit_prices` table
 * (readable by signed-in users through /rest/v1, written only by the service role and
 * migrations). A request to a paid action carries the price the client showed (`creditCost`);
 * the server charges its own price and answers 409 `price_changed` when the two differ. Later
 * paid actions (cover letters, analyses, videos, interviews) add their rows here.
 */
export const PRICED_ACTIONS = ['right_swipe'] as const
export type PricedAction = (typeof PRICED_ACTIONS)[number]

/** The highest price the table accepts, and so the highest `creditCost` a request may show. */
export const MAX_CREDIT_PRICE = 10_000

/**
 * `details` of a 409 `price_changed` answer: the action, its price now (charge this one next
 * time) and the price the request showed. Nothing was recorded or charged.
 */
export const PriceChangedDetailsSchema = z.object({
  action: z.enum(PRICED_ACTIONS),
  creditCost: z.number().int().min(0),
  shownCreditCost: z.number().int().min(0),
})
export type PriceChangedDetails = z.infer<typeof PriceChangedDetailsSchema>
