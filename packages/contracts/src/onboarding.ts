import { z } from 'zod'
import {
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  type JobFilters,
  JobLocationFilterSchema,
  WORK_LOCATIONS,
} from './job-filters.ts'

/**
 * The onboarding wizard's answers (ADR 0012): the vocabulary of each question, the wizard row
 * as the client sees it (camelCase, spec section 3), the default job filters the answers
 * become, and the onboarding messages of `GET /api/onboarding/messages`. The database checks
 * the same vocabulary (supabase/migrations/20261121002700_wizard_answer_vocabulary.sql).
 */

/** job-search-status: where the user is in their search. */
export const JOB_SEARCH_STATUSES = [
  'EXPLORING',
  'ACTIVELY_APPLYING',
  'INTERVIEWING',
  'EMPLOYED_OPEN',
] as const
export type JobSearchStatus = (typeof JOB_SEARCH_STATUSES)[number]

/** job-search-apps: where the user looks for jobs today (`NONE` excludes the others). */
export const JOB_SEARCH_APPS = [
  'LINKEDIN',
  'INDEED',
  'GLASSDOOR',
  'COMPANY_SITES',
  'RECRUITERS',
  'OTHER_BOARDS',
  'NONE',
] as const
export type JobSearchApp = (typeof JOB_SEARCH_APPS)[number]

/** job-timeline: by when the user wants a new job. */
export const JOB_TIMELINES = ['ASAP', 'WITHIN_3_MONTHS', 'WITHIN_6_MONTHS', 'NO_RUSH'] as const
export type JobTimeline = (typeof JOB_TIMELINES)[number]

/** job-blocker: what holds the search back most. */
export const JOB_BLOCKERS = [
  'FEW_RESPONSES',
  'FINDING_JOBS',
  'APPLYING_TAKES_TIME',
  'INTERVIEWS_NO_OFFERS',
  'INTERVIEW_NERVES',
  'STAYING_MOTIVATED',
] as const
export type JobBlocker = (typeof JOB_BLOCKERS)[number]

/** user-goal: what matters most in the next job. */
export const USER_GOALS = [
  'GET_HIRED_FAST',
  'HIGHER_PAY',
  'BETTER_FIT',
  'CAREER_CHANGE',
  'FIRST_JOB',
] as const
export type UserGoal = (typeof USER_GOALS)[number]

export const MAX_ACCOMPLISHMENT_LENGTH = 280
export const MAX_MINIMUM_SALARY = 10_000_000
export const MAX_WEEKLY_INTERVIEWS = 20
export const MAX_JOB_TITLES = 10
export const MAX_PLACES = 10

/**
 * job-preferences, stored in `wizard.job_preferences`: the titles, work styles and places the
 * user wants, named as in `JobFilters` so they pass into it unchanged.
 */
export const WizardJobPreferencesSchema = z.object({
  jobTitles: z.array(z.string().trim().min(1).max(120)).max(MAX_JOB_TITLES).optional(),
  workLocations: z.array(z.enum(WORK_LOCATIONS)).optional(),
  locations: z.array(JobLocationFilterSchema).max(MAX_PLACES).optional(),
})
export type WizardJobPreferences = z.infer<typeof WizardJobPreferencesSchema>

/** Accepts both a PostgREST timestamp (string) and a `pg` one (Date); gives ISO 8601 or null. */
const Timestamp = z
  .union([z.string(), z.date()])
  .nullable()
  .transform((value) => (value === null ? null : new Date(value).toISOString()))

/**
 * One `wizard` row as `select *` returns it (snake_case), turned into the camelCase `Wizard`.
 * Answers outside the vocabulary cannot be stored (the database checks them); preferences that
 * do not parse count as not given rather than breaking the wizard.
 */
export const WizardRowSchema = z
  .object({
    user_id: z.string(),
    current_step: z.string(),
    job_search_status: z.enum(JOB_SEARCH_STATUSES).nullable(),
    job_search_apps: z.array(z.enum(JOB_SEARCH_APPS)).nullable(),
    job_timeline: z.enum(JOB_TIMELINES).nullable(),
    job_types: z.array(z.enum(JOB_TYPES)).nullable(),
    job_preferences: WizardJobPreferencesSchema.catch({}),
    job_blocker: z.enum(JOB_BLOCKERS).nullable(),
    job_accomplishment: z.string().nullable(),
    experience_level: z.enum(EXPERIENCE_LEVELS).nullable(),
    minimum_salary: z.number().int().nullable(),
    /** ISO 4217; absent from rows read before the column existed. */
    minimum_salary_currency: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    interviews_per_week: z.number().int().nullable(),
    interviews_achievable: z.number().int().nullable(),
    user_goal: z.enum(USER_GOALS).nullable(),
    completed_at: Timestamp,
  })
  .transform((row) => ({
    userId: row.user_id,
    currentStep: row.current_step,
    jobSearchStatus: row.job_search_status,
    jobSearchApps: row.job_search_apps,
    jobTimeline: row.job_timeline,
    jobTypes: row.job_types,
    jobPreferences: row.job_preferences,
    jobBlocker: row.job_blocker,
    jobAccomplishment: row.job_accomplishment,
    experienceLevel: row.experience_level,
    minimumSalary: row.minimum_salary,
    minimumSalaryCurrency: row.minimum_salary_currency,
    interviewsPerWeek: row.interviews_per_week,
    interviewsAchievable: row.interviews_achievable,
    userGoal: row.user_goal,
    completedAt: row.completed_at,
  }))
export type Wizard = z.output<typeof WizardRowSchema>

/** The fields of `Wizard` a client may write, with the column each one is stored in. */
export const WIZARD_COLUMNS = {
  currentStep: 'current_step',
  jobSearchStatus: 'job_search_status',
  jobSearchApps: 'job_search_apps',
  jobTimeline: 'job_timeline',
  jobTypes: 'job_types',
  jobPreferences: 'job_preferences',
  jobBlocker: 'job_blocker',
  jobAccomplishment: 'job_accomplishment',
  experienceLevel: 'experience_level',
  minimumSalary: 'minimum_salary',
  minimumSalaryCurrency: 'minimum_salary_currency',
  interviewsPerWeek: 'interviews_per_week',
  interviewsAchievable: 'interviews_achievable',
  userGoal: 'user_goal',
  completedAt: 'completed_at',
} as const satisfies Partial<Record<keyof Wizard, string>>

export type WizardPatch = Partial<Pick<Wizard, keyof typeof WIZARD_COLUMNS>>

/** `{jobTypes: [...]}` → `{job_types: [...]}`: the body of an update of the `wizard` row. */
export function wizardColumnsFromPatch(patch: WizardPatch): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(patch)) {
    columns[WIZARD_COLUMNS[field as keyof WizardPatch]] = value
  }
  return columns
}

/**
 * The user's default job filters, from the wizard's answers: the job types, the titles, work
 * styles and places of job-preferences, the experience level and the minimum salary (0 means no
 * minimum). Unanswered questions add no filter. Used by the jobs API and the deck.
 */
export function defaultJobFiltersFromWizard(
  wizard: Pick<Wizard, 'jobTypes' | 'jobPreferences' | 'experienceLevel' | 'minimumSalary'>,
): JobFilters {
  const { jobTitles, workLocations, locations } = wizard.jobPreferences
  const filters: JobFilters = {}
  if (wizard.jobTypes?.length) {
    filters.types = [...wizard.jobTypes]
  }
  if (jobTitles?.length) {
    filters.jobTitles = [...jobTitles]
  }
  if (workLocations?.length) {
    filters.workLocations = [...workLocations]
  }
  if (locations?.length) {
    filters.locations = locations.map((location) => ({ ...location }))
  }
  if (wizard.experienceLevel) {
    filters.experienceLevels = [wizard.experienceLevel]
  }
  if (wizard.minimumSalary) {
    filters.minimumSalary = wizard.minimumSalary
  }
  return filters
}

/**
 * One onboarding message (`profiles.onboarding_messages`): a tip derived from the wizard's
 * answers, delivered at `deliverAt` (a number of days after the wizard was completed).
 * `readAt` is set when the user marks it read.
 */
export const OnboardingMessageSchema = z.object({
  /** Stable per tip (`plan`, `blocker`, …), so generating twice gives the same list. */
  id: z.string().min(1),
  title: z.string(),
  body: z.string(),
  deliverAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
})
export type OnboardingMessage = z.infer<typeof OnboardingMessageSchema>

/** `GET /api/onboarding/messages`: the delivered messages, oldest first, and when the next comes. */
export const OnboardingMessagesResponseSchema = z.object({
  messages: z.array(OnboardingMessageSchema),
  /** When the next undelivered message arrives; null when all are delivered (or none exist). */
  nextDeliverAt: z.iso.datetime().nullable(),
})
export type OnboardingMessagesResponse = z.infer<typeof OnboardingMessagesResponseSchema>

/** The onboarding wizard's steps in the order the web app shows them (spec §2 names them; ADR 0012 orders them). */
export const ONBOARDING_STEPS = [
  'job-search-status',
  'job-search-apps',
  'job-timeline',
  'job-types',
  'job-preferences',
  'job-blocker',
  'job-accomplishment',
  'experience-level',
  'minimum-salary',
  'interviews-per-week',
  'interviews-achievable',
  'interview-comparison',
  'results-comparison',
  'potential-success',
  'user-goal',
  'plan-ready',
  'success',
] as const
