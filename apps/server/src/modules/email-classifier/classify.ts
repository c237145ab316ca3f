/**
 * The type of a recruiting email from weighted phrase evidence (lexicon.ts), read sentence by
 * sentence so that negations and context stay local:
 * - a sentence with a rejection phrase ("we are unable to offer you…", "we will not be inviting
 *   you to the next round of interviews") gives nothing to offer or interview;
 * - a sentence that only supposes ("if your profile matches, we will invite you…") counts for
 *   little;
 * - a sentence that looks back on an interview ("thank you for interviewing with us") drops the
 *   bare word "interview".
 * The class with the most evidence wins; `other` wins when no event class has enough, or when
 * the message is mostly a confirmation, alert, reminder or task. Confidence grows with the
 * winner's evidence and its margin over the runner-up.
 */
import { readFileSync } from 'node:fs'
import { type BayesModel, bayesPosterior, stems } from './bayes.ts'
import {
  BODY_RULES,
  type EvidenceClass,
  HYPOTHETICAL,
  NOT_AN_INTERVIEW,
  PAST_INTERVIEW,
  type Rule,
  SUBJECT_RULES,
} from './lexicon.ts'
import type { PreparedEmail } from './prepare.ts'
import type { EmailType } from './types.ts'

/**
 * How much the naive Bayes backstop may add to a class: 3 (less than one decisive phrase) for a
 * short message, whose few words make its posterior overconfident, rising to 8 for a message
 * the model knows 30 or more words of, where it reads unfamiliar wording better than the rules
 * do (ADR 0017: measured on batches the rules were never tuned on).
 */
function bayesWeight(knownStems: number): number {
  return 3 + 5 * Math.min(1, Math.max(0, (knownStems - 10) / 20))
}

let defaultModel: BayesModel | undefined
/** The model learnt from the labelled set (train-bayes.ts), read once. */
export function defaultBayesModel(): BayesModel {
  defaultModel ??= JSON.parse(
    readFileSync(new URL('./bayes-model.json', import.meta.url), 'utf8'),
  ) as BayesModel
  return defaultModel
}

/** What the naive Bayes reads of a message: its subject and its own words. */
export function bayesText(email: PreparedEmail): string {
  return `${email.subject}\n${email.content}`
}

export function classOfType(type: EmailType): EvidenceClass {
  return (Object.entries(TYPE_OF) as [EvidenceClass, EmailType][]).find(([, t]) => t === type)![0]
}

export interface TypeDecision {
  type: EmailType
  confidence: number
  reasons: string[]
  scores: Record<EvidenceClass, number>
}

/** An event class needs at least this much evidence to beat `other`. */
const MIN_EVENT_SCORE = 3
/** Evidence `other` starts with: a message with nothing recognisable is `other`, in doubt. */
const OTHER_PRIOR = 1.5
/** Rules whose weight counts once per message however often they match. */
const PER_RULE_CAP = 1

const ACCEPTED =
  /(?:received|got|thanks? for|thank you for) (?:your|the) signed|signed (?:offer|contract)|you(?:'ve| have) accepted|glad you accepted|(?:ihre|deine) unterschriebene|unterschrieben\p{L}* (?:arbeits)?(?:vertrag|unterlagen) (?:\p{L}+ ){0,4}(?:erhalten|angekommen|eingegangen)|(?:tu|su) contrato firmado|votre contrat signé|(?:avons|ai) bien reçu (?:votre|ton) contrat|(?:hemos|he) recibido (?:tu|su|el) contrato|contratto firmato|getekende (?:contract|arbeidsovereenkomst)|recebemos (?:o )?(?:seu )?contrato|podpisan\p{L}* umow/iu

const PENDING_DECISION =
  /(?<![\p{L}])(?:still (?:meeting|interviewing|speaking|talking|reviewing|considering)|(?:expect|hope|aim|plan) to (?:make|reach|have) a decision|(?:führen|sind) (?:noch|derzeit) (?:\p{L}+ ){0,3}gespräche|noch (?:weitere )?gespräche|rencontrons encore|(?:seguimos|estamos todavía|aún estamos) (?:entrevistando|valorando|revisando)|(?:stiamo ancora|ancora) (?:valutando|incontrando)|nog (?:in )?gesprek(?:ken)?)(?![\p{L}])/iu

const ONBOARDING =
  /(?<![\p{L}])(?:(?:before|ahead of|prior to) your (?:start date|first day)|form i-9|i-9|w-4|onboarding|first day|vor (?:ihrem|deinem) (?:ersten arbeitstag|start)|avant votre (?:premier jour|arrivée)|antes de (?:tu|su) (?:incorporación|primer día))(?![\p{L}])/iu

const TYPE_OF: Record<EvidenceClass, EmailType> = {
  interview: 'interview_invitation',
  offer: 'offer_received',
  rejection: 'rejection_received',
  other: 'other',
}

export function normaliseForMatching(text: string): string {
  return (
    text
      .replace(/[’‘`´]/g, "'")
      // Gender-inclusive forms read as plain words: "eine:n andere:n Kandidat:in" → "einen anderen
      // Kandidatin", "Bewerber*innen" → "Bewerberinnen", "candidat·e" → "candidate".
      .replace(/(?<=\p{L})[:*_·/](?=(?:innen|in|n|r|e|en|es|s)(?![\p{L}]))/gu, '')
      .replace(/[“”„«»]/g, '"')
      .replace(/[ \t]+/g, ' ')
      .toLowerCase()
  )
}

/** Paragraphs, then sentences; wrapped lines inside a paragraph are joined first. */
export function sentences(text: string): string[] {
  return normaliseForMatching(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?¡¿;])\s+(?=\S)/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
}

interface Hit {
  rule: Rule
  weight: number
  note?: string
}

function matchSentence(sentence: string, ruleSet: Rule[]): Hit[] {
  const hits = ruleSet
    .filter((rule) => rule.re.test(sentence))
    .map((rule) => ({ rule, weight: rule.w }))
  const rejects = hits.some((hit) => hit.rule.cls === 'rejection' && hit.rule.strong)
  // "Got your signed offer letter": an offer already accepted is not an offer received.
  const accepted = hits.some((hit) => hit.rule.cls === 'other' && ACCEPTED.test(sentence))
  const hypothetical = HYPOTHETICAL.test(sentence)
  const past = PAST_INTERVIEW.test(sentence)
  const notAnInterview = NOT_AN_INTERVIEW.test(sentence)
  // "We are still meeting other candidates and will decide next week": the other candidates
  // of a decision still pending are no rejection.
  const pending = PENDING_DECISION.test(sentence)
  // "Before your start date, please complete your I-9": onboarding, whose start date is no offer.
  const onboarding = ONBOARDING.test(sentence)
  const kept: Hit[] = []
  for (const hit of hits) {
    const cls = hit.rule.cls
    if (notAnInterview && cls === 'interview') continue
    if (rejects && (cls === 'offer' || cls === 'interview')) continue
    if (pending && cls === 'rejection' && hit.weight < 4) continue
    if (onboarding && cls === 'offer' && hit.weight < 4) continue
    if (accepted && cls === 'offer') continue
    if (past && cls === 'interview' && !hit.rule.strong) continue
    if (hypothetical && cls !== 'other') {
      kept.push({ ...hit, weight: hit.weight * 0.15, note: 'hypothetical' })
      continue
    }
    kept.push(hit)
  }
  return kept
}

export function decideType(
  email: PreparedEmail,
  bayes: BayesModel | null = defaultBayesModel(),
): TypeDecision {
  const scores: Record<EvidenceClass, number> = {
    interview: 0,
    offer: 0,
    rejection: 0,
    other: OTHER_PRIOR,
  }
  const used = new Map<Rule, number>()
  const reasons: { cls: EvidenceClass; weight: number; text: string }[] = []
  const add = (hit: Hit, where: string) => {
    const count = used.get(hit.rule) ?? 0
    // The same phrase again adds a little, never as much as a second, different phrase.
    const weight = count >= PER_RULE_CAP ? hit.weight * 0.25 : hit.weight
    used.set(hit.rule, count + 1)
    scores[hit.rule.cls] += weight
    reasons.push({
      cls: hit.rule.cls,
      weight,
      text: `${hit.rule.cls} +${weight.toFixed(2)} ${where}: ${hit.rule.label}${hit.note ? ` (${hit.note})` : ''}`,
    })
  }

  const subject = normaliseForMatching(email.subject)
  // A reply's subject is the thread's topic ("Re: Interview invitation"), not this message's
  // news: it counts for 30%.
  const reply = /^\s*(?:(?:re|aw|sv|antw|rif|r)\s*:\s*)+/i.test(email.subject)
  for (const hit of matchSentence(subject, SUBJECT_RULES))
    add(reply ? { ...hit, weight: hit.weight * 0.3, note: 'reply subject' } : hit, 'subject')
  for (const sentence of sentences(email.content)) {
    for (const hit of matchSentence(sentence, BODY_RULES)) add(hit, 'body')
  }

  if (bayes) {
    const posterior = bayesPosterior(bayes, bayesText(email))
    const known = [...stems(bayesText(email))].filter((stem) => stem in bayes.stems).length
    const backstop = bayesWeight(known)
    for (const cls of Object.keys(posterior) as EvidenceClass[]) {
      const weight = backstop * posterior[cls]
      scores[cls] += weight
      if (weight >= 0.5)
        reasons.push({ cls, weight, text: `${cls} +${weight.toFixed(2)} naive Bayes` })
    }
  }

  const events: EvidenceClass[] = ['rejection', 'offer', 'interview']
  const ranked = [...events].sort((a, b) => scores[b] - scores[a])
  let best = ranked[0]!
  const bestScore = scores[best]
  const runnerUp = Math.max(scores[ranked[1]!], 0)

  // Precedence: an explicit rejection outweighs the interview and offer words around it.
  let winner: EvidenceClass = best
  if (bestScore < MIN_EVENT_SCORE || scores.other >= bestScore) winner = 'other'

  const top = scores[winner]
  const second =
    winner === 'other' ? Math.max(bestScore, 0) : Math.max(runnerUp, scores.other - OTHER_PRIOR)
  const strength = 1 - Math.exp(-top / 3.5)
  const margin = top > 0 ? Math.max(0, (top - second) / top) : 0
  let confidence = strength * (0.35 + 0.65 * margin)
  if (winner === 'other' && bestScore === 0) confidence = Math.max(confidence, 0.6)
  confidence = Math.min(0.99, Math.max(0.01, confidence))
  best = winner

  return {
    type: TYPE_OF[best],
    confidence: Math.round(confidence * 100) / 100,
    reasons: reasons
      .filter((reason) => reason.cls === best)
      .sort((a, b) => b.weight - a.weight)
      .map((reason) => reason.text),
    scores,
  }
}
