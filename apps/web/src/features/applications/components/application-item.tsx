import { Link } from '@tanstack/react-router'
import { Building2, Check, ExternalLink, MapPin } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { Application } from '../api/applications'
import { describeStage } from '../lib/application-status'
import { jobName, safeListingUrl } from '../lib/application-text'
import { StatusBadge } from './status-badge'

type ApplicationItemProps = {
  application: Application
  onApplied: () => void
  isRecording: boolean
}

/** One saved or applied job: what and where, its stage and when, its details and listing. */
export function ApplicationItem({ application, onApplied, isRecording }: ApplicationItemProps) {
  const name = jobName(application)
  const listing = safeListingUrl(application.applyUrl)
  const headingId = `application-${application.id}`

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 text-base leading-snug font-semibold text-balance">
          {application.jobId && application.title ? (
            <Link
              to="/jobs/$jobId"
              params={{ jobId: application.jobId }}
              aria-label={name}
              className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {application.title}
            </Link>
          ) : (
            (application.title ?? 'A job that is no longer listed')
          )}
        </h2>
        <StatusBadge status={application.status} />
      </div>
      <div className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-4">
        {application.company && (
          <span className="flex min-w-0 items-center gap-1.5">
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{application.company}</span>
          </span>
        )}
        {application.location && (
          <span className="flex min-w-0 items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{application.location}</span>
          </span>
        )}
      </div>
      <p className="text-sm">{describeStage(application)}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="secondary">
          <Link
            to="/applications/$applicationId"
            params={{ applicationId: application.id }}
            aria-label={`Details: ${name}`}
          >
            Details
          </Link>
        </Button>
        {application.status === 'SAVED' && (
          <Button
            size="sm"
            onClick={onApplied}
            disabled={isRecording}
            aria-label={`I applied: ${name}`}
          >
            <Check aria-hidden="true" />I applied
          </Button>
        )}
        {listing && (
          <Button asChild size="sm" variant="outline">
            <a
              href={listing}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open the listing: ${name} (opens in a new tab)`}
            >
              Open the listing
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        )}
      </div>
    </article>
  )
}
