// Validates the runtime config first; every module below may read `env` while loading.
import './lib/env'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { analytics } from './lib/analytics'
import { queryClient } from './lib/query-client'
import { router } from './router'

export function startApp(rootElement: HTMLElement): void {
  router.subscribe('onResolved', ({ toLocation }) => {
    analytics.capturePageView(toLocation.href)
  })

  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}
