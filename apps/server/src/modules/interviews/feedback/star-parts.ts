/**
 * Which parts of a STAR story (situation, task, action, result) an answer has, by the phrases
 * and tenses people use for each when they tell one:
 * - situation: setting the scene ("at my last job", "At Brightline, …", "our team had", "the
 *   problem was");
 * - task: the speaker's own goal ("my goal was", "I needed to", "I was asked to", "I proposed");
 * - action: first-person past verbs ("I decided", "I built", "I talked to");
 * - result: what came of it ("as a result", "which cut", "in the end"), or a figure.
 */
import type { AnswerContent } from '@app/contracts'

/** Sentence-initial "At Brightline, …" / "At Acme our …": a place named to set the scene. */
const AT_NAMED_PLACE = /(^|[.!?]\s+)[Aa]t\s+[A-Z][\w&'-]*(\s+[A-Z][\w&'-]*)*[,\s]/

const SITUATION =
  /\b(our (\w+ ){0,2}(had|was|were|kept|produced|took|used|ran)|at my (last|previous|current|old|first) (job|role|company|position|school|hospital|workplace|employer)|when i (was|worked)|we had|there was|there were|the (problem|issue|situation|challenge|context) was|our (team|ward|school|company|depot|shop|unit|department|clinic)|back in|last (year|month|week|spring|summer|autumn|winter)|a (few|couple of) (years|months|weeks) ago|one (day|night|shift|morning|evening)|i was working)\b/i

const TASK =
  /\b(i (proposed|volunteered|offered|set out|took on|took ownership|was hired|was brought in)|we (needed|had|wanted) to|my (goal|job|task|role|responsibility|aim|brief) was|i (needed|had|was asked|was expected|was supposed|wanted) to|i was (responsible|in charge|tasked)|it was (up to me|my job|my responsibility)|the (goal|aim|target) was)\b/i

/** Verbs people tell actions with; "-ed" verbs are found by their ending. */
const IRREGULAR_ACTION =
  'built|wrote|took|made|ran|led|set|sat|spoke|brought|chose|found|gave|got|went|kept|met|sent|spent|cut|taught|told|drove|began|held|put|rang|called|did|sold|saw|stood|thought|rewrote|rebuilt|split|shut|stopped'

/** "-ed" words after "I" that tell a state, a wish or the task, not an action. */
const NOT_ACTIONS = new Set([
  'needed',
  'wanted',
  'used',
  'liked',
  'loved',
  'hoped',
  'seemed',
  'tried',
])

export function hasFirstPersonAction(transcript: string): boolean {
  const pattern = new RegExp(
    `\\bi\\s+(?:then\\s+|also\\s+|first\\s+|finally\\s+|quickly\\s+|immediately\\s+|personally\\s+)?([a-z]+ed|${IRREGULAR_ACTION})\\b`,
    'gi',
  )
  for (const match of transcript.matchAll(pattern)) {
    if (!NOT_ACTIONS.has(match[1]!.toLowerCase())) return true
  }
  return false
}

const RESULT =
  /\b(as a result|which (cut|saved|increased|reduced|improved|raised|lowered|halved|doubled|brought|meant|led)|in the end|the (result|outcome) was|resulted in|ended up|by the end|since then|afterwards|from then on|that meant|this meant|we (cut|saved|reduced|increased|improved|halved|doubled|hit|met|won|finished|delivered)|it (worked|paid off)|(cut|saved|reduced|increased|improved|dropped|fell|rose|grew)\b[^.!?]*\b(by|from|to)\b)/i

export function starParts(transcript: string, hasNumericResult: boolean): AnswerContent['star'] {
  return {
    situation: SITUATION.test(transcript) || AT_NAMED_PLACE.test(transcript),
    task: TASK.test(transcript),
    action: hasFirstPersonAction(transcript),
    result: RESULT.test(transcript) || hasNumericResult,
  }
}
