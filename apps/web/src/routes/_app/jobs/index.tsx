import { createFileRoute } from '@tanstack/react-router'
import { creditsQueryOptions, jobListQueryOptions, jobQueryFor, JobsBrowser } from '@/features/jobs'

/** The swipe deck, the jobs pages' default view. */
export const Route = createFileRoute('/_app/jobs/')({
  loaderDeps: ({ search }) => search,
  // Start the requests (also on hover of a link here) without holding the page: it has its own
  // loading state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(jobListQueryOptions(jobQueryFor('deck', deps)))
    void queryClient.prefetchQuery(creditsQueryOptions())
  },
  component: DeckRoute,
})

function DeckRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <JobsBrowser
      view="deck"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
