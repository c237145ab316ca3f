/**
 * Impact: whether the bullets say what was achieved. The score weighs the share of bullets with a
 * number (half), with an action verb first (0.3) and with a result (0.2); no bullets score 0.
 */
import {
  hasNumber,
  hasResult,
  rewriteWeakBullet,
  rewriteWithResult,
  startsWithActionVerb,
} from '../bullets.ts'
import { type Draft, findingsPerBullet, type RuleResult } from '../finding.ts'
import type { Bullet, ReviewInput } from '../reading.ts'

export type ImpactResult = RuleResult & {
  /** The bullets that start with an action verb. */
  withAction: Bullet[]
  /** The bullets with a number in them. */
  withNumbers: Bullet[]
}

export function impactRule({ bullets, work, quoteWork }: ReviewInput): ImpactResult {
  const withAction = bullets.filter((bullet) => startsWithActionVerb(bullet.text))
  const withNumbers = bullets.filter((bullet) => hasNumber(bullet.text))
  if (bullets.length === 0) {
    const finding: Draft = {
      code: 'no_bullets',
      category: 'impact',
      severity: work.length > 0 ? 'high' : 'medium',
      lines: work.flatMap(quoteWork).slice(0, 3),
      explanation:
        'No bullet points describe what you achieved in your positions. Titles alone do not show a recruiter what you can do.',
      suggestion:
        'Under each position add two to five bullets of the form "[Action verb] [what you did] for [whom], resulting in [result with a number]".',
    }
    return { score: 0, findings: [finding], withAction, withNumbers }
  }
  const actionShare = withAction.length / bullets.length
  const numberShare = withNumbers.length / bullets.length
  const resultShare = bullets.filter((bullet) => hasResult(bullet.text)).length / bullets.length
  const score = Math.round(
    100 * (0.5 * Math.min(1, numberShare / 0.6) + 0.3 * actionShare + 0.2 * resultShare),
  )
  const weak = bullets.filter((bullet) => !startsWithActionVerb(bullet.text))
  const noResult = withAction.filter((bullet) => !hasResult(bullet.text))
  const findings: Draft[] = [
    ...findingsPerBullet(
      weak,
      { code: 'weak_bullet_no_action_verb', category: 'impact', severity: 'medium' },
      (text) => ({
        explanation:
          'This bullet describes a duty, not what you did. Recruiters skim the first word of each bullet: a strong verb ("Led", "Built", "Cut") says what you achieved.',
        suggestion: rewriteWeakBullet(text),
      }),
    ),
    ...findingsPerBullet(
      noResult,
      { code: 'bullet_no_result', category: 'impact', severity: 'low' },
      (text) => ({
        explanation: `This bullet says what you did but not what came of it. Add the outcome: ${numberHint(text)}.`,
        suggestion: rewriteWithResult(text),
      }),
    ),
  ]
  if (bullets.length >= 3 && numberShare < 0.4) {
    const without = bullets.filter((bullet) => !hasNumber(bullet.text)).slice(0, 3)
    findings.push({
      code: 'missing_numbers',
      category: 'impact',
      severity: numberShare === 0 ? 'high' : 'medium',
      lines: without.flatMap((bullet) => bullet.quote),
      explanation: `Only ${withNumbers.length} of your ${bullets.length} bullets has a number in it. Figures (team size, money, time, volume, percentages) are what make a result believable and what recruiters remember.`,
      suggestion: without
        .map((bullet) => `“${shortQuote(bullet.text)}”: add ${numberHint(bullet.text)}`)
        .join('; '),
    })
  }
  return { score, findings, withAction, withNumbers }
}

/** Which figure a bullet could carry, from what it is about. */
function numberHint(text: string): string {
  const lower = text.toLowerCase()
  if (/\b(team|staff|people|engineers|reports|mentor|hired|recruit)/.test(lower)) {
    return 'how many people (the team size) and what changed for them'
  }
  if (/\b(budget|cost|costs|spend|saving|revenue|sales|price|profit|deal)/.test(lower)) {
    return 'the amount (€ or $) and the % change'
  }
  if (/\b(customer|client|user|users|patient|student|visitor|subscriber)/.test(lower)) {
    return 'how many customers or users, and by how much satisfaction or usage rose'
  }
  if (
    /\b(process|time|report|deploy|release|pipeline|automat|workflow|latency|speed)/.test(lower)
  ) {
    return 'the time saved (hours per week, days to minutes) or the % faster'
  }
  return 'how many, how much or how fast (a count, an amount or a %)'
}

/** The first ten words of a text, with an ellipsis when there are more. */
function shortQuote(text: string): string {
  const words = text.split(/\s+/)
  return words.length > 10 ? `${words.slice(0, 10).join(' ')} …` : text
}
