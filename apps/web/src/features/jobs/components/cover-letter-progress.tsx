import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck, LoaderCircle } from 'lucide-react'
import {
  coverLetterProgressQueryOptions,
  type SavedApplication,
} from '../api/cover-letter-progress'
import { describeJob } from '../lib/job-formatting'

/**
 * Under the deck after a save: the cover letter and match report the swipe paid for, being
 * prepared ("Preparing your cover letter for …"), then a link to the application when ready.
 */
export function CoverLetterProgress({ saved }: { saved: SavedApplication }) {
  const progress = useQuery(coverLetterProgressQueryOptions(saved.applicationId))
  const status = progress.data?.status
  if (progress.data && status === null) {
    return null // nothing is prepared for this application
  }
  const name = describeJob(saved.job)
  const link = (
    <Link
      to="/applications/$applicationId"
      params={{ applicationId: saved.applicationId }}
      className="font-medium text-foreground underline underline-offset-2"
    >
      {status === 'ready' ? 'Open the application' : 'See the application'}
    </Link>
  )
  return (
    <div
      role="status"
      data-testid="cover-letter-progress"
      data-status={status ?? 'unknown'}
      className="flex items-start gap-2 rounded-lg border bg-card px-3 py-2.5 text-sm text-muted-foreground"
    >
      {status === 'ready' ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      ) : (
        status !== 'failed' && (
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
        )
      )}
      <p className="flex-1">
        {status === 'ready' ? (
          <>
            Your cover letter and match report for {name} are ready. {link}
          </>
        ) : status === 'failed' ? (
          <>
            We couldn’t prepare the cover letter for {name}. {link} to try again.
          </>
        ) : (
          <>Saved — preparing your cover letter for {name}…</>
        )}
      </p>
    </div>
  )
}
