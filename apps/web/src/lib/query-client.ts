import { QueryClient } from '@tanstack/react-query'

/**
 * The router preloads on intent with a stale time of 0 and leaves caching to Query. A short
 * stale time here keeps a hover followed by a click from fetching the same data twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000 },
  },
})
