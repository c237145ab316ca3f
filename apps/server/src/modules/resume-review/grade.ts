/**
 * From sub-scores to the overall score and grade: each sub-score clamped to 0–100, weighted by
 * `RESUME_REVIEW_WEIGHTS`, capped below a B while a high-severity finding stands, and graded by
 * `RESUME_GRADE_BOUNDARIES`.
 */
import {
  RESUME_GRADE_BOUNDARIES,
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_WEIGHTS,
  type ResumeGrade,
  type ResumeReviewCategory,
} from '@app/contracts'
import type { Draft } from './finding.ts'

/** A high-severity finding keeps the overall score below an A or B: at most this. */
export const HIGH_FINDING_SCORE_CAP = 79

export type SubScores = Record<ResumeReviewCategory, number>

/** A raw sub-score as shown: a whole number from 0 to 100. */
export const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)))

/** The weighted overall score, capped when any finding is of high severity. */
export function overallScore(scores: SubScores, findings: Draft[]): number {
  const weighted = Math.round(
    RESUME_REVIEW_CATEGORIES.reduce(
      (sum, category) => sum + scores[category] * RESUME_REVIEW_WEIGHTS[category],
      0,
    ) / 100,
  )
  const hasHigh = findings.some((finding) => finding.severity === 'high')
  return hasHigh ? Math.min(weighted, HIGH_FINDING_SCORE_CAP) : weighted
}

/** The grade of an overall score (boundaries in `RESUME_GRADE_BOUNDARIES`). */
export function gradeOf(score: number): ResumeGrade {
  if (score >= RESUME_GRADE_BOUNDARIES.A) return 'A'
  if (score >= RESUME_GRADE_BOUNDARIES.B) return 'B'
  if (score >= RESUME_GRADE_BOUNDARIES.C) return 'C'
  if (score >= RESUME_GRADE_BOUNDARIES.D) return 'D'
  return 'F'
}
