import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Loads the next page of jobs while `when` holds (the deck running low, the end of the list in
 * view), one page at a time. A page that failed is not retried in a loop: the error state
 * offers the retry.
 */
export function useLoadMoreJobs(
  jobs: Pick<
    UseInfiniteQueryResult<InfiniteData<unknown>>,
    'hasNextPage' | 'isFetching' | 'isFetchNextPageError' | 'fetchNextPage'
  >,
  { when }: { when: boolean },
) {
  const shouldLoad = when && jobs.hasNextPage && !jobs.isFetching && !jobs.isFetchNextPageError
  const { fetchNextPage } = jobs
  useEffect(() => {
    if (shouldLoad) {
      void fetchNextPage()
    }
  }, [shouldLoad, fetchNextPage])
}
