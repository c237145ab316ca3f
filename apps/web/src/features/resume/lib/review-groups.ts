import {
  RESUME_FINDING_SEVERITIES,
  RESUME_REVIEW_CATEGORIES,
  type ResumeAnalysisInput,
  type ResumeFinding,
  type ResumeFindingSeverity,
  type ResumeReview,
  type ResumeReviewCategory,
  type ResumeSubScore,
} from '@app/contracts'

export type FindingGroup = {
  category: ResumeReviewCategory
  subScore: ResumeSubScore | undefined
  /** The category's findings, most severe first (high, medium, low), each severity together. */
  bySeverity: { severity: ResumeFindingSeverity; findings: ResumeFinding[] }[]
  count: number
}

/** The review's findings grouped by sub-score (in the contracts' order), then by severity. */
export function groupFindings(review: ResumeReview): FindingGroup[] {
  return RESUME_REVIEW_CATEGORIES.map((category) => {
    const inCategory = review.findings.filter((finding) => finding.category === category)
    return {
      category,
      subScore: review.subScores.find((subScore) => subScore.category === category),
      bySeverity: RESUME_FINDING_SEVERITIES.map((severity) => ({
        severity,
        findings: inCategory.filter((finding) => finding.severity === severity),
      })).filter((group) => group.findings.length > 0),
      count: inCategory.length,
    }
  }).filter((group) => group.count > 0)
}

export const SEVERITY_LABELS: Record<ResumeFindingSeverity, string> = {
  high: 'Fix before sending',
  medium: 'Costs interviews',
  low: 'Polish',
}

/**
 * Whether the review could judge the layout: LinkedIn's data export is CSV files, with no page to
 * look at, so nothing about columns, tables or headers was checked.
 */
export function hasLayoutFacts(input: ResumeAnalysisInput): boolean {
  return input !== 'linkedin_export'
}
