import type { CreditsResponse } from '@app/contracts'

/**
 * The credits a right swipe leaves, as the deck shows them before the server answers (spec
 * sections 4 and 9): `remainingCredits` lowered by the cost but never below 0 (null, a plan
 * without a cap, stays null) and `usedCredits` raised by the cost. The server's answer replaces
 * this guess; on a refusal the deck restores what it had before.
 */
export function spendCreditsOptimistically(
  credits: CreditsResponse,
  cost: number,
): CreditsResponse {
  return {
    ...credits,
    remainingCredits:
      credits.remainingCredits === null ? null : Math.max(0, credits.remainingCredits - cost),
    usedCredits: credits.usedCredits + cost,
  }
}
