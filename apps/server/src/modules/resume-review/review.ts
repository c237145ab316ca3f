/**
 * The resume review (issue 15, ADR 0024): five 0–100 sub-scores, an overall score and grade,
 * findings quoting the resume's own lines with a rewrite built from them, and the strengths that
 * are already there. Deterministic and offline: the same parsed resume always gets the same review.
 *
 * This file composes the parts: `reading.ts` reads the resume once, each `rules/*.ts` scores one
 * category and drafts its findings, `strengths.ts` names what is good, `grade.ts` weighs and grades,
 * `summaries.ts` writes the sentences.
 */
import {
  RESUME_REVIEW_CATEGORIES,
  RESUME_REVIEW_CATEGORY_LABELS,
  RESUME_REVIEW_WEIGHTS,
  type ResumeReview,
} from '@app/contracts'
import type { ParsedResume } from '../resume-parser/index.ts'
import { sortFindings } from './finding.ts'
import { clamp, gradeOf, overallScore, type SubScores } from './grade.ts'
import { readResume } from './reading.ts'
import { atsRule } from './rules/ats.ts'
import { clarityRule } from './rules/clarity.ts'
import { contactRule } from './rules/contact.ts'
import { impactRule } from './rules/impact.ts'
import { skillsRule } from './rules/skills.ts'
import { strengthsOf } from './strengths.ts'
import { overallSummary, subScoreSummary } from './summaries.ts'

export function reviewResume(parsed: ParsedResume): ResumeReview {
  const input = readResume(parsed)
  const { bullets, skills, work } = input
  const ats = atsRule(input)
  const contact = contactRule(input)
  const impact = impactRule(input)
  const clarity = clarityRule(input)
  const skillsResult = skillsRule(input)

  // Findings in category order; `sortFindings` keeps that order among equals.
  const drafts = [ats, contact, impact, clarity, skillsResult].flatMap((rule) => rule.findings)
  const scores: SubScores = {
    ats: clamp(ats.score - contact.atsPenalty),
    contact: clamp(contact.score),
    impact: clamp(impact.score),
    clarity: clamp(clarity.score),
    skills: clamp(skillsResult.score),
  }
  const score = overallScore(scores, drafts)
  const grade = gradeOf(score)
  const findings = sortFindings(drafts)
  const counts = {
    bullets: bullets.length,
    withNumbers: impact.withNumbers.length,
    withAction: impact.withAction.length,
    long: clarity.long,
    passive: clarity.passive,
    buzzy: clarity.buzzy,
    skills: skills.length,
    evidenced: skillsResult.evidenced.length,
  }
  return {
    version: 1,
    grade,
    score,
    summary: overallSummary(grade, score, scores, findings),
    subScores: RESUME_REVIEW_CATEGORIES.map((category) => ({
      category,
      label: RESUME_REVIEW_CATEGORY_LABELS[category],
      score: scores[category],
      weight: RESUME_REVIEW_WEIGHTS[category],
      summary: subScoreSummary(category, scores[category], findings, counts),
    })),
    findings,
    strengths: strengthsOf(input, { contact, impact, clarity, skills: skillsResult }),
    stats: {
      pages: parsed.layout.pages,
      bullets: bullets.length,
      bulletsWithNumbers: impact.withNumbers.length,
      bulletsWithActionVerb: impact.withAction.length,
      skills: skills.length,
      positions: work.length,
    },
  }
}
