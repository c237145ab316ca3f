import { Button } from '@/components/ui/button'
import { useQuery } from '@tanstack/react-query'
import { applicationsQueryOptions } from '../api/applications'
import type { ApplicationStatus } from '../lib/application-status'
import { AddApplicationForm } from './add-application-form'
import { ApplicationsView } from './applications-view'
import { TrackerBoard } from './tracker-board'
import { TrackerCsvTools } from './tracker-csv'
import { TrackerStats } from './tracker-stats'

export type TrackerLayout = 'list' | 'board'

type TrackerViewProps = {
  userId: string
  view: TrackerLayout
  status: ApplicationStatus | undefined
  onViewChange: (view: TrackerLayout) => void
  onStatusChange: (status: ApplicationStatus | undefined) => void
  onOpenApplication: (applicationId: string) => void
}

/** The tracker: the list (sort, filters, "I applied") or the board, and adding a job by hand. */
export function TrackerView({
  userId,
  view,
  status,
  onViewChange,
  onStatusChange,
  onOpenApplication,
}: TrackerViewProps) {
  const applications = useQuery(applicationsQueryOptions(userId))
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="View" className="flex rounded-lg border p-0.5">
          {(['list', 'board'] as const).map((layout) => (
            <button
              key={layout}
              type="button"
              aria-pressed={view === layout}
              onClick={() => onViewChange(layout)}
              className="h-9 cursor-pointer rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
            >
              {layout === 'list' ? 'List' : 'Board'}
            </button>
          ))}
        </div>
        <AddApplicationForm onAdded={onOpenApplication} />
      </div>
      <TrackerCsvTools userId={userId} />
      <TrackerStats userId={userId} />
      {view === 'board' ? (
        applications.isSuccess ? (
          <TrackerBoard userId={userId} applications={applications.data} />
        ) : applications.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-5">
            <p>We couldn't load your applications: {applications.error.message}</p>
            <Button variant="outline" onClick={() => void applications.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status">Loading the board…</p>
        )
      ) : (
        <ApplicationsView userId={userId} status={status} onStatusChange={onStatusChange} />
      )}
    </div>
  )
}
