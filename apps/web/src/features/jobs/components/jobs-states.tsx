import type { JobCountResponse } from '@app/contracts'
import { RefreshCw, SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { formatJobCount } from '../lib/deck-messages'

/** The loading, empty and error states the deck and the list share. */

export function DeckSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading jobs"
      className="absolute inset-0 flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-lg shadow-black/5"
    >
      <div className="h-6 w-32 animate-pulse rounded-full bg-muted" />
      <div className="h-7 w-3/4 animate-pulse rounded bg-muted" />
      <div className="h-5 w-1/2 animate-pulse rounded bg-muted" />
      <div className="mt-2 flex flex-col gap-2">
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        ))}
      </div>
      <div className="mt-auto h-16 animate-pulse rounded bg-muted" />
    </div>
  )
}

export function ListSkeleton() {
  return (
    // A status, not a list: its placeholders are not items, and a list may not be a status.
    <div role="status" aria-label="Loading jobs" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-32 animate-pulse rounded-xl border bg-muted/60" />
      ))}
    </div>
  )
}

type NoMoreJobsProps = {
  /** How many jobs match the filters now, when known. */
  count: JobCountResponse | undefined
  /** Opens the filters, to widen them. */
  action: ReactNode
}

export function NoMoreJobs({ count, action }: NoMoreJobsProps) {
  return (
    <StateMessage
      icon={<SearchX aria-hidden="true" />}
      title="No more jobs here"
      body={
        <>
          {count === undefined
            ? "You've seen every job that matches."
            : `${formatJobCount(count)}.`}{' '}
          Widen your filters (more places, job types or levels, a lower minimum salary) to see more.
        </>
      }
      action={action}
    />
  )
}

export function JobsLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateMessage
      icon={<RefreshCw aria-hidden="true" />}
      title="We couldn't load jobs"
      body={message}
      role="alert"
      action={
        <Button onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      }
    />
  )
}

function StateMessage({
  icon,
  title,
  body,
  action,
  role,
}: {
  icon: ReactNode
  title: string
  body: ReactNode
  action: ReactNode
  role?: 'alert'
}) {
  return (
    <div
      role={role}
      className="flex h-full flex-col items-center justify-center gap-3 rounded-2xl border border-dashed bg-card/60 p-6 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6">
        {icon}
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">{body}</p>
      <div className="mt-2">{action}</div>
    </div>
  )
}
