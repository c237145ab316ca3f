import type { Interview, InterviewProgressStep } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { CircleAlert, LoaderCircle } from 'lucide-react'
import { useRef } from 'react'
import { FormAlert } from '@/components/form-alert'
import { recordingQuery } from '../api/interviews'
import { describeInterviewError } from '../lib/describe-error'
import { AnswerFeedback } from './answer-feedback'

const STEP_TEXT: Record<InterviewProgressStep, string> = {
  questions_ready: 'Getting ready…',
  answering: 'Listening back to your answers…',
  joining_recording: 'Joining your answers into one recording…',
  writing_feedback: 'Writing your feedback…',
  done: 'Done',
  failed: 'Stopped',
}

/**
 * The feedback on a finished interview: the overall score and summary, the three things to work
 * on first, strengths, the session recording with a button per answer, and each answer's own
 * feedback. While it is still being written, where it is (polled by the page).
 */
export function InterviewFeedback({ interview }: { interview: Interview }) {
  const player = useRef<HTMLAudioElement>(null)
  const recording = useQuery({ ...recordingQuery(interview.id), enabled: !!interview.recording })
  const starts = new Map(
    (recording.data?.answers ?? []).map((answer) => [answer.questionIndex, answer.startSeconds]),
  )
  const playAnswer = (index: number) => {
    const start = starts.get(index)
    const element = player.current
    if (start === undefined || !element) return
    element.currentTime = start
    void element.play().catch(() => undefined)
  }
  const feedback = interview.feedback

  return (
    <div className="flex flex-col gap-6" data-interview-state={interview.status}>
      <p role="status" aria-live="polite" className="sr-only">
        {interview.status === 'COMPLETED' ? 'Your feedback is ready.' : ''}
      </p>
      {interview.status === 'PROCESSING' && (
        <div
          role="status"
          className="flex items-center gap-2 rounded-xl border bg-card p-4 text-sm shadow-sm"
        >
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {STEP_TEXT[interview.progressStep]}
        </div>
      )}
      {interview.status === 'FAILED' && (
        <section className="flex flex-col gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 sm:p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
            We couldn’t finish your feedback
          </h2>
          <p className="text-pretty">
            {interview.failureReason ?? 'Something stopped it before it finished.'}
          </p>
          <p className="text-sm text-muted-foreground">
            Your answers’ own feedback, below, is kept. Start a new practice to try again.
          </p>
        </section>
      )}
      {feedback && (
        <section aria-labelledby="overall-heading" className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <p
              className="flex size-20 shrink-0 flex-col items-center justify-center rounded-full border-4 border-primary/30 text-2xl font-bold tabular-nums"
              aria-label={`Overall score ${feedback.score} out of 100`}
            >
              {feedback.score}
              <span className="text-xs font-normal text-muted-foreground">/100</span>
            </p>
            <div className="flex flex-col gap-1">
              <h2 id="overall-heading" className="text-lg font-semibold">
                Overall
              </h2>
              <p className="text-pretty">{feedback.summary}</p>
            </div>
          </div>
          {feedback.focusAreas.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="text-base font-semibold">Work on these first</h3>
              <ol className="flex flex-col gap-2">
                {feedback.focusAreas.slice(0, 3).map((area, i) => (
                  <li key={area.title} className="flex gap-3 rounded-lg bg-muted/60 p-3">
                    <span className="font-semibold tabular-nums">{i + 1}.</span>
                    <span>
                      <span className="font-medium">{area.title}</span>
                      <span className="block text-sm text-muted-foreground">{area.detail}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          )}
          {feedback.strengths.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3 className="text-base font-semibold">What went well</h3>
              <ul className="list-disc pl-5 text-sm">
                {feedback.strengths.map((strength) => (
                  <li key={strength}>{strength}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
      {interview.recording && (
        <section aria-labelledby="recording-heading" className="flex flex-col gap-2">
          <h2 id="recording-heading" className="text-lg font-semibold">
            Your recording
          </h2>
          {recording.data ? (
            // The captions are on the page: each answer's transcript, below.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <audio
              ref={player}
              controls
              preload="metadata"
              src={recording.data.url}
              className="w-full"
              aria-label="The whole interview"
            />
          ) : recording.isError ? (
            <FormAlert message={describeInterviewError(recording.error)} />
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the recording…
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="answers-heading" className="flex flex-col gap-4">
        <h2 id="answers-heading" className="text-lg font-semibold">
          Answer by answer
        </h2>
        {interview.questions.map((question) => (
          <AnswerFeedback
            key={question.index}
            question={question}
            answer={interview.answers.find((answer) => answer.questionIndex === question.index)}
            onPlay={starts.has(question.index) ? () => playAnswer(question.index) : null}
          />
        ))}
      </section>
    </div>
  )
}
