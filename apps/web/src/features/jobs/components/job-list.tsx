import type { JobCard } from '@app/contracts'
import { Link } from '@tanstack/react-router'
import { Heart, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { type JobResultsProps, useJobResults } from '../hooks/use-job-results'
import { useLoadMoreJobs } from '../hooks/use-load-more-jobs'
import { describeJob } from '../lib/job-formatting'
import { ActionsStatus } from './actions-status'
import { JobFacts } from './job-facts'
import { JobsLoadError, ListSkeleton, NoMoreJobs } from './jobs-states'
import { MatchBadge } from './match-badge'
import { MatchReasons } from './match-reasons'
import { ReportJobDialog } from './report-job-dialog'

/**
 * The deck's jobs as a list, for people who would rather scan than swipe: the same results, the
 * same Save and Pass (and undo), more pages as the end of the list comes into view.
 */
export function JobList({ query, filters, onOpenFilters }: JobResultsProps) {
  const { jobs, count, loaded: list, actions, isRefilling } = useJobResults(query)
  const [reportedJob, setReportedJob] = useState<JobCard | null>(null)
  const endOfList = useRef<HTMLDivElement>(null)
  const [isEndInView, setIsEndInView] = useState(false)

  useEffect(() => {
    const end = endOfList.current
    if (!end) {
      return
    }
    const observer = new IntersectionObserver(
      ([entry]) => setIsEndInView(entry?.isIntersecting ?? false),
      {
        rootMargin: '400px',
      },
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [])
  useLoadMoreJobs(jobs, { when: isEndInView })

  const isLastCard = list.length === 1

  return (
    <div className="flex w-full max-w-2xl flex-col gap-4">
      {jobs.isPending ? (
        <ListSkeleton />
      ) : jobs.isError && list.length === 0 ? (
        <JobsLoadError message={jobs.error.message} onRetry={() => void jobs.refetch()} />
      ) : list.length === 0 && !isRefilling ? (
        <NoMoreJobs
          count={count.data}
          action={<Button onClick={onOpenFilters}>Change filters</Button>}
        />
      ) : (
        <ul aria-label="Jobs" className="flex flex-col gap-3">
          {list.map((job) => (
            <li key={job.id}>
              <JobRow
                job={job}
                onSave={() => actions.save(job, { isLastCard })}
                onPass={() => actions.pass(job, { isLastCard })}
                onReport={() => setReportedJob(job)}
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={endOfList} aria-hidden="true" />
      {jobs.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={jobs.isFetchingNextPage}
          onClick={() => void jobs.fetchNextPage()}
        >
          {jobs.isFetchingNextPage ? 'Loading more jobs…' : 'Load more jobs'}
        </Button>
      )}
      <div className="sticky bottom-4 flex flex-col items-center gap-2">
        {actions.undoableJob && (
          <Button variant="outline" className="shadow-md" onClick={actions.undo}>
            Undo pass on {describeJob(actions.undoableJob)}
          </Button>
        )}
        <ActionsStatus actions={actions} />
      </div>
      <ReportJobDialog job={reportedJob} filters={filters} onClose={() => setReportedJob(null)} />
    </div>
  )
}

type JobRowProps = { job: JobCard; onSave: () => void; onPass: () => void; onReport: () => void }

function JobRow({ job, onSave, onPass, onReport }: JobRowProps) {
  const name = describeJob(job)
  return (
    <article className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm shadow-black/5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg leading-tight font-semibold">
            <Link
              to="/jobs/$jobId"
              params={{ jobId: job.id }}
              search={(search) => search}
              className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {job.title}
            </Link>
          </h2>
          {job.company && <p className="text-sm text-muted-foreground">{job.company}</p>}
        </div>
        <MatchBadge match={job.match} />
      </div>
      <JobFacts job={job} className="sm:flex-row sm:flex-wrap sm:gap-x-4" />
      <MatchReasons reasons={job.match.reasons} />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onSave} aria-label={`Save ${name}`}>
          <Heart aria-hidden="true" />
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onPass} aria-label={`Pass on ${name}`}>
          <X aria-hidden="true" />
          Pass
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ms-auto"
          onClick={onReport}
          aria-label={`Report ${name}`}
        >
          Report
        </Button>
      </div>
    </article>
  )
}
