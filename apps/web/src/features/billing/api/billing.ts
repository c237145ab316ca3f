/**
 * Billing's calls (issue 18; wire shapes in packages/contracts/src/billing.ts): the overview
 * (plans, the plan in force, the subscription, the credits), the ledger's history page by page,
 * and the two Stripe redirects (Checkout, the customer portal).
 */
import {
  BillingOverviewSchema,
  CreditHistoryResponseSchema,
  RedirectResponseSchema,
} from '@app/contracts'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

export const billingKeys = {
  all: ['billing'] as const,
  overview: () => ['billing', 'overview'] as const,
  history: () => ['billing', 'history'] as const,
}

/**
 * How long the overview read by the app shell (the failed-payment banner) stays fresh: every
 * signed-in page shows the banner, and a navigation must not cost a request. The credits page
 * and the paywall read it again when they open (their own `staleTime: 0`).
 */
export const BILLING_OVERVIEW_STALE_MS = 5 * 60 * 1000

/** `GET /api/billing`. */
export function billingOverviewQuery() {
  return queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => apiRequest('billing', { schema: BillingOverviewSchema, signal }),
    staleTime: BILLING_OVERVIEW_STALE_MS,
  })
}

export const HISTORY_PAGE_SIZE = 20

/** `GET /api/credits/history`, newest first; the next page is `before` the last one's id. */
export function creditHistoryQuery() {
  return infiniteQueryOptions({
    queryKey: billingKeys.history(),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) })
      if (pageParam) {
        params.set('before', pageParam)
      }
      return apiRequest(`credits/history?${params.toString()}`, {
        schema: CreditHistoryResponseSchema,
        signal,
      })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  })
}

/** `POST /api/stripe/checkout`: the Checkout page's address for `plan`. */
export async function startCheckout(plan: string): Promise<string> {
  const { url } = await apiRequest('stripe/checkout', {
    method: 'POST',
    body: { plan },
    schema: RedirectResponseSchema,
  })
  return url
}

/** `POST /api/stripe/portal`: the customer portal's address. */
export async function openPortal(): Promise<string> {
  const { url } = await apiRequest('stripe/portal', {
    method: 'POST',
    schema: RedirectResponseSchema,
  })
  return url
}
