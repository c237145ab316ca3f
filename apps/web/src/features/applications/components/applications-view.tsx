import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bookmark, Layers } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { DismissibleAlert } from '@/components/dismissible-alert'
import { cn } from '@/lib/cn'
import { applicationsQueryOptions } from '../api/applications'
import { useRecordApplied } from '../hooks/use-record-applied'
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  countByStatus,
  STATUS_LABELS,
} from '../lib/application-status'
import { jobName } from '../lib/application-text'
import { type ListSort, matchesCompany, sortApplications } from '../lib/application-list'
import { ApplicationItem } from './application-item'

type ApplicationsViewProps = {
  userId: string
  /** The stage shown (from the URL), or every stage. */
  status: ApplicationStatus | undefined
  onStatusChange: (status: ApplicationStatus | undefined) => void
}

/**
 * The Saved area: every job the seeker saved (a right swipe) and where its application stands,
 * newest first, filterable by stage. "I applied" records it (optimistic, rolled back with the
 * reason when the server refuses).
 */
export function ApplicationsView({ userId, status, onStatusChange }: ApplicationsViewProps) {
  const applications = useQuery(applicationsQueryOptions(userId))
  const recording = useRecordApplied(userId)
  const [announcement, setAnnouncement] = useState('')
  const [sort, setSort] = useState<ListSort>('date')
  const [company, setCompany] = useState('')
  const [since, setSince] = useState('')

  if (applications.isPending) {
    return (
      <div role="status" aria-label="Loading your saved jobs" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-32 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    )
  }
  if (applications.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-5">
        <p className="font-medium">We couldn't load your saved jobs.</p>
        <p className="text-sm text-muted-foreground">{applications.error.message}</p>
        <Button variant="outline" onClick={() => void applications.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (applications.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-12 text-center">
        <Bookmark aria-hidden="true" className="size-8 text-primary" />
        <p className="text-lg font-medium text-balance">
          Nothing saved yet — swipe right on a job to save it
        </p>
        <Button asChild>
          <Link to="/jobs">
            <Layers aria-hidden="true" />
            Go to the deck
          </Link>
        </Button>
      </div>
    )
  }

  const counts = countByStatus(applications.data)
  const shown = sortApplications(
    applications.data.filter(
      (application) =>
        (!status || application.status === status) &&
        matchesCompany(application.company, company) &&
        (!since || application.createdAt.slice(0, 10) >= since),
    ),
    sort,
  )
  const filters = APPLICATION_STATUSES.filter((stage) => counts[stage] > 0 || stage === status)

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        <FilterButton
          label="All"
          count={applications.data.length}
          pressed={status === undefined}
          onClick={() => onStatusChange(undefined)}
        />
        {filters.map((stage) => (
          <FilterButton
            key={stage}
            label={STATUS_LABELS[stage]}
            count={counts[stage]}
            pressed={status === stage}
            onClick={() => onStatusChange(stage)}
          />
        ))}
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Sort by
          <select
            value={sort}
            onChange={(event) => setSort(event.target.value as ListSort)}
            className="h-10 rounded-lg border border-input bg-card px-2 text-base font-normal sm:text-sm"
          >
            <option value="date">Newest first</option>
            <option value="company">Company (A–Z)</option>
            <option value="match">Best match first</option>
          </select>
        </label>
        <label htmlFor="list-company" className="flex flex-col gap-1 text-sm font-medium">
          Company
          <Input
            id="list-company"
            type="search"
            value={company}
            placeholder="Any company"
            onChange={(event) => setCompany(event.target.value)}
          />
        </label>
        <label htmlFor="list-since" className="flex flex-col gap-1 text-sm font-medium">
          Saved since
          <Input
            id="list-since"
            type="date"
            value={since}
            onChange={(event) => setSince(event.target.value)}
          />
        </label>
      </div>

      {recording.failure && (
        <DismissibleAlert onDismiss={recording.dismissFailure}>
          We couldn't record that you applied to {recording.failure.jobName}: it is still marked as
          saved. Try again in a moment. ({recording.failure.reason})
        </DismissibleAlert>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
          {status
            ? `No jobs at the ${STATUS_LABELS[status].toLowerCase()} stage${company || since ? ' with these filters' : ''}.`
            : 'No jobs with these filters.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((application) => (
            <li key={application.id}>
              <ApplicationItem
                application={application}
                isRecording={recording.isPending(application.id)}
                onApplied={() => {
                  const name = jobName(application)
                  setAnnouncement(`Marked ${name} as applied.`)
                  recording.markApplied(application, name)
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function FilterButton({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string
  count: number
  pressed: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground',
      )}
    >
      {label} <span className="font-normal tabular-nums">{count}</span>
    </button>
  )
}
