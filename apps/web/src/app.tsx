// Validates the runtime config first; every module below may read `env` while loading.
import './lib/env'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { holdsSessionTokens } from './features/auth'
import { registerSwipeDefaults } from './features/jobs'
import { analytics, startAnalytics } from './lib/analytics'
import { prepareClassNames } from './lib/cn'
import { env } from './lib/env'
import { startErrorReporting } from './lib/error-reporting'
import { captureInstallPrompt, noteScreenOpened } from './lib/install-prompt'
import { queryClient } from './lib/query-client'
import { logger } from './lib/logger'
import { registerServiceWorker } from './lib/service-worker'
import { storedUserId } from './lib/stored-session'
import { loadSupabase, whenSupabaseLoaded } from './lib/supabase'
import type { AppRouter } from './router'

function startOfflineCache(): Promise<void> {
  return import('./lib/query-persistence')
    .then((persistence) => persistence.startOfflineCache(queryClient))
    .catch((error: unknown) => logger.warn('The offline cache could not be started', error))
}

/**
 * Whether the page at `location` needs the backend client from the start: all but /, the
 * not-found page, and the pages that say otherwise (`staticData.backendClient`, router.tsx).
 */
function needsBackendClientAtStart(router: AppRouter, { pathname, hash }: Location): boolean {
  const [, , foundRoute] = router.getMatchedRoutes(pathname)
  if (foundRoute === undefined || foundRoute.id === '/') return false
  if (foundRoute.options.staticData?.backendClient === 'auth-link') return holdsSessionTokens(hash)
  return foundRoute.options.staticData?.backendClient !== 'after-first-paint'
}

/**
 * Starts downloading the components of the routes `pathname` opens. The router would fetch them
 * only once each route's guard has run, and the guards wait for the backend client: on a phone's
 * network that is a second wait in a row (issue 21). A failed download is retried by the router.
 */
function prefetchRouteChunks(router: AppRouter, pathname: string): void {
  const [matchedRoutes] = router.getMatchedRoutes(pathname)
  for (const route of matchedRoutes) {
    void router.loadRouteChunk(route)?.catch(() => undefined)
  }
}

/** Ends the current task: the browser may paint and answer input before the next piece runs. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export async function startApp(rootElement: HTMLElement): Promise<void> {
  // Start-up runs as a few tasks rather than one long one (issue 21: a phone's main thread is
  // blocked for as long as the longest task): this module's imports (the configuration's
  // validation among them), then the router with every route's light half and what those
  // import, then what starts the route's downloads and the app's services, then the class-name
  // merger's set-up (lib/cn.ts), then the first render, which React renders as a transition, in
  // slices.
  await yieldToBrowser()
  const { router } = await import('./router')
  await yieldToBrowser()
  // Analytics and error reporting (issue 22, item 6) load their SDKs when the browser is idle
  // after the first paint, and only where they are on.
  startErrorReporting(env, router)
  startAnalytics(env)
  // The installed app (issue 19, ADR 0032): the browser's install offer is kept for later, the
  // service worker registered, and the offline cache started (below). A notification clicked
  // while the app is open opens its screen here.
  captureInstallPrompt()
  registerServiceWorker({
    onMessage: ({ url }) => void router.navigate({ href: url }),
  })
  registerSwipeDefaults(queryClient)
  // Query assumes it is online until an `offline` event; an app opened offline must know at once,
  // or it would fetch, and resume queued writes, into a closed network.
  onlineManager.setOnline(navigator.onLine)
  // The offline cache (IndexedDB, the persister) is loaded only where there is a user to keep
  // data for (issue 21): with a stored session, before the first render, so the app opens with
  // the last sync offline; without one, once a page loads the backend client (only through it
  // can a session begin), so / and the not-found page never load it. The first render waits for
  // it, so its download is asked for first: on a phone's few connections, what is asked for
  // first arrives first.
  const offlineCacheStarted = storedUserId() !== null ? startOfflineCache() : null
  if (offlineCacheStarted === null) {
    whenSupabaseLoaded(() => void startOfflineCache())
  }
  if (needsBackendClientAtStart(router, window.location)) {
    // Every page but / and the not-found page reads the session or the data: the client's
    // download starts now, beside the route's own chunks, not once its guard asks for it (a
    // failure is retried by the first real use).
    void loadSupabase().catch(() => undefined)
  }
  prefetchRouteChunks(router, window.location.pathname)
  await offlineCacheStarted

  router.subscribe('onResolved', ({ toLocation }) => {
    analytics.capturePageView(toLocation.href)
    noteScreenOpened()
  })

  await yieldToBrowser()
  prepareClassNames()
  await yieldToBrowser()
  const root = createRoot(rootElement)
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    )
  })
}
