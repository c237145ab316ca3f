/**
 * The score of one answer, 0–100, from what it said (content) and how it was said (delivery).
 *
 * Content, out of 100: talking points covered 45 (by share), STAR parts 30 (7.5 each), a result
 * with a number 15, length 10 (one to two minutes spoken, or 80+ words typed; half marks
 * otherwise).
 * Delivery, out of 100: pace 40 (full in the 140–160 band, 28 in the 100–165 band, then one point
 * less per word per minute beyond it), fillers 35 (full up to 2 a minute, none from 12 a minute),
 * pauses 25 (full up to 4 long pauses a minute, none from 14; 5 off for a pause over 5 seconds).
 * A spoken answer weighs content 70%, delivery 30%: what is said matters more than polish. A
 * typed answer is scored on content alone; a spoken one without a transcript on delivery alone.
 */
import { type AnswerContent, type AnswerDelivery, PACE_BANDS } from '@app/contracts'

export const SCORE_WEIGHTS = {
  content: { talkingPoints: 45, star: 30, numericResult: 15, length: 10 },
  delivery: { pace: 40, fillers: 35, pauses: 25 },
  voice: { content: 0.7, delivery: 0.3 },
} as const

/** Typed answers shorter than this many words get half the length marks. */
const TYPED_WORDS_ENOUGH = 80

export function contentScore(content: AnswerContent): number {
  const weights = SCORE_WEIGHTS.content
  const points = content.talkingPoints
  const covered = points.length ? points.filter((p) => p.covered).length / points.length : 0
  const starParts = Object.values(content.star).filter(Boolean).length
  const lengthFits =
    content.length === null ? content.wordCount >= TYPED_WORDS_ENOUGH : content.length === 'good'
  return (
    weights.talkingPoints * covered +
    (weights.star * starParts) / 4 +
    (content.resultsWithNumbers.length > 0 ? weights.numericResult : 0) +
    (lengthFits ? weights.length : weights.length / 2)
  )
}

const linearDown = (value: number, fullUpTo: number, zeroAt: number) =>
  value <= fullUpTo ? 1 : value >= zeroAt ? 0 : (zeroAt - value) / (zeroAt - fullUpTo)

export function deliveryScore(delivery: AnswerDelivery): number {
  const weights = SCORE_WEIGHTS.delivery
  const wpm = delivery.wordsPerMinute
  let pace = weights.pace / 2 // unknown pace: neither rewarded nor punished in full
  if (wpm !== null) {
    const { ideal, acceptable } = PACE_BANDS
    if (wpm >= ideal.min && wpm <= ideal.max) pace = weights.pace
    else if (wpm >= acceptable.min && wpm <= acceptable.max) pace = weights.pace * 0.7
    else {
      const beyond = wpm < acceptable.min ? acceptable.min - wpm : wpm - acceptable.max
      pace = Math.max(0, weights.pace * 0.7 - beyond)
    }
  }
  const fpm = delivery.fillersPerMinute ?? 0
  const minutes = delivery.speakingSeconds / 60
  const pausesPerMinute = minutes > 0 ? delivery.pauses.count / minutes : 0
  const pauses =
    weights.pauses * linearDown(pausesPerMinute, 4, 14) -
    (delivery.pauses.longestSeconds > 5 ? 5 : 0)
  return pace + weights.fillers * linearDown(fpm, 2, 12) + Math.max(0, pauses)
}

export function answerScore(input: {
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  mode: 'voice' | 'typed'
}): number {
  const content = input.content ? contentScore(input.content) : null
  const delivery = input.mode === 'voice' && input.delivery ? deliveryScore(input.delivery) : null
  let score = 0
  if (content !== null && delivery !== null) {
    score = SCORE_WEIGHTS.voice.content * content + SCORE_WEIGHTS.voice.delivery * delivery
  } else {
    score = content ?? delivery ?? 0
  }
  return Math.round(Math.max(0, Math.min(100, score)))
}
