import type { InterviewListItem, InterviewStatus } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { interviewListQuery } from '../api/interviews'
import { describeInterviewError } from '../lib/describe-error'
import { progressSeries } from '../lib/progress-series'
import { INTERVIEW_POLL_MS } from './interview-page'
import { ProgressChart } from './progress-chart'
import { StartCard } from './start-card'

const STATUS_TEXT: Record<InterviewStatus, string> = {
  CREATED: 'Not started',
  IN_PROGRESS: 'In progress',
  PROCESSING: 'Feedback coming',
  COMPLETED: 'Done',
  FAILED: 'Failed',
  DELETED: 'Deleted',
}

/**
 * Practice (/interviews): start a practice interview, your progress over time, and the past
 * interviews (newest first), each opening its room or its feedback.
 */
export function InterviewsPage({
  userId,
  jobApplicationId,
}: {
  userId: string
  jobApplicationId?: string
}) {
  const list = useQuery({
    ...interviewListQuery(userId),
    refetchInterval: (query) =>
      query.state.data?.interviews.some((item) => item.status === 'PROCESSING')
        ? INTERVIEW_POLL_MS * 2
        : false,
  })
  return (
    <div className="flex flex-col gap-8">
      <StartCard userId={userId} jobApplicationId={jobApplicationId} />
      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your practice interviews…
        </p>
      ) : list.isError ? (
        <div className="flex flex-col gap-3">
          <FormAlert
            message={`We couldn’t load your practice interviews: ${describeInterviewError(list.error)}`}
          />
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => void list.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ProgressChart points={progressSeries(list.data.interviews)} />
          <PastInterviews items={list.data.interviews} />
        </>
      )}
    </div>
  )
}

function PastInterviews({ items }: { items: InterviewListItem[] }) {
  return (
    <section aria-labelledby="past-heading" className="flex flex-col gap-3">
      <h2 id="past-heading" className="text-lg font-semibold">
        Past interviews
      </h2>
      {items.length === 0 ? (
        <p className="text-pretty text-muted-foreground" data-empty>
          No practice yet. A practice interview asks the questions this job’s interviewers are
          likely to ask, listens to your answers, and tells you how you came across: your pace,
          pauses and filler words, whether your stories have a situation, action and result, and
          which of the job’s terms you used. Do one a few times and watch the chart move.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card shadow-sm">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to="/interviews/$interviewId"
                params={{ interviewId: item.id }}
                className="flex items-center gap-3 p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                data-interview-id={item.id}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate font-medium">{item.title}</span>
                  <span className="truncate text-sm text-muted-foreground">
                    {[item.company, new Date(item.createdAt).toLocaleDateString()]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {item.answeredCount}/{item.questionCount} answered · {STATUS_TEXT[item.status]}
                  </span>
                </div>
                {item.score !== null && (
                  <span className="shrink-0 text-lg font-semibold tabular-nums">
                    {item.score}
                    <span className="sr-only"> out of 100</span>
                  </span>
                )}
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
