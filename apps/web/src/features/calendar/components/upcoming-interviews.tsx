import type { CalendarInterview } from '@app/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { CalendarPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { calendarInterviewsQuery, downloadInterviewIcs } from '../api/calendar'

const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** The interviews still to come and of the last 30 days, soonest first, each as an `.ics`. */
export function UpcomingInterviews() {
  const interviews = useQuery(calendarInterviewsQuery())
  const download = useMutation({ mutationFn: downloadInterviewIcs })

  if (interviews.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading your interviews…
      </p>
    )
  }
  if (interviews.isError) {
    return (
      <p role="alert" className="text-destructive">
        We couldn’t load your interviews: {interviews.error.message}
      </p>
    )
  }
  if (interviews.data.length === 0) {
    return (
      <p className="text-muted-foreground">
        No interviews scheduled. Schedule one on an application’s page and it shows here.
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Interviews" className="flex flex-col gap-3">
        {interviews.data.map((interview) => (
          <InterviewItem
            key={interview.eventId}
            interview={interview}
            onDownload={() => download.mutate(interview)}
            downloading={download.isPending && download.variables === interview}
          />
        ))}
      </ul>
      {download.isError ? (
        <p role="alert" className="text-destructive">
          We couldn’t download the calendar file: {download.error.message}
        </p>
      ) : null}
    </div>
  )
}

function InterviewItem({
  interview,
  onDownload,
  downloading,
}: {
  interview: CalendarInterview
  onDownload: () => void
  downloading: boolean
}) {
  const title = [interview.title ?? 'Interview', interview.company].filter(Boolean).join(' · ')
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium break-words">
          {title}
          {interview.cancelled ? (
            <span className="ml-2 text-sm text-muted-foreground">(cancelled)</span>
          ) : null}
        </p>
        <p className="text-sm">
          <time dateTime={interview.startsAt}>{WHEN.format(new Date(interview.startsAt))}</time>
        </p>
        <p className="text-xs text-muted-foreground">
          {interview.date} {interview.time} ({interview.timeZone})
        </p>
        {interview.location || interview.videoUrl ? (
          <p className="text-sm break-words text-muted-foreground">
            {interview.location ?? interview.videoUrl}
          </p>
        ) : null}
        {interview.people.length > 0 ? (
          <p className="text-sm text-muted-foreground">With {interview.people.join(', ')}</p>
        ) : null}
      </div>
      <Button type="button" variant="outline" disabled={downloading} onClick={onDownload}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to calendar (.ics)
      </Button>
    </li>
  )
}
