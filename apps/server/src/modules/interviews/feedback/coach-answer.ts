/**
 * The coaching note of one answer: one specific thing that went well (quoting the answer or its
 * figures, never "great answer!"), then the ONE change that would help most (answer-issues.ts
 * orders them by impact), said concretely, quoting the talking point it is about. Two to four
 * sentences; works with only content (typed, or no audio analysis) or only delivery (no transcript).
 */
import {
  type AnswerContent,
  type AnswerDelivery,
  type InterviewQuestion,
  PACE_BANDS,
} from '@app/contracts'
import { type AnswerIssue, answerIssues, commonestFiller } from './answer-issues.ts'
import { answerScore } from './answer-score.ts'

export type CoachAnswerInput = {
  question: InterviewQuestion
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  mode: 'voice' | 'typed'
}

const BAND = `${PACE_BANDS.ideal.min}–${PACE_BANDS.ideal.max}`

function quoteShort(text: string, max = 90): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
  const cut = flat.length > max ? `${flat.slice(0, flat.lastIndexOf(' ', max - 1))}…` : flat
  return `“${cut}”`
}

/** One specific thing that went well, or null when nothing did (no praise is better than empty praise). */
function wentWell(input: CoachAnswerInput, change: AnswerIssue | undefined): string | null {
  const { content, mode } = input
  // Praise must not contradict the change: "you covered every point" then "finish with the result".
  const resultMissing = change?.kind === 'missing_result'
  const delivery = mode === 'voice' ? input.delivery : null
  if (content?.resultsWithNumbers[0]) {
    return `You backed it with a figure: ${quoteShort(content.resultsWithNumbers[0])}.`
  }
  const covered = content?.talkingPoints.filter((p) => p.covered) ?? []
  if (
    !resultMissing &&
    content &&
    covered.length === content.talkingPoints.length &&
    covered.length > 0
  ) {
    return `You covered every talking point, down to ${quoteShort(covered.at(-1)!.point)}.`
  }
  if (!resultMissing && content && Object.values(content.star).every(Boolean)) {
    return 'You told it as a full story: the situation, your task, what you did and how it ended.'
  }
  const plainCovered = covered.find(
    (p) => !resultMissing || p.point !== resultPoint(input.question),
  )
  if (plainCovered) return `You covered ${quoteShort(plainCovered.point)}.`
  if (content?.jobTermsUsed.length) {
    return `You used the job’s own terms (${content.jobTermsUsed.join(', ')}).`
  }
  const wpm = delivery?.wordsPerMinute ?? null
  if (wpm !== null && wpm >= PACE_BANDS.ideal.min && wpm <= PACE_BANDS.ideal.max) {
    return `Your pace, ${Math.round(wpm)} words per minute, sat in the ${BAND} band listeners find easiest.`
  }
  if (
    delivery?.fillersPerMinute !== null &&
    delivery?.fillersPerMinute !== undefined &&
    delivery.fillersPerMinute <= 1
  ) {
    return `You hardly used fillers (${delivery.fillersPerMinute.toFixed(1)} a minute).`
  }
  if (content?.star.action) return 'You said what you did yourself, in the first person.'
  return null
}

function resultPoint(question: InterviewQuestion): string | null {
  return (
    question.talkingPoints.find((point) => /\b(result|outcome|ended|turned out)\b/i.test(point)) ??
    null
  )
}

/** The one change, in words the seeker can act on at the next attempt. */
function changeFor(issue: AnswerIssue, input: CoachAnswerInput): string {
  const { content, question } = input
  const delivery = input.delivery
  switch (issue.kind) {
    case 'missing_result': {
      const point = resultPoint(question)
      return `The one change: finish with what came of it${point ? ` (${quoteShort(point)})` : ''}. Say the outcome in a sentence, with a figure if you have one: “it went from X to Y”.`
    }
    case 'missing_point': {
      const missed = content!.talkingPoints.find((p) => !p.covered)!.point
      return `The one change: cover ${quoteShort(missed)}; it is what the interviewer is listening for with this question.`
    }
    case 'pace_fast':
      return `The one change: slow down. You spoke at ${Math.round(delivery!.wordsPerMinute!)} words per minute against ${BAND}; pause for a breath after each key point.`
    case 'pace_slow':
      return `The one change: pick up the pace a little. You spoke at ${Math.round(delivery!.wordsPerMinute!)} words per minute against ${BAND}; know your next point before you start the sentence.`
    case 'fillers': {
      const top = commonestFiller(delivery!.fillers)
      return `The one change: fewer fillers. You used ${delivery!.fillersPerMinute!.toFixed(1)} a minute${top ? `, mostly “${top}”` : ''}; a silent pause sounds more confident.`
    }
    case 'length_short':
      return `The one change: give it more. ${delivery ? `At ${Math.round(delivery.speakingSeconds)} seconds` : 'At under a minute'} the answer is thin; add the steps you took and how it ended, for one to two minutes in all.`
    case 'length_long':
      return `The one change: tighten it. ${delivery ? `At ${Math.round(delivery.speakingSeconds)} seconds` : 'At over two minutes'} the point gets lost; keep the background to a sentence and stay under two minutes.`
    case 'hedging': {
      const example = delivery!.hedges[0]?.text
      return `The one change: drop the hedges${example ? ` such as “${example}”` : ''}; say plainly what you did and what happened.`
    }
  }
}

export function coachAnswer(input: CoachAnswerInput): { coaching: string; score: number } {
  const score = answerScore(input)
  if (input.content && input.content.wordCount === 0 && !input.delivery) {
    return {
      coaching:
        'No answer was heard for this question. Try it again: even 30 seconds gives something to work on.',
      score,
    }
  }
  const sentences: string[] = []
  const [top] = answerIssues(input)
  const well = wentWell(input, top)
  if (well) sentences.push(well)
  if (top) sentences.push(changeFor(top, input))
  else
    sentences.push(
      'Nothing big to change: practise it once more and keep the same shape, so it comes as easily in the real interview.',
    )
  if (!input.content && input.mode === 'voice') {
    sentences.push('There was no transcript, so this note covers how you spoke, not what you said.')
  }
  return { coaching: sentences.join(' '), score }
}
