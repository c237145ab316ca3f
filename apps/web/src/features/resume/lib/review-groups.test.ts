import type { ResumeFinding, ResumeReview } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { groupFindings, hasLayoutFacts } from './review-groups'

function finding(
  category: ResumeFinding['category'],
  severity: ResumeFinding['severity'],
  code: ResumeFinding['code'],
): ResumeFinding {
  return { category, severity, code, lines: [], explanation: '', suggestion: '', rewrite: null }
}

const subScores = (['ats', 'contact', 'impact', 'clarity', 'skills'] as const).map((category) => ({
  category,
  label: category,
  score: 80,
  weight: 20,
  summary: '',
}))

function review(findings: ResumeFinding[]): ResumeReview {
  return {
    version: 1,
    grade: 'B',
    score: 80,
    summary: '',
    subScores,
    findings,
    strengths: [],
    stats: {
      pages: 1,
      bullets: 0,
      bulletsWithNumbers: 0,
      bulletsWithActionVerb: 0,
      skills: 0,
      positions: 0,
    },
  }
}

describe('groupFindings', () => {
  it('groups by sub-score in the contracts order, then high, medium, low', () => {
    const groups = groupFindings(
      review([
        finding('clarity', 'low', 'buzzword'),
        finding('impact', 'medium', 'missing_numbers'),
        finding('clarity', 'high', 'summary_missing'),
        finding('impact', 'medium', 'bullet_no_result'),
      ]),
    )
    expect(groups.map((group) => group.category)).toEqual(['impact', 'clarity'])
    expect(groups[0]?.bySeverity.map((group) => [group.severity, group.findings.length])).toEqual([
      ['medium', 2],
    ])
    expect(groups[1]?.bySeverity.map((group) => group.severity)).toEqual(['high', 'low'])
    expect(groups[1]?.subScore?.category).toBe('clarity')
  })

  it('has no group for a review without findings', () => {
    expect(groupFindings(review([]))).toEqual([])
  })
})

describe('hasLayoutFacts', () => {
  it("is false for LinkedIn's data export (CSV files, no page)", () => {
    expect(hasLayoutFacts('linkedin_export')).toBe(false)
    expect(hasLayoutFacts('pdf')).toBe(true)
  })
})
