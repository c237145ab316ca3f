import { useQuery } from '@tanstack/react-query'
import { Check, ExternalLink } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { applicationForJobQueryOptions } from '../api/applications'
import { useRecordApplied } from '../hooks/use-record-applied'
import { describeStage } from '../lib/application-status'
import { jobName, safeListingUrl } from '../lib/application-text'

type SavedJobApplyProps = {
  userId: string
  job: { id: string; title: string; company: string | null; applyUrl: string | null }
  /** What the page shows for a job the user has not saved: its usual Apply button. */
  notSaved: ReactNode
}

/**
 * Apply on a job's page when the job is saved: the listing opens in a new tab, and the page
 * then offers "I applied" to record it (the application moves to Applied). Once applied, the
 * page says since when. A job not saved keeps the page's usual Apply.
 */
export function SavedJobApply({ userId, job, notSaved }: SavedJobApplyProps) {
  const application = useQuery(applicationForJobQueryOptions(userId, job.id))
  const recording = useRecordApplied(userId)
  const [openedListing, setOpenedListing] = useState(false)
  const listing = safeListingUrl(job.applyUrl)
  const name = jobName(job)

  if (!application.data) {
    return notSaved
  }
  const current = application.data
  const isSaved = current.status === 'SAVED'

  return (
    <>
      {listing && (
        <Button asChild size="lg">
          <a
            href={listing}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpenedListing(true)}
          >
            Apply on the company's site
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      )}
      {isSaved && (openedListing || !listing) && (
        <Button
          size="lg"
          variant="secondary"
          disabled={recording.isPending(current.id)}
          onClick={() => recording.markApplied(current, name)}
        >
          <Check aria-hidden="true" />I applied
        </Button>
      )}
      <p role="status" className="basis-full text-sm text-muted-foreground">
        {isSaved && openedListing
          ? 'Sent your application? Record it with "I applied" to track it in Saved.'
          : `${describeStage(current)}.`}
      </p>
      {recording.failure && (
        <p role="alert" className="basis-full text-sm text-destructive">
          We couldn't record that you applied: it is still marked as saved. Try again in a moment. (
          {recording.failure.reason})
        </p>
      )}
    </>
  )
}
