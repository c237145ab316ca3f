import type { QueryClient } from '@tanstack/react-query'
import { SWIPE_MUTATION_KEY } from './query-keys'
import { isWorthRetrying } from './swipe-retry'
import type { swipeMutationOptions } from './swipes'

type SwipeOptions = ReturnType<typeof swipeMutationOptions>
type SwipeStep = 'mutationFn' | 'onMutate' | 'onError' | 'onSuccess' | 'onSettled'

/**
 * Lets swipes saved offline resume after a reload (call once, before the cache is restored): a
 * resumed swipe runs the swipe's own request and callbacks (swipes.ts). Their code loads when a
 * swipe first needs it, not with the app's start: the jobs contracts it parses with would block
 * a phone's main thread ~130 ms on every page's first load (issue 21). Query awaits each of
 * these steps, so loading first changes nothing but when they run; the service worker keeps the
 * code for an app opened offline.
 */
export function registerSwipeDefaults(client: QueryClient): void {
  let loaded: Promise<SwipeOptions> | undefined
  const swipe = () =>
    (loaded ??= import('./swipes').then((swipes) => swipes.swipeMutationOptions()))
  const step =
    (name: SwipeStep) =>
    async (...args: unknown[]): Promise<unknown> =>
      Reflect.apply((await swipe())[name], undefined, args)
  client.setMutationDefaults(SWIPE_MUTATION_KEY, {
    retry: isWorthRetrying,
    mutationFn: step('mutationFn'),
    onMutate: step('onMutate'),
    onError: step('onError'),
    onSuccess: step('onSuccess'),
    onSettled: step('onSettled'),
  })
}
