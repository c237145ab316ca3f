/**
 * The server's prices of paid actions (`public.credit_prices`, migration 20261125001400): the
 * one place a cost in credits comes from. A paid request carries the price the client showed;
 * `priceForRequest` answers the server's price when they agree and 409 `price_changed` with
 * the current price otherwise, so the caller charges only a price the user saw. Read inside the
 * caller's transaction, so the check and the spend see one price.
 */
import type { PriceChangedDetails, PricedAction } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'

/** The price of `action` now, in credits. */
export async function readPrice(db: Queryable, action: PricedAction): Promise<number> {
  const result = await db.query<{ credits: number }>(
    'select credits from public.credit_prices where action = $1',
    [action],
  )
  const row = result.rows[0]
  if (!row) {
    // Every action of PRICED_ACTIONS has its row from the migration that introduced it.
    throw new Error(`No price for ${action} in public.credit_prices`)
  }
  return row.credits
}

/**
 * The server's price of `action` when it equals `shownCreditCost` (what the client showed the
 * user); 409 `price_changed` with the current price otherwise.
 */
export async function priceForRequest(
  db: Queryable,
  action: PricedAction,
  shownCreditCost: number,
): Promise<number> {
  return requireShownPrice(action, await readPrice(db, action), shownCreditCost)
}

/** `creditCost` (read with `readPrice`) when the client showed it; 409 `price_changed` if not. */
export function requireShownPrice(
  action: PricedAction,
  creditCost: number,
  shownCreditCost: number,
): number {
  if (creditCost !== shownCreditCost) {
    const details: PriceChangedDetails = { action, creditCost, shownCreditCost }
    throw new AppError(
      'price_changed',
      `The price has changed: this costs ${credits(creditCost)}, not ${credits(shownCreditCost)}`,
      { details },
    )
  }
  return creditCost
}

function credits(amount: number): string {
  return `${amount} ${amount === 1 ? 'credit' : 'credits'}`
}
