import { createFileRoute, Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SavedJobApply } from '@/features/applications'
import { useSession } from '@/features/auth'
import {
  filtersFromSearch,
  jobDetailQueryOptions,
  JobDetailView,
  jobQueryFor,
} from '@/features/jobs'

/** One job in full. The deck's search params ride along, so Back and a swipe return to it. */
export const Route = createFileRoute('/_app/jobs/$jobId')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(jobDetailQueryOptions(params.jobId))
  },
  component: JobDetailRoute,
})

function JobDetailRoute() {
  const { jobId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const backToDeck = () => void navigate({ to: '/jobs', search })
  const session = useSession()
  const userId = session.status === 'signed-in' ? session.session.user.id : null

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pb-12">
      <Button asChild variant="ghost" className="self-start">
        <Link to="/jobs" search={search}>
          <ArrowLeft aria-hidden="true" />
          Back to the deck
        </Link>
      </Button>
      <JobDetailView
        key={jobId}
        jobId={jobId}
        // The deck's own query: a swipe here updates the deck this job came from.
        query={jobQueryFor('deck', search)}
        filters={filtersFromSearch(search)}
        onDone={backToDeck}
        renderApply={
          userId
            ? (job, apply) => (
                <SavedJobApply
                  userId={userId}
                  job={{
                    id: job.id,
                    title: job.title,
                    company: job.company,
                    applyUrl: job.applyUrl,
                  }}
                  notSaved={apply}
                />
              )
            : undefined
        }
        notFound={
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold">Job not found</h1>
            <p className="text-muted-foreground">
              This job is no longer in the catalogue, or the link is incomplete.
            </p>
          </div>
        }
      />
    </div>
  )
}
