/**
 * What every rule of the resume review shares: the finding a rule drafts (the rewrite comes later,
 * from the optional LLM seam), the checks a rule fails or passes, and the order findings are shown in.
 */
import {
  RESUME_REVIEW_CATEGORIES,
  type ResumeFinding,
  type ResumeFindingCode,
  type ResumeFindingSeverity,
  type ResumeReviewCategory,
} from '@app/contracts'
import type { Bullet } from './reading.ts'

/** At most this many findings of one code are listed (the score counts them all). */
export const MAX_FINDINGS_PER_CODE = 5

/** A finding as a rule drafts it: without the rewrite. */
export type Draft = Omit<ResumeFinding, 'rewrite'>

/** What a rule gives back: its raw sub-score (clamped when graded) and its findings. */
export type RuleResult = { score: number; findings: Draft[] }

/** One yes-or-no check of a rule, with the finding it makes when it fails. */
export type Check = {
  failed: boolean
  code: ResumeFindingCode
  severity: ResumeFindingSeverity
  lines?: string[]
  explanation: string
  suggestion: string
}

/** The findings of the checks that failed, in the checks' order. */
export function failedChecks(category: ResumeReviewCategory, checks: readonly Check[]): Draft[] {
  return checks
    .filter((check) => check.failed)
    .map(({ code, severity, lines = [], explanation, suggestion }) => ({
      code,
      category,
      severity,
      lines,
      explanation,
      suggestion,
    }))
}

/** One finding per bullet, for the first `MAX_FINDINGS_PER_CODE` of them, quoting its lines. */
export function findingsPerBullet(
  bullets: Bullet[],
  head: Pick<Draft, 'code' | 'category' | 'severity'>,
  write: (text: string) => Pick<Draft, 'explanation' | 'suggestion'>,
): Draft[] {
  return bullets
    .slice(0, MAX_FINDINGS_PER_CODE)
    .map((bullet) => ({ ...head, lines: bullet.quote, ...write(bullet.text) }))
}

const SEVERITY_ORDER: Record<ResumeFindingSeverity, number> = { high: 0, medium: 1, low: 2 }

/** Most severe first; then by category in the review's order; then in the order they were found. */
export function sortFindings(findings: Draft[]): ResumeFinding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
        RESUME_REVIEW_CATEGORIES.indexOf(a.finding.category) -
          RESUME_REVIEW_CATEGORIES.indexOf(b.finding.category) ||
        a.index - b.index,
    )
    .map(({ finding }) => ({ ...finding, rewrite: null }))
}
