import {
  ANSWER_LENGTH_SECONDS,
  type AnswerContent,
  type AnswerDelivery,
  type InterviewAnswer,
  type InterviewQuestion,
  STAR_PARTS,
} from '@app/contracts'
import { Check, LoaderCircle, Play, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatSeconds } from '../lib/pace'
import { HighlightedTranscript } from './highlighted-transcript'
import { PaceMeter } from './pace-meter'

const TRANSCRIPT_SOURCE_TEXT = {
  speech_to_text: 'Transcript from our speech recognition',
  browser: 'Transcript from your browser’s speech recognition',
  typed: 'Your typed answer',
} as const

/** One answer's feedback: the coaching note, score, delivery (from the audio) and content. */
export function AnswerFeedback({
  question,
  answer,
  onPlay,
}: {
  question: InterviewQuestion
  answer: InterviewAnswer | undefined
  /** Plays the answer in the session recording, when there is one. */
  onPlay: (() => void) | null
}) {
  const number = question.index + 1
  return (
    <article
      aria-labelledby={`answer-${number}-heading`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      data-answer={number}
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">Question {number}</p>
          {answer?.score != null && (
            <p className="text-sm font-semibold tabular-nums">
              <span className="sr-only">Score </span>
              {answer.score}/100
            </p>
          )}
        </div>
        <h3 id={`answer-${number}-heading`} className="text-base font-semibold text-pretty">
          {question.text}
        </h3>
        {onPlay && (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={onPlay}>
            <Play aria-hidden="true" />
            Play answer {number}
          </Button>
        )}
      </header>
      <AnswerBody answer={answer} />
    </article>
  )
}

function AnswerBody({ answer }: { answer: InterviewAnswer | undefined }) {
  if (!answer) {
    return <p className="text-sm text-muted-foreground">Not answered.</p>
  }
  if (answer.status === 'SKIPPED') {
    return <p className="text-sm text-muted-foreground">Skipped.</p>
  }
  if (answer.status === 'ANALYSING') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Listening back to your answer…
      </p>
    )
  }
  if (answer.status === 'FAILED') {
    return (
      <p className="text-sm text-destructive">
        {answer.failureReason ?? 'We couldn’t analyse this answer.'}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-5">
      {answer.coaching && <p className="text-pretty">{answer.coaching}</p>}
      {answer.delivery && <DeliveryView delivery={answer.delivery} />}
      {answer.content && <ContentView content={answer.content} />}
      {answer.transcript && (
        <section className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">What you said</h4>
          <HighlightedTranscript transcript={answer.transcript} delivery={answer.delivery} />
          {answer.transcriptSource && (
            <p className="text-xs text-muted-foreground">
              {TRANSCRIPT_SOURCE_TEXT[answer.transcriptSource]}
            </p>
          )}
        </section>
      )}
    </div>
  )
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  )
}

export function DeliveryView({ delivery }: { delivery: AnswerDelivery }) {
  const fillers = Object.entries(delivery.fillers).sort((a, b) => b[1] - a[1])
  return (
    <section className="flex flex-col gap-3" data-delivery>
      <h4 className="text-sm font-semibold">Delivery</h4>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Speaking time" value={formatSeconds(delivery.speakingSeconds)} />
        <Figure
          label="Time to first word"
          value={
            delivery.timeToFirstWordSeconds === null
              ? '—'
              : `${delivery.timeToFirstWordSeconds.toFixed(1)} s`
          }
        />
        <Figure
          label="Pauses"
          value={String(delivery.pauses.count)}
          note={`longest ${delivery.pauses.longestSeconds.toFixed(1)} s`}
        />
        <Figure
          label="Fillers a minute"
          value={delivery.fillersPerMinute === null ? '—' : delivery.fillersPerMinute.toFixed(1)}
          note={`${delivery.fillerCount} in all`}
        />
      </dl>
      {delivery.wordsPerMinute !== null && (
        <div className="flex flex-col gap-1">
          <PaceMeter wordsPerMinute={delivery.wordsPerMinute} />
          <p className="text-xs text-muted-foreground" data-source="pace">
            {delivery.paceSource === 'acoustic'
              ? 'Pace estimated from the audio (no transcript)'
              : 'Pace from the transcript'}
          </p>
        </div>
      )}
      <div className="flex flex-col gap-1">
        {fillers.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Fillers">
            {fillers.map(([word, count]) => (
              <li key={word} className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
                “{word}” × {count}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No fillers. Well done.</p>
        )}
        <p className="text-xs text-muted-foreground" data-source="fillers">
          {delivery.fillerSource === 'audio'
            ? 'Fillers heard in the audio'
            : 'Fillers read in the transcript'}
        </p>
      </div>
    </section>
  )
}

const LENGTH_TEXT = {
  short: `Short: under ${ANSWER_LENGTH_SECONDS.min / 60} minute, add an example or a result`,
  good: 'A good length: one to two minutes',
  long: `Long: over ${ANSWER_LENGTH_SECONDS.max / 60} minutes, tighten it`,
} as const

function Tick({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm">
      {ok ? (
        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      ) : (
        <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <span>
        <span className="sr-only">{ok ? 'Covered: ' : 'Missing: '}</span>
        {children}
      </span>
    </li>
  )
}

export function ContentView({ content }: { content: AnswerContent }) {
  return (
    <section className="flex flex-col gap-3" data-content>
      <h4 className="text-sm font-semibold">Content</h4>
      {content.talkingPoints.length > 0 && (
        <div>
          <p className="text-xs text-muted-foreground">Talking points</p>
          <ul className="mt-1 flex flex-col gap-1">
            {content.talkingPoints.map((point) => (
              <Tick key={point.point} ok={point.covered}>
                {point.point}
              </Tick>
            ))}
          </ul>
        </div>
      )}
      <div>
        <p className="text-xs text-muted-foreground">STAR story</p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {STAR_PARTS.map((part) => (
            <Tick key={part} ok={content.star[part]}>
              {part[0]?.toUpperCase()}
              {part.slice(1)}
            </Tick>
          ))}
        </ul>
      </div>
      {(content.jobTermsUsed.length > 0 || content.jobTermsMissed.length > 0) && (
        <div className="flex flex-col gap-1 text-sm">
          {content.jobTermsUsed.length > 0 && (
            <p>
              <span className="text-muted-foreground">Job terms used: </span>
              {content.jobTermsUsed.join(', ')}
            </p>
          )}
          {content.jobTermsMissed.length > 0 && (
            <p>
              <span className="text-muted-foreground">Job terms you could use: </span>
              {content.jobTermsMissed.join(', ')}
            </p>
          )}
        </div>
      )}
      <div className="text-sm">
        <p className="text-muted-foreground">Results with numbers</p>
        {content.resultsWithNumbers.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {content.resultsWithNumbers.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        ) : (
          <p>None yet: a number (“cut build time by 40%”) makes a result stick.</p>
        )}
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">{content.wordCount} words. </span>
        {content.length && LENGTH_TEXT[content.length]}
      </p>
    </section>
  )
}
