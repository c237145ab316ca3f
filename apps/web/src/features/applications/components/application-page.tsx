import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, Building2, ExternalLink, MapPin } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { applicationDetailQueryOptions, applicationEventsQueryOptions } from '../api/tracker'
import { jobName, safeListingUrl } from '../lib/application-text'
import {
  AdditionalContext,
  AppliedButton,
  CoverLetter,
  FeedbackForm,
  FollowUpForm,
  InterviewForm,
  MatchReportView,
  NoteForm,
  Section,
  Timeline,
  WithdrawButton,
} from './application-sections'
import { StatusBadge } from './status-badge'

type ApplicationPageProps = { userId: string; applicationId: string }

/**
 * One application: the job as it was saved (its snapshot, so an expired listing still reads),
 * what to do next (I applied, schedule an interview, a note, withdraw), the timeline, the
 * additional context, the cover letter and match report, and feedback on them.
 */
export function ApplicationPage({ userId, applicationId }: ApplicationPageProps) {
  const detail = useQuery(applicationDetailQueryOptions(applicationId))
  const events = useQuery(applicationEventsQueryOptions(applicationId))

  if (detail.isPending) {
    return (
      <div role="status" aria-label="Loading the application" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-28 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    )
  }
  if (detail.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-5">
        <p className="font-medium">We couldn't load this application.</p>
        <p className="text-sm text-muted-foreground">{detail.error.message}</p>
        <Button variant="outline" onClick={() => void detail.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const application = detail.data
  if (!application) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6">
        <h1 className="text-xl font-semibold">Application not found</h1>
        <p className="text-muted-foreground">It may have been deleted, or it is not yours.</p>
        <Button asChild variant="outline">
          <Link to="/applications">Back to your applications</Link>
        </Button>
      </div>
    )
  }
  const listing = safeListingUrl(application.applyUrl)
  const snapshot = application.snapshot
  const salary = snapshot?.salary
  return (
    <div className="flex flex-col gap-4">
      <title>{`${jobName(application)} · Applications`}</title>
      <Link
        to="/applications"
        className="flex items-center gap-1 self-start rounded-sm text-sm text-muted-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All applications
      </Link>
      <header className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-balance">
            {application.title ?? 'A job that is no longer listed'}
          </h1>
          <StatusBadge status={application.status} />
        </div>
        <div className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:gap-4">
          {application.company && (
            <span className="flex items-center gap-1.5">
              <Building2 aria-hidden="true" className="size-4" />
              {application.company}
            </span>
          )}
          {application.location && (
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              {application.location}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {application.status === 'SAVED' && (
            <AppliedButton userId={userId} applicationId={application.id} />
          )}
          {listing && (
            <Button asChild size="sm" variant="outline">
              <a href={listing} target="_blank" rel="noopener noreferrer">
                Open the listing
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          )}
        </div>
      </header>

      <Section title="Timeline">
        <div className="flex flex-wrap gap-2">
          <InterviewForm userId={userId} applicationId={application.id} />
          <FollowUpForm userId={userId} applicationId={application.id} />
        </div>
        {events.isPending ? (
          <p role="status">Loading the timeline…</p>
        ) : events.isError ? (
          <p role="alert">We couldn't load the timeline: {events.error.message}</p>
        ) : (
          <Timeline events={events.data} />
        )}
        <NoteForm userId={userId} applicationId={application.id} />
        {application.status !== 'WITHDRAWN' && (
          <WithdrawButton userId={userId} applicationId={application.id} />
        )}
      </Section>

      <Section title="Additional context">
        <AdditionalContext applicationId={application.id} />
      </Section>

      <Section title="Cover letter">
        <CoverLetter text={application.coverLetter} pdfPath={application.coverLetterPath} />
      </Section>

      <Section title="Match report">
        <MatchReportView report={application.matchReport} />
      </Section>

      <Section title="Feedback">
        <FeedbackForm applicationId={application.id} />
      </Section>

      <Section title="The job">
        {salary && (
          <p className="text-sm">
            Salary: {[salary.min, salary.max].filter((n) => n != null).join('–')} {salary.currency}
            {salary.period ? ` per ${salary.period.toLowerCase()}` : ''}
          </p>
        )}
        {application.description ? (
          <p className="text-sm whitespace-pre-line">{application.description}</p>
        ) : (
          <p className="text-sm text-muted-foreground">No description was saved with this job.</p>
        )}
      </Section>
    </div>
  )
}
