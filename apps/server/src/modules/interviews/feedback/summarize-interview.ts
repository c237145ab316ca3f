/**
 * The overall feedback of a finished interview: a score, a two-sentence summary, the three things
 * to work on first and two or three strengths, with the averages behind them.
 *
 * - score: the mean of the answered questions' scores, less 4 points per skipped question (a
 *   skip should cost something, but one skip must not sink an otherwise good interview);
 * - focus areas: each answer's issues (answer-issues.ts) ranked across the interview by how often
 *   they occur times how much they matter on average (severity × the kind's impact), ties broken
 *   by impact order; each says how
 *   often it was seen and the figure behind it ("6.2 fillers a minute, mostly “like”");
 * - averages: words per minute weighted by speaking time (a long answer counts for more than a
 *   short one), fillers and pauses per minute over all speaking time, talking points covered over
 *   all points of the answers with a transcript.
 */
import {
  type AnswerContent,
  type AnswerDelivery,
  type InterviewFeedback,
  type InterviewQuestion,
  PACE_BANDS,
} from '@app/contracts'
import {
  ISSUE_IMPACT,
  ISSUE_KINDS,
  type IssueKind,
  answerIssues,
  commonestFiller,
} from './answer-issues.ts'

export type SummarizedAnswer = {
  question: InterviewQuestion
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  score: number | null
  mode: 'voice' | 'typed' | 'skipped'
}

export type SummarizeInterviewInput = {
  questions: InterviewQuestion[]
  answers: SummarizedAnswer[]
}

export const SKIP_PENALTY = 4

type Answered = SummarizedAnswer & { mode: 'voice' | 'typed'; score: number }

const round1 = (value: number) => Math.round(value * 10) / 10
const BAND = `${PACE_BANDS.ideal.min}–${PACE_BANDS.ideal.max}`

function averagesOf(answered: Answered[]): InterviewFeedback['averages'] {
  const spoken = answered
    .filter((a) => a.mode === 'voice' && a.delivery && a.delivery.speakingSeconds > 0)
    .map((a) => a.delivery!)
  const seconds = spoken.reduce((sum, d) => sum + d.speakingSeconds, 0)
  const paced = spoken.filter((d) => d.wordsPerMinute !== null)
  const pacedSeconds = paced.reduce((sum, d) => sum + d.speakingSeconds, 0)
  const points = answered.flatMap((a) => a.content?.talkingPoints ?? [])
  return {
    wordsPerMinute:
      pacedSeconds > 0
        ? Math.round(
            paced.reduce((sum, d) => sum + d.wordsPerMinute! * d.speakingSeconds, 0) / pacedSeconds,
          )
        : null,
    fillersPerMinute:
      seconds > 0
        ? round1(spoken.reduce((sum, d) => sum + d.fillerCount, 0) / (seconds / 60))
        : null,
    pausesPerMinute:
      seconds > 0
        ? round1(spoken.reduce((sum, d) => sum + d.pauses.count, 0) / (seconds / 60))
        : null,
    talkingPointsCovered: points.length
      ? Math.round((points.filter((p) => p.covered).length / points.length) * 100) / 100
      : null,
  }
}

function fillerTotals(answered: Answered[]): Record<string, number> {
  const totals: Record<string, number> = {}
  for (const answer of answered) {
    if (answer.mode !== 'voice') continue
    for (const [word, count] of Object.entries(answer.delivery?.fillers ?? {})) {
      totals[word] = (totals[word] ?? 0) + count
    }
  }
  return totals
}

/**
 * One focus area, its figures taken over the answers it was seen in (`flagged`): "Slow down: 182
 * words per minute" is about the rushed answers, not diluted by the calm ones.
 */
function focusArea(
  kind: IssueKind,
  flagged: Answered[],
  answered: Answered[],
  averages: InterviewFeedback['averages'],
): { title: string; detail: string } {
  const of = `${flagged.length} of ${answered.length} answer${answered.length === 1 ? '' : 's'}`
  const inFlagged = averagesOf(flagged)
  switch (kind) {
    case 'missing_result':
      return {
        title: 'Finish with the result',
        detail: `Seen in ${of}: end each story with what came of it, with a number if there is one (“it went from X to Y”).`,
      }
    case 'missing_point': {
      const example = answered
        .flatMap((a) => a.content?.talkingPoints ?? [])
        .find((p) => !p.covered)?.point
      const share = averages.talkingPointsCovered
      return {
        title: 'Cover the talking points',
        detail: `${share === null ? '' : `You covered ${Math.round(share * 100)}% of them; `}${of} left at least one out${example ? `, such as “${example}”` : ''}.`,
      }
    }
    case 'pace_fast':
      return {
        title: 'Slow down',
        detail: `${inFlagged.wordsPerMinute} words per minute against ${BAND} (too fast in ${of}); pause after each key point.`,
      }
    case 'pace_slow':
      return {
        title: 'Pick up the pace',
        detail: `${inFlagged.wordsPerMinute} words per minute against ${BAND} (too slow in ${of}); know your next point before you start the sentence.`,
      }
    case 'fillers': {
      const top = commonestFiller(fillerTotals(flagged))
      return {
        title: 'Fewer fillers',
        detail: `${inFlagged.fillersPerMinute} per minute${top ? `, mostly “${top}”` : ''} (over 3 a minute in ${of}); pause silently instead.`,
      }
    }
    case 'length_short':
      return {
        title: 'Give fuller answers',
        detail: `${of} took under a minute; add the steps you took and how it ended.`,
      }
    case 'length_long':
      return {
        title: 'Keep answers under two minutes',
        detail: `${of} ran over two minutes; keep the background to a sentence.`,
      }
    case 'hedging':
      return {
        title: 'Speak with more certainty',
        detail: `Hedges such as “I think” or “kind of” came up in ${of}; say plainly what you did.`,
      }
  }
}

function rankedFocusAreas(answered: Answered[], averages: InterviewFeedback['averages']) {
  const byKind = new Map<IssueKind, { flagged: Answered[]; severity: number }>()
  for (const answer of answered) {
    for (const issue of answerIssues(answer)) {
      const known = byKind.get(issue.kind) ?? { flagged: [], severity: 0 }
      byKind.set(issue.kind, {
        flagged: [...known.flagged, answer],
        severity: known.severity + issue.severity * ISSUE_IMPACT[issue.kind],
      })
    }
  }
  // seen × mean weighted severity = total: how often, and how much.
  return [...byKind.entries()]
    .sort(
      ([kindA, a], [kindB, b]) =>
        b.severity - a.severity || ISSUE_KINDS.indexOf(kindA) - ISSUE_KINDS.indexOf(kindB),
    )
    .slice(0, 3)
    .map(([kind, { flagged }]) => focusArea(kind, flagged, answered, averages))
}

function strengthsOf(answered: Answered[], averages: InterviewFeedback['averages']): string[] {
  const strengths: string[] = []
  const of = (n: number) => `${n} of ${answered.length} answer${answered.length === 1 ? '' : 's'}`
  const withFigures = answered.filter((a) => (a.content?.resultsWithNumbers.length ?? 0) > 0).length
  if (withFigures > 0) strengths.push(`Results backed by figures in ${of(withFigures)}`)
  const fullStories = answered.filter(
    (a) => a.content && Object.values(a.content.star).every(Boolean),
  ).length
  if (fullStories > 0)
    strengths.push(`Complete stories (situation, task, action, result) in ${of(fullStories)}`)
  if (averages.talkingPointsCovered !== null && averages.talkingPointsCovered >= 0.7) {
    strengths.push(
      `Covered ${Math.round(averages.talkingPointsCovered * 100)}% of the talking points`,
    )
  }
  const wpm = averages.wordsPerMinute
  if (wpm !== null && wpm >= PACE_BANDS.ideal.min && wpm <= PACE_BANDS.ideal.max) {
    strengths.push(`An easy pace: ${wpm} words per minute, inside ${BAND}`)
  }
  if (averages.fillersPerMinute !== null && averages.fillersPerMinute <= 2) {
    strengths.push(`Few fillers: ${averages.fillersPerMinute} per minute`)
  }
  const terms = [...new Set(answered.flatMap((a) => a.content?.jobTermsUsed ?? []))]
  if (terms.length > 0) strengths.push(`Used the job’s own terms: ${terms.slice(0, 4).join(', ')}`)
  return strengths.slice(0, 3)
}

export function summarizeInterview(input: SummarizeInterviewInput): InterviewFeedback {
  const answered = input.answers.filter(
    (a): a is Answered => a.mode !== 'skipped' && a.score !== null,
  )
  const skipped = Math.max(0, input.questions.length - answered.length)
  const averages = averagesOf(answered)
  const mean = answered.length ? answered.reduce((sum, a) => sum + a.score, 0) / answered.length : 0
  const score = answered.length
    ? Math.round(Math.max(0, Math.min(100, mean - SKIP_PENALTY * skipped)))
    : 0
  const focusAreas = rankedFocusAreas(answered, averages)
  if (skipped > 0 && focusAreas.length < 3) {
    focusAreas.push({
      title: 'Answer every question',
      detail: `You skipped ${skipped} of ${input.questions.length}; even a short attempt gives you feedback to work with.`,
    })
  }
  const strengths = strengthsOf(answered, averages)
  const first = answered.length
    ? `You answered ${answered.length} of ${input.questions.length} questions, for an overall score of ${score}.`
    : `You skipped all ${input.questions.length} questions, so there is nothing to score yet.`
  const next = focusAreas.length
    ? `Work first on “${focusAreas[0]!.title.toLowerCase()}”${focusAreas[1] ? `, then “${focusAreas[1].title.toLowerCase()}”` : ''}.`
    : 'Nothing stood out to fix: keep practising with new questions to stay sharp.'
  return { score, summary: `${first} ${next}`, focusAreas, strengths, averages }
}
