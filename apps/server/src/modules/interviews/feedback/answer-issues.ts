/**
 * What could be better in one answer, each with how much it matters (severity 0–1), in the order
 * of impact the coaching follows: a missing result hurts an answer most, then a missing talking
 * point, then pace, fillers, length and hedging. The coaching note takes the first; the interview
 * summary ranks them across answers.
 */
import { type AnswerContent, type AnswerDelivery, PACE_BANDS } from '@app/contracts'

export const ISSUE_KINDS = [
  'missing_result',
  'missing_point',
  'pace_fast',
  'pace_slow',
  'fillers',
  'length_short',
  'length_long',
  'hedging',
] as const
export type IssueKind = (typeof ISSUE_KINDS)[number]

/**
 * How much each kind of issue costs an answer, for ranking across an interview: what was said
 * outweighs how it was said (a story with no ending loses the interviewer more than a fast pace).
 */
export const ISSUE_IMPACT: Record<IssueKind, number> = {
  missing_result: 1,
  missing_point: 0.8,
  pace_fast: 0.7,
  pace_slow: 0.7,
  fillers: 0.6,
  length_short: 0.5,
  length_long: 0.5,
  hedging: 0.4,
}

export type AnswerIssue = { kind: IssueKind; severity: number }

/** More fillers than this per minute is worth working on (a few are natural). */
export const FILLERS_PER_MINUTE_LIMIT = 3
/** Hedges ("I think", "kind of", "maybe") from this many in one answer on. */
export const HEDGES_LIMIT = 2

const clamp = (value: number) => Math.max(0, Math.min(1, value))

export type IssueInput = {
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  mode: 'voice' | 'typed'
}

export function answerIssues({ delivery, content, mode }: IssueInput): AnswerIssue[] {
  const issues: AnswerIssue[] = []
  if (content && content.wordCount > 0) {
    if (!content.star.result && content.resultsWithNumbers.length === 0) {
      issues.push({ kind: 'missing_result', severity: 1 })
    }
    const missed = content.talkingPoints.filter((point) => !point.covered).length
    if (missed > 0) {
      issues.push({ kind: 'missing_point', severity: clamp(missed / content.talkingPoints.length) })
    }
  }
  const speech = mode === 'voice' ? delivery : null
  const wpm = speech?.wordsPerMinute ?? null
  if (wpm !== null && wpm > PACE_BANDS.ideal.max) {
    issues.push({ kind: 'pace_fast', severity: wpm > PACE_BANDS.acceptable.max ? 1 : 0.5 })
  } else if (wpm !== null && wpm < PACE_BANDS.ideal.min) {
    issues.push({ kind: 'pace_slow', severity: wpm < PACE_BANDS.acceptable.min ? 1 : 0.5 })
  }
  const fpm = speech?.fillersPerMinute ?? null
  if (fpm !== null && fpm > FILLERS_PER_MINUTE_LIMIT) {
    issues.push({ kind: 'fillers', severity: clamp(fpm / 8) })
  }
  if (mode === 'voice' && content?.length === 'short')
    issues.push({ kind: 'length_short', severity: 0.6 })
  if (mode === 'voice' && content?.length === 'long')
    issues.push({ kind: 'length_long', severity: 0.6 })
  const hedges = speech?.hedges.length ?? 0
  if (hedges >= HEDGES_LIMIT) issues.push({ kind: 'hedging', severity: clamp(hedges / 5) })
  return issues
}

/** The filler said most often ("like"), or null. */
export function commonestFiller(fillers: Record<string, number>): string | null {
  const [top] = Object.entries(fillers).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return top && top[1] > 0 ? top[0] : null
}
