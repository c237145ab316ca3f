/**
 * 1. The route tree is generated from src/routes by the router plugin (routeTree.gen.ts, not in git).
 * 2. Router defaults follow the spec: preload on intent, preload stale time 0, scroll restoration.
 * 3. Errors and unknown paths fall back to the shared error and not-found screens.
 */
import { createRouter } from '@tanstack/react-router'
import { ErrorFallback } from './components/error-fallback'
import { NotFoundPage } from './components/not-found-page'
import { queryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Query owns freshness: with 0 the router always calls loaders, which ask Query's cache.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorFallback,
  defaultNotFoundComponent: NotFoundPage,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
