import {
  DEFAULT_SWIPE_CREDIT_COST,
  type PriceChangedDetails,
  PriceChangedDetailsSchema,
} from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api'

/**
 * The price of a right swipe as this app last heard it from the server. The server sets every
 * price (its `credit_prices` table); a swipe sends the price the app shows, and the server
 * answers 409 `price_changed` with the current one when they differ. The app starts from the
 * spec's default (1 credit), learns the price from every answer that carries it, and keeps it
 * in the query cache so the deck, the list and the detail view all use the same one.
 */
export const swipePriceKey = ['prices', 'right_swipe'] as const

export function currentSwipePrice(client: QueryClient): number {
  return client.getQueryData<number>(swipePriceKey) ?? DEFAULT_SWIPE_CREDIT_COST
}

export function rememberSwipePrice(client: QueryClient, creditCost: number): void {
  client.setQueryData(swipePriceKey, creditCost)
}

/** The server's `price_changed` details, when `error` is that refusal. */
export function priceChange(error: unknown): PriceChangedDetails | null {
  if (!isApiError(error) || error.code !== 'price_changed') {
    return null
  }
  const parsed = PriceChangedDetailsSchema.safeParse(error.details)
  return parsed.success ? parsed.data : null
}
