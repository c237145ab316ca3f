import { createFileRoute } from '@tanstack/react-router'
import { creditsQueryOptions, jobListQueryOptions, jobQueryFor, JobsBrowser } from '@/features/jobs'

/** The deck's jobs as a list, for people who prefer lists. */
export const Route = createFileRoute('/_app/jobs/list')({
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(jobListQueryOptions(jobQueryFor('list', deps)))
    void queryClient.prefetchQuery(creditsQueryOptions())
  },
  component: ListRoute,
})

function ListRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <JobsBrowser
      view="list"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
