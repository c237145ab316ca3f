// Validates the runtime config first; every module below may read `env` while loading.
import './lib/env'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { registerSwipeDefaults } from './features/jobs'
import { analytics, startAnalytics } from './lib/analytics'
import { env } from './lib/env'
import { startErrorReporting } from './lib/error-reporting'
import { captureInstallPrompt, noteScreenOpened } from './lib/install-prompt'
import { startOfflineCache } from './lib/query-persistence'
import { queryClient } from './lib/query-client'
import { registerServiceWorker } from './lib/service-worker'
import { router } from './router'

export async function startApp(rootElement: HTMLElement): Promise<void> {
  // Analytics and error reporting (issue 22, item 6) load their SDKs when the browser is idle
  // after the first paint, and only where they are on.
  startErrorReporting(env, router)
  startAnalytics(env)
  // The installed app (issue 19, ADR 0032): the browser's install offer is kept for later, the
  // service worker registered, and the last sync restored before the first render so the app
  // opens with it offline. A notification clicked while the app is open opens its screen here.
  captureInstallPrompt()
  registerServiceWorker({
    onMessage: ({ url }) => void router.navigate({ href: url }),
  })
  registerSwipeDefaults(queryClient)
  await startOfflineCache(queryClient)

  router.subscribe('onResolved', ({ toLocation }) => {
    analytics.capturePageView(toLocation.href)
    noteScreenOpened()
  })

  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}
