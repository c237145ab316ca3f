import {
  type CreditsResponse,
  type JobCard,
  IDEMPOTENCY_KEY_HEADER,
  type SwipeDirection,
  type SwipeResponse,
  SwipeResponseSchema,
} from '@app/contracts'
import { type QueryClient, type QueryKey, useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { spendCreditsOptimistically } from '../lib/optimistic-credits'
import { putCardOnTop, removeCard, restoreCard } from './deck-cache'
import { creditKeys, jobKeys, SWIPE_MUTATION_KEY } from './query-keys'
import { isWorthRetrying } from './swipe-retry'
import { priceChange, rememberSwipePrice } from './swipe-price'

/**
 * `POST /api/swipes` with the optimistic update of spec section 4, and `DELETE /api/swipes/:id`
 * (undo of a pass).
 *
 * A right swipe lowers `remainingCredits` at once (never below 0) and raises `usedCredits` by
 * the cost; the card leaves the deck at once either way. A refusal restores the credits snapshot
 * and puts the card back; a 409 `price_changed` also records the server's new price, which the
 * next swipe sends. Afterwards the credits are refreshed, and when the card was the last one the
 * jobs lists are too.
 */

export type SwipeVariables = {
  job: JobCard
  direction: SwipeDirection
  creditCost: number
  isLastCard: boolean
  /** Made once per swipe and sent with every retry of it: the server charges a swipe once. */
  idempotencyKey: string
}

function postSwipe({ job, direction, creditCost, isLastCard, idempotencyKey }: SwipeVariables) {
  return apiRequest('swipes', {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: { jobId: job.id, swipeDirection: direction, creditCost, isLastCard },
    schema: SwipeResponseSchema,
  })
}

type SwipeCallbacks = {
  onSwiped?: (response: SwipeResponse, swipe: SwipeVariables) => void
  onRefused?: (error: Error, swipe: SwipeVariables) => void
}

/**
 * The swipe's mutation without the screen's callbacks: what `useSwipeJob` runs, and the
 * defaults a swipe made offline is resumed with after a reload (swipe-defaults.ts): its
 * variables, Idempotency-Key and optimistic snapshot are saved with the offline cache
 * (lib/query-persistence.ts), so a refusal on resuming still rolls back as spec section 4 says.
 */
export function swipeMutationOptions() {
  return {
    mutationKey: SWIPE_MUTATION_KEY,
    mutationFn: postSwipe,
    retry: isWorthRetrying,
    onMutate: async (swipe: SwipeVariables, { client }: { client: QueryClient }) => {
      // A credits fetch already under way would overwrite the optimistic figures when it lands.
      await client.cancelQueries({ queryKey: creditKeys.all })
      // So would a list page arriving with the card still in it.
      await client.cancelQueries({ queryKey: jobKeys.lists() })
      const previousCredits = client.getQueryData<CreditsResponse>(creditKeys.all)
      if (swipe.direction === 'RIGHT' && previousCredits) {
        client.setQueryData(
          creditKeys.all,
          spendCreditsOptimistically(previousCredits, swipe.creditCost),
        )
      }
      return { previousCredits, removed: removeCard(client, swipe.job) }
    },
    onError: (
      error: Error,
      _swipe: SwipeVariables,
      snapshot: SwipeSnapshot | undefined,
      { client }: { client: QueryClient },
    ) => {
      if (snapshot?.previousCredits) {
        client.setQueryData(creditKeys.all, snapshot.previousCredits)
      }
      if (snapshot) {
        restoreCard(client, snapshot.removed)
      }
      const changed = priceChange(error)
      if (changed) {
        rememberSwipePrice(client, changed.creditCost)
      }
    },
    onSuccess: (
      response: SwipeResponse,
      _swipe: SwipeVariables,
      _snapshot: SwipeSnapshot | undefined,
      { client }: { client: QueryClient },
    ) => {
      if (response.swipe.direction === 'RIGHT') {
        rememberSwipePrice(client, response.swipe.creditCost)
      }
    },
    onSettled: async (
      _response: SwipeResponse | undefined,
      _error: Error | null,
      swipe: SwipeVariables,
      _snapshot: SwipeSnapshot | undefined,
      { client }: { client: QueryClient },
    ) => {
      const refreshes = [
        client.invalidateQueries({ queryKey: creditKeys.all }),
        client.invalidateQueries({ queryKey: jobKeys.counts() }),
      ]
      if (swipe.isLastCard) {
        refreshes.push(client.invalidateQueries({ queryKey: jobKeys.lists() }))
      }
      await Promise.all(refreshes)
    },
  }
}

type SwipeSnapshot = {
  previousCredits: CreditsResponse | undefined
  removed: ReturnType<typeof removeCard>
}

export function useSwipeJob({ onSwiped, onRefused }: SwipeCallbacks = {}) {
  const base = swipeMutationOptions()
  return useMutation({
    ...base,
    onError: (error, swipe, snapshot, context) => {
      base.onError(error, swipe, snapshot, context)
      onRefused?.(error, swipe)
    },
    onSuccess: (response, swipe, snapshot, context) => {
      base.onSuccess(response, swipe, snapshot, context)
      onSwiped?.(response, swipe)
    },
  })
}

export type UndoPassVariables = { swipeId: string; job: JobCard; listKey: QueryKey }

/** Undo a pass: the server forgets the swipe and the card goes back on top of its deck. */
export function useUndoPass({ onUndone }: { onUndone?: (job: JobCard) => void } = {}) {
  return useMutation({
    mutationFn: ({ swipeId }: UndoPassVariables) =>
      apiRequest<void>(`swipes/${encodeURIComponent(swipeId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, { job, listKey }, _result, { client }) => {
      putCardOnTop(client, listKey, job)
      onUndone?.(job)
    },
    onSettled: (_answer, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: jobKeys.counts() }),
  })
}
