import { ConfirmDialog } from '@/components/confirm-dialog'
import type { Interview } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { deleteInterview, interviewKeys, interviewQuery } from '../api/interviews'
import { describeInterviewError } from '../lib/describe-error'
import { InterviewFeedback } from './interview-feedback'
import { InterviewRoom } from './interview-room'

/** How often the page asks again while an answer is analysed or the feedback written. */
export const INTERVIEW_POLL_MS = 1500

/** Whether anything of the interview is still running on the server. */
export function isInterviewRunning(interview: Interview): boolean {
  return (
    interview.status === 'PROCESSING' ||
    (interview.status !== 'CREATED' &&
      interview.status !== 'IN_PROGRESS' &&
      interview.answers.some((answer) => answer.status === 'ANALYSING'))
  )
}

/**
 * One practice interview (/interviews/<id>): the interview room while it is being answered,
 * the feedback once finished (polled while it is written), and Delete.
 */
export function InterviewPage({ interviewId }: { interviewId: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const interview = useQuery({
    ...interviewQuery(interviewId),
    refetchInterval: (query) =>
      query.state.data && isInterviewRunning(query.state.data) ? INTERVIEW_POLL_MS : false,
  })
  const remove = useMutation({
    mutationFn: () => deleteInterview(interviewId),
    onSuccess: async () => {
      setConfirming(false)
      // Leave first: the page's own queries would ask again for what is now gone (404).
      await navigate({ to: '/interviews' })
      queryClient.removeQueries({ queryKey: interviewKeys.detail(interviewId) })
      queryClient.removeQueries({ queryKey: interviewKeys.recording(interviewId) })
      await queryClient.invalidateQueries({ queryKey: ['interviews', 'list'] })
    },
  })

  if (interview.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading the interview…
      </p>
    )
  }
  if (interview.isError) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert message={describeInterviewError(interview.error)} />
        <Button asChild variant="outline" className="self-start">
          <Link to="/interviews">Back to Practice</Link>
        </Button>
      </div>
    )
  }
  const data = interview.data
  const answering = data.status === 'CREATED' || data.status === 'IN_PROGRESS'
  return (
    <div className="flex flex-col gap-6">
      <title>{`${data.title} · Practice`}</title>
      <header className="flex flex-col gap-3">
        <Link
          to="/interviews"
          className="flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Practice
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight text-pretty break-words">
              {data.title}
            </h1>
            <p className="text-sm text-muted-foreground">
              {[data.company, new Date(data.createdAt).toLocaleDateString()]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          {!answering && (
            <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      </header>
      {answering ? <InterviewRoom interview={data} /> : <InterviewFeedback interview={data} />}
      <ConfirmDialog
        open={confirming}
        title="Delete this practice interview?"
        description="Its recording, transcripts and feedback go, and it leaves your progress chart."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        tone="destructive"
        pending={remove.isPending}
        error={remove.error ? describeInterviewError(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          remove.reset()
          setConfirming(false)
        }}
      />
    </div>
  )
}
