import type { AnswerDelivery, TranscriptMark } from '@app/contracts'

/** What a highlighted span of a transcript is. */
export type MarkKind = 'filler' | 'repeat' | 'hedge'

export type TranscriptSegment = {
  text: string
  start: number
  /** The kinds of mark covering this whole segment; empty for plain text. */
  kinds: MarkKind[]
}

const KIND_ORDER: MarkKind[] = ['filler', 'repeat', 'hedge']

/**
 * Cuts a transcript into segments at every mark's edges, each segment carrying the kinds of mark
 * that cover it: overlapping marks (a filler inside a hedge) give a segment with both kinds,
 * adjacent marks stay two segments. Marks out of range are clamped, empty or reversed ones
 * dropped, so a server's off-by-one never breaks the text: the segments always join back to it.
 */
export function segmentTranscript(
  transcript: string,
  marks: { kind: MarkKind; mark: TranscriptMark }[],
): TranscriptSegment[] {
  const length = transcript.length
  const spans = marks
    .map(({ kind, mark }) => ({
      kind,
      start: Math.max(0, Math.min(length, mark.start)),
      end: Math.max(0, Math.min(length, mark.end)),
    }))
    .filter((span) => span.end > span.start)
  const cuts = new Set<number>([0, length])
  for (const span of spans) {
    cuts.add(span.start)
    cuts.add(span.end)
  }
  const edges = [...cuts].sort((a, b) => a - b)
  const segments: TranscriptSegment[] = []
  for (let i = 0; i < edges.length - 1; i++) {
    const start = edges[i] ?? 0
    const end = edges[i + 1] ?? length
    if (end <= start) continue
    const covering = new Set(
      spans.filter((span) => span.start <= start && span.end >= end).map((span) => span.kind),
    )
    const kinds = KIND_ORDER.filter((kind) => covering.has(kind))
    const previous = segments.at(-1)
    // Plain text (or the same kinds) running on from the previous segment joins it.
    if (previous && sameKinds(previous.kinds, kinds) && kinds.length === 0) {
      previous.text += transcript.slice(start, end)
      continue
    }
    segments.push({ text: transcript.slice(start, end), start, kinds })
  }
  return segments
}

function sameKinds(a: MarkKind[], b: MarkKind[]): boolean {
  return a.length === b.length && a.every((kind, i) => kind === b[i])
}

/** The delivery's three kinds of mark, ready for `segmentTranscript`. */
export function deliveryMarks(
  delivery: AnswerDelivery,
): { kind: MarkKind; mark: TranscriptMark }[] {
  return [
    ...delivery.fillerMarks.map((mark) => ({ kind: 'filler' as const, mark })),
    ...delivery.repeatedWords.map((mark) => ({ kind: 'repeat' as const, mark })),
    ...delivery.hedges.map((mark) => ({ kind: 'hedge' as const, mark })),
  ]
}
