/**
 * Renders web app components as the app runs them: inside a real TanStack Router (in memory,
 * with the routes a test gives) and a real QueryClient of its own, so no test shares a cache.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'

export function createTestQueryClient(): QueryClient {
  // No retries of failed reads: a test says what the server answers, once.
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

export type RenderedApp = Awaited<ReturnType<typeof renderRoutes>>

/**
 * `routes(root)` builds the routes under the root route; the app opens at `path`. Resolves
 * once the router has loaded the first page.
 */
export async function renderRoutes({
  routes,
  path,
  queryClient = createTestQueryClient(),
}: {
  routes: (root: AnyRoute) => AnyRoute[]
  path: string
  queryClient?: QueryClient
}) {
  const rootRoute = createRootRoute()
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes(rootRoute)),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const user = userEvent.setup()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await router.load()
  return { ...view, router, queryClient, user }
}

/** One page at `/` showing `ui`: for components that only need a router around them. */
export function renderInRouter(ui: () => ReactNode, queryClient?: QueryClient) {
  return renderRoutes({
    path: '/',
    queryClient,
    routes: (root) => [createRoute({ getParentRoute: () => root, path: '/', component: ui })],
  })
}
