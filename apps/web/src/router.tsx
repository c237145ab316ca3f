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

export type AppRouter = typeof router

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /**
     * When app.tsx starts downloading the backend client, for a page that does not need it at
     * once (by default, every page but / and the not-found page starts it with the app):
     * - `'auth-link'`: the page uses it only to sign in the session an auth link put in the URL
     *   hash; started with the app only when there is one.
     * - `'after-first-paint'`: the page's first paint needs nothing from the server; the page
     *   starts it itself once painted.
     */
    backendClient?: 'auth-link' | 'after-first-paint'
  }
}
