import type { AnswerDelivery } from '@app/contracts'
import { cn } from '@/lib/cn'
import { deliveryMarks, type MarkKind, segmentTranscript } from '../lib/transcript-marks'

const MARK_STYLE: Record<MarkKind, string> = {
  filler: 'bg-amber-200/70 dark:bg-amber-500/30',
  repeat: 'underline decoration-sky-600 decoration-2 underline-offset-4 dark:decoration-sky-400',
  hedge: 'bg-violet-200/70 dark:bg-violet-500/30',
}

const MARK_NAME: Record<MarkKind, string> = {
  filler: 'filler',
  repeat: 'repeated word',
  hedge: 'hedge',
}

/**
 * The answer's transcript with its fillers, repeated words and hedges marked (by the delivery's
 * character offsets). Each mark is a `<mark>` whose title names what it is, and a legend says
 * what each style means, so the highlight is not colour alone.
 */
export function HighlightedTranscript({
  transcript,
  delivery,
}: {
  transcript: string
  delivery: AnswerDelivery | null
}) {
  const segments = segmentTranscript(transcript, delivery ? deliveryMarks(delivery) : [])
  const present = new Set(segments.flatMap((segment) => segment.kinds))
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm leading-relaxed text-pretty whitespace-pre-wrap" data-transcript>
        {segments.map((segment) =>
          segment.kinds.length === 0 ? (
            <span key={segment.start}>{segment.text}</span>
          ) : (
            <mark
              key={segment.start}
              data-kinds={segment.kinds.join(' ')}
              title={segment.kinds.map((kind) => MARK_NAME[kind]).join(', ')}
              className={cn(
                'rounded-sm bg-transparent px-0.5 text-inherit',
                segment.kinds.map((kind) => MARK_STYLE[kind]),
              )}
            >
              {segment.text}
            </mark>
          ),
        )}
      </p>
      {present.size > 0 && (
        <ul className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label="Highlights">
          {(['filler', 'repeat', 'hedge'] as const)
            .filter((kind) => present.has(kind))
            .map((kind) => (
              <li key={kind} className="flex items-center gap-1">
                <mark
                  className={cn('rounded-sm bg-transparent px-1 text-inherit', MARK_STYLE[kind])}
                >
                  abc
                </mark>
                {kind === 'filler' ? 'Filler' : kind === 'repeat' ? 'Repeated word' : 'Hedge'}
              </li>
            ))}
        </ul>
      )}
    </div>
  )
}
