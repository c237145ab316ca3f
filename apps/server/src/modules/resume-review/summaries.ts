/** The review's sentences: one line per sub-score and the overall summary at the top. */
import {
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  type ResumeFinding,
  type ResumeGrade,
  type ResumeReviewCategory,
} from '@app/contracts'
import type { SubScores } from './grade.ts'
import { SKILLS_EXPECTED } from './rules/skills.ts'

/** What the sub-score lines count. */
export type Counts = {
  bullets: number
  withNumbers: number
  withAction: number
  long: number
  passive: number
  buzzy: number
  skills: number
  evidenced: number
}

export function subScoreSummary(
  category: ResumeReviewCategory,
  score: number,
  findings: ResumeFinding[],
  counts: Counts,
): string {
  const own = findings.filter((finding) => finding.category === category)
  const codes = new Set(own.map((finding) => finding.code))
  switch (category) {
    case 'ats': {
      const risks = [
        codes.has('layout_columns') && 'columns',
        codes.has('layout_tables') && 'a table',
        codes.has('layout_images') && 'images',
        codes.has('layout_header_footer') && 'page headers or footers',
        codes.has('missing_dates') && 'positions without dates',
      ].filter(Boolean)
      if (risks.length === 0 && score >= 90)
        return 'A tracking system can read every line in order.'
      if (risks.length === 0)
        return 'The layout is safe, but a tracking system misses some of your details (see the contact findings).'
      return `A tracking system may misread it: ${listOf(risks as string[])}.`
    }
    case 'contact': {
      const missing = own.map((finding) =>
        finding.code
          .replace(/^missing_/, '')
          .replace(/_section$/, ' section')
          .replace('_', ' '),
      )
      return missing.length === 0
        ? 'Every contact detail and the main sections are there.'
        : `Missing: ${listOf(missing)}.`
    }
    case 'impact':
      if (counts.bullets === 0) return 'No bullets describe what you achieved yet.'
      return `${counts.withAction} of ${counts.bullets} bullets start with an action verb and ${counts.withNumbers} carry a number${score >= 80 ? ': results come through.' : ': add figures and outcomes.'}`
    case 'clarity': {
      const issues = [
        counts.long > 0 && `${counts.long} long bullet${counts.long > 1 ? 's' : ''}`,
        counts.passive > 0 && `${counts.passive} passive line${counts.passive > 1 ? 's' : ''}`,
        counts.buzzy > 0 && `${counts.buzzy} line${counts.buzzy > 1 ? 's' : ''} with buzzwords`,
        codes.has('first_person') && 'first-person pronouns',
        codes.has('summary_missing') && 'no summary',
        codes.has('summary_too_long') && 'a long summary',
        codes.has('date_gap') && 'a gap in the dates',
        codes.has('date_overlap') && 'overlapping dates',
      ].filter(Boolean) as string[]
      return issues.length === 0
        ? 'Short, direct and easy to skim.'
        : `Reads less easily because of ${listOf(issues)}.`
    }
    case 'skills':
      if (counts.skills === 0) return 'No skills are listed.'
      return `${counts.skills} skill${counts.skills > 1 ? 's' : ''} listed${counts.evidenced > 0 ? `, ${counts.evidenced} backed by your bullets` : ''}${counts.skills < SKILLS_EXPECTED ? `; around ${SKILLS_EXPECTED} is usual` : ''}.`
  }
}

export function overallSummary(
  grade: ResumeGrade,
  score: number,
  scores: SubScores,
  findings: ResumeFinding[],
): string {
  const ranked = [...RESUME_REVIEW_CATEGORIES].sort((a, b) => scores[b] - scores[a])
  const best = RESUME_REVIEW_CATEGORY_LABELS[ranked[0]!].replace(/^[A-Z](?=[a-z])/, (c) =>
    c.toLowerCase(),
  )
  const first = findings[0]
  const next = first
    ? ` Fix first: ${first.explanation.split(/(?<=[.!?])\s/)[0]!.replace(/\.$/, '')}.`
    : ' Nothing stands out to fix.'
  return `Grade ${grade} (${score}/100), strongest in ${best}.${next}`
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
