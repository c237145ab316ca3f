/**
 * The strengths a resume already has, from what the rules found: one per category at most a few,
 * in the review's category order (ATS, contact, impact, clarity, skills).
 */
import type { ResumeReviewCategory, ResumeStrength } from '@app/contracts'
import type { ReviewInput } from './reading.ts'
import { hasCleanLayout } from './rules/ats.ts'
import { BULLET_MAX_WORDS, type ClarityResult } from './rules/clarity.ts'
import type { ContactResult } from './rules/contact.ts'
import type { ImpactResult } from './rules/impact.ts'
import { SKILLS_EXPECTED, type SkillsResult } from './rules/skills.ts'

export type RuleResults = {
  contact: ContactResult
  impact: ImpactResult
  clarity: ClarityResult
  skills: SkillsResult
}

/** A strength if `holds`, else nothing. */
type Candidate = [holds: boolean, strength: () => ResumeStrength]

const strength = (
  code: ResumeStrength['code'],
  category: ResumeReviewCategory,
  text: string,
  lines: string[] = [],
): ResumeStrength => ({ code, category, text, lines })

export function strengthsOf(input: ReviewInput, results: RuleResults): ResumeStrength[] {
  const { bullets, summary, skills } = input
  const { contact, impact, clarity } = results
  const { withAction, withNumbers } = impact
  const { grouped, evidenced } = results.skills
  const enough = bullets.length >= 3
  const candidates: Candidate[] = [
    [
      hasCleanLayout(input),
      () =>
        strength(
          'ats_friendly_layout',
          'ats',
          'One column, no tables, images or page headers: a tracking system reads it in the order you wrote it.',
        ),
    ],
    [
      contact.complete,
      () =>
        strength(
          'complete_contact',
          'contact',
          'Name, email, phone, location and a link are all there and readable.',
        ),
    ],
    [
      enough && withAction.length / bullets.length >= 0.7,
      () =>
        strength(
          'strong_action_verbs',
          'impact',
          `${withAction.length} of your ${bullets.length} bullets start with an action verb.`,
          withAction[0]!.quote,
        ),
    ],
    [
      enough && withNumbers.length / bullets.length >= 0.5,
      () =>
        strength(
          'quantified_impact',
          'impact',
          `${withNumbers.length} of your ${bullets.length} bullets back their result with a number.`,
          withNumbers[0]!.quote,
        ),
    ],
    [
      enough && clarity.long === 0,
      () =>
        strength(
          'concise_bullets',
          'clarity',
          `Every bullet stays under ${BULLET_MAX_WORDS} words.`,
        ),
    ],
    [
      clarity.focusedSummary,
      () =>
        strength(
          'focused_summary',
          'clarity',
          'A short summary opens the resume without empty claims.',
          summary?.quote,
        ),
    ],
    [
      clarity.periods.length >= 2 && clarity.gaps === 0,
      () =>
        strength(
          'continuous_history',
          'clarity',
          `Your ${clarity.periods.length} positions follow on without an unexplained gap.`,
        ),
    ],
    [
      skills.length >= SKILLS_EXPECTED && grouped,
      () =>
        strength(
          'rich_skills',
          'skills',
          `${skills.length} skills, grouped${evidenced.length > 0 ? `, and ${evidenced.length} of them shown at work in your bullets` : ''}.`,
        ),
    ],
  ]
  return candidates.filter(([holds]) => holds).map(([, make]) => make())
}
