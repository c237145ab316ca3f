import { z } from 'zod'
import { MatchItemSchema } from './cover-letters.ts'

/**
 * The resume review and the job match (issue 15), as the app receives them. Both are computed
 * offline and deterministically by the server's `resume-review` module from the parsed resume
 * (ADR 0024): an overall grade, five 0–100 sub-scores, findings that each quote the resume's own
 * lines with a concrete rewrite suggestion, and the strengths that are already there.
 */

/** The five sub-scores, in the order the app shows them. */
export const RESUME_REVIEW_CATEGORIES = ['ats', 'contact', 'impact', 'clarity', 'skills'] as const
export type ResumeReviewCategory = (typeof RESUME_REVIEW_CATEGORIES)[number]

/** What each sub-score weighs in the overall score (they add up to 100). */
export const RESUME_REVIEW_WEIGHTS: Record<ResumeReviewCategory, number> = {
  ats: 25,
  contact: 20,
  impact: 25,
  clarity: 15,
  skills: 15,
}

export const RESUME_REVIEW_CATEGORY_LABELS: Record<ResumeReviewCategory, string> = {
  ats: 'ATS parseability',
  contact: 'Contact and sections',
  impact: 'Impact',
  clarity: 'Clarity',
  skills: 'Skills',
}

/** Overall grades, best first; the lower bound of the overall score for each is in ADR 0024. */
export const RESUME_GRADES = ['A', 'B', 'C', 'D', 'F'] as const
export type ResumeGrade = (typeof RESUME_GRADES)[number]

/** The lowest overall score of each grade (below D's is F). */
export const RESUME_GRADE_BOUNDARIES: Record<Exclude<ResumeGrade, 'F'>, number> = {
  A: 90,
  B: 80,
  C: 70,
  D: 60,
}

/**
 * Every finding's stable code. Codes are never renamed: the app may key its help text on them.
 */
export const RESUME_FINDING_CODES = [
  // ATS parseability
  'layout_columns',
  'layout_tables',
  'layout_images',
  'layout_header_footer',
  'missing_dates',
  'resume_too_long',
  // contact and sections
  'missing_name',
  'missing_email',
  'missing_phone',
  'missing_location',
  'missing_links',
  'missing_experience_section',
  'missing_education_section',
  'missing_skills_section',
  // impact
  'no_bullets',
  'weak_bullet_no_action_verb',
  'bullet_no_result',
  'missing_numbers',
  // clarity
  'bullet_too_long',
  'passive_voice',
  'buzzword',
  'first_person',
  'summary_missing',
  'summary_too_long',
  'date_gap',
  'date_overlap',
  // skills
  'few_skills',
  'skills_ungrouped',
] as const
export type ResumeFindingCode = (typeof RESUME_FINDING_CODES)[number]

/** high: fix before sending; medium: costs interviews; low: polish. */
export const RESUME_FINDING_SEVERITIES = ['high', 'medium', 'low'] as const
export type ResumeFindingSeverity = (typeof RESUME_FINDING_SEVERITIES)[number]

export const ResumeFindingSchema = z.object({
  code: z.enum(RESUME_FINDING_CODES),
  category: z.enum(RESUME_REVIEW_CATEGORIES),
  severity: z.enum(RESUME_FINDING_SEVERITIES),
  /** The resume's own text the finding is about, quoted (empty when it is about something absent). */
  lines: z.array(z.string()),
  /** What is wrong and why it matters, in plain English. */
  explanation: z.string(),
  /**
   * A concrete rewrite built from the line itself. Placeholders in [brackets] mark what only the
   * seeker knows (a number, a result); nothing in a suggestion is an invented fact.
   */
  suggestion: z.string(),
  /**
   * A rewrite by the configured text generator (the LLM seam of ADR 0024); null when none is
   * configured, which is the default.
   */
  rewrite: z.string().nullable(),
})
export type ResumeFinding = z.infer<typeof ResumeFindingSchema>

export const RESUME_STRENGTH_CODES = [
  'ats_friendly_layout',
  'complete_contact',
  'strong_action_verbs',
  'quantified_impact',
  'concise_bullets',
  'focused_summary',
  'rich_skills',
  'continuous_history',
] as const
export type ResumeStrengthCode = (typeof RESUME_STRENGTH_CODES)[number]

export const ResumeStrengthSchema = z.object({
  code: z.enum(RESUME_STRENGTH_CODES),
  category: z.enum(RESUME_REVIEW_CATEGORIES),
  /** What is already good, in plain English. */
  text: z.string(),
  /** An example line from the resume, when there is one. */
  lines: z.array(z.string()),
})
export type ResumeStrength = z.infer<typeof ResumeStrengthSchema>

export const ResumeSubScoreSchema = z.object({
  category: z.enum(RESUME_REVIEW_CATEGORIES),
  label: z.string(),
  score: z.number().int().min(0).max(100),
  /** The category's weight in the overall score. */
  weight: z.number().int().min(0).max(100),
  /** One sentence: why this score. */
  summary: z.string(),
})
export type ResumeSubScore = z.infer<typeof ResumeSubScoreSchema>

export const ResumeReviewSchema = z.object({
  /** The review model's version: a stored review says which rules produced it. */
  version: z.literal(1),
  grade: z.enum(RESUME_GRADES),
  /** 0–100: the sub-scores weighted by `RESUME_REVIEW_WEIGHTS` (a high finding caps it at 79). */
  score: z.number().int().min(0).max(100),
  /** One sentence for the whole resume. */
  summary: z.string(),
  /** In the order of `RESUME_REVIEW_CATEGORIES`. */
  subScores: z.array(ResumeSubScoreSchema).length(RESUME_REVIEW_CATEGORIES.length),
  /** Most severe first. */
  findings: z.array(ResumeFindingSchema),
  strengths: z.array(ResumeStrengthSchema),
  /** The counts the scores rest on. */
  stats: z.object({
    pages: z.number().int().min(0),
    bullets: z.number().int().min(0),
    bulletsWithNumbers: z.number().int().min(0),
    bulletsWithActionVerb: z.number().int().min(0),
    skills: z.number().int().min(0),
    positions: z.number().int().min(0),
  }),
})
export type ResumeReview = z.infer<typeof ResumeReviewSchema>

/** One of the job's skills or requirements, with the job's own words it comes from. */
export const ResumeJobMatchItemSchema = MatchItemSchema.extend({
  /** The job's sentence that asks for it (the requirement itself, or the line naming the skill). */
  quote: z.string().nullable(),
})
export type ResumeJobMatchItem = z.infer<typeof ResumeJobMatchItemSchema>

/**
 * The resume against one job. `score` is the cover letters' match report score for the same
 * profile and job (the same rule computes both), so the two never disagree.
 */
export const ResumeJobMatchSchema = z.object({
  /** 0–100: the share of the job's skills and requirements the resume shows. */
  score: z.number().int().min(0).max(100),
  job: z.object({ title: z.string(), company: z.string().nullable() }),
  matched: z.array(ResumeJobMatchItemSchema),
  missing: z.array(ResumeJobMatchItemSchema),
  /** Two or three concrete suggestions quoting the job's words. */
  suggestions: z.array(z.string()).min(1).max(3),
})
export type ResumeJobMatch = z.infer<typeof ResumeJobMatchSchema>
