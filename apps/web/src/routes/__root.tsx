import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { AppUpdatePrompt } from '@/components/app-update-prompt'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

/** Every page, the spec's own included: the update prompt shows wherever the person is. */
function RootLayout() {
  return (
    <>
      <Outlet />
      <AppUpdatePrompt />
    </>
  )
}
