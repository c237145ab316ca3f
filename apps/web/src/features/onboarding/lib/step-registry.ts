import {
  type ExperienceLevel,
  type JobBlocker,
  type JobSearchApp,
  type JobSearchStatus,
  type JobTimeline,
  type JobType,
  PLAN_ANSWERS,
  type UserGoal,
  type Wizard,
  type WizardPatch,
  type WorkLocation,
} from '@app/contracts'
import { preferencesProblems } from './step-answers'
import { ONBOARDING_STEPS, type OnboardingStep, getStepIndex } from './steps'

/**
 * What each step asks or shows (ADR 0012): its heading (the question), a line under it, the
 * seconds it should take, the answer it writes and the answers it builds on. One component per
 * `kind` renders it, so the 17 steps are data, not 17 pages.
 */
export type AnswerField = Exclude<keyof WizardPatch, 'currentStep' | 'completedAt'>

export type ChoiceOption<V> = { value: V; label: string; hint?: string }

type StepText = {
  heading: string
  lead: string
  /** The time budget: what the step should take a person (ADR 0012). */
  seconds: number
}

type SingleChoiceField = keyof SingleChoiceValues
type SingleChoiceValues = {
  jobSearchStatus: JobSearchStatus
  jobTimeline: JobTimeline
  jobBlocker: JobBlocker
  experienceLevel: ExperienceLevel
  interviewsPerWeek: number
  userGoal: UserGoal
}
type MultipleChoiceField = 'jobSearchApps' | 'jobTypes'

export type SingleChoiceStep = StepText & {
  kind: 'single-choice'
  field: SingleChoiceField
  options: readonly ChoiceOption<string | number>[]
}
export type MultipleChoiceStep = StepText & {
  kind: 'multiple-choice'
  field: MultipleChoiceField
  options: readonly ChoiceOption<string>[]
  /** The answer that excludes all others ("Nowhere yet"). */
  exclusive?: string
}
export type ProjectionChart = 'interviews' | 'offers' | 'chance'

export type StepDefinition =
  | SingleChoiceStep
  | MultipleChoiceStep
  | (StepText & { kind: 'job-preferences' | 'accomplishment' | 'salary' | 'interview-goal' })
  | (StepText & { kind: 'projection'; chart: ProjectionChart })
  | (StepText & { kind: 'plan-ready' | 'success' })

function singleChoice<F extends SingleChoiceField>(
  field: F,
  text: StepText,
  options: readonly ChoiceOption<SingleChoiceValues[F]>[],
): SingleChoiceStep {
  return { kind: 'single-choice', field, options, ...text }
}

function multipleChoice<V extends JobSearchApp | JobType>(
  field: MultipleChoiceField,
  text: StepText,
  options: readonly ChoiceOption<V>[],
  exclusive?: V,
): MultipleChoiceStep {
  return { kind: 'multiple-choice', field, options, exclusive, ...text }
}

export const WORK_LOCATION_OPTIONS: readonly ChoiceOption<WorkLocation>[] = [
  { value: 'REMOTE', label: 'Remote' },
  { value: 'HYBRID', label: 'Hybrid' },
  { value: 'ONSITE', label: 'On-site' },
]

export const STEP_DEFINITIONS: Record<OnboardingStep, StepDefinition> = {
  'job-search-status': singleChoice(
    'jobSearchStatus',
    {
      heading: 'Where are you in your job search?',
      lead: 'Your plan starts from here. It takes about 3 minutes.',
      seconds: 6,
    },
    [
      { value: 'EXPLORING', label: 'Just starting to look' },
      { value: 'ACTIVELY_APPLYING', label: 'Actively applying' },
      { value: 'INTERVIEWING', label: 'Already interviewing' },
      { value: 'EMPLOYED_OPEN', label: 'Employed, open to the right offer' },
    ],
  ),
  'job-search-apps': multipleChoice(
    'jobSearchApps',
    {
      heading: 'Where do you look for jobs today?',
      lead: 'Pick all you use.',
      seconds: 8,
    },
    [
      { value: 'LINKEDIN', label: 'LinkedIn' },
      { value: 'INDEED', label: 'Indeed' },
      { value: 'GLASSDOOR', label: 'Glassdoor' },
      { value: 'COMPANY_SITES', label: 'Company career pages' },
      { value: 'RECRUITERS', label: 'Recruiters' },
      { value: 'OTHER_BOARDS', label: 'Other job boards' },
      { value: 'NONE', label: 'Nowhere yet' },
    ],
    'NONE',
  ),
  'job-timeline': singleChoice(
    'jobTimeline',
    {
      heading: 'When do you want to start your next job?',
      lead: 'We pace your plan to it.',
      seconds: 5,
    },
    [
      { value: 'ASAP', label: 'As soon as possible', hint: 'Within about 6 weeks' },
      { value: 'WITHIN_3_MONTHS', label: 'Within 3 months' },
      { value: 'WITHIN_6_MONTHS', label: 'Within 6 months' },
      { value: 'NO_RUSH', label: 'No fixed date', hint: 'We plan for 6 months' },
    ],
  ),
  'job-types': multipleChoice(
    'jobTypes',
    { heading: 'What kind of work are you after?', lead: 'Pick all that fit.', seconds: 6 },
    [
      { value: 'FULL_TIME', label: 'Full-time' },
      { value: 'PART_TIME', label: 'Part-time' },
      { value: 'CONTRACT', label: 'Contract or freelance' },
      { value: 'TEMPORARY', label: 'Temporary' },
      { value: 'INTERNSHIP', label: 'Internship' },
    ],
  ),
  'job-preferences': {
    kind: 'job-preferences',
    heading: 'Which roles, and where?',
    lead: 'These become your job filters. You can change them any time.',
    seconds: 25,
  },
  'job-blocker': singleChoice(
    'jobBlocker',
    {
      heading: 'What holds your search back most?',
      lead: 'Your plan tackles it first.',
      seconds: 6,
    },
    [
      { value: 'FEW_RESPONSES', label: 'My applications go unanswered' },
      { value: 'FINDING_JOBS', label: 'Finding jobs that fit me' },
      { value: 'APPLYING_TAKES_TIME', label: 'Applying takes too long' },
      { value: 'INTERVIEWS_NO_OFFERS', label: "Interviews don't turn into offers" },
      { value: 'INTERVIEW_NERVES', label: 'Nerves in interviews' },
      { value: 'STAYING_MOTIVATED', label: 'Staying motivated' },
    ],
  ),
  'job-accomplishment': {
    kind: 'accomplishment',
    heading: "What's a win you're proud of?",
    lead: 'A sentence or two: a project you shipped, a problem you solved. It becomes your strongest interview story.',
    seconds: 15,
  },
  'experience-level': singleChoice(
    'experienceLevel',
    {
      heading: 'How much experience do you have?',
      lead: 'We show jobs at your level.',
      seconds: 5,
    },
    [
      { value: 'INTERNSHIP', label: 'Student or intern' },
      { value: 'ENTRY_LEVEL', label: 'Entry level', hint: '0–2 years' },
      { value: 'MID_LEVEL', label: 'Mid level', hint: '2–5 years' },
      { value: 'SENIOR_LEVEL', label: 'Senior', hint: '5+ years' },
      { value: 'LEAD', label: 'Lead or manager' },
      { value: 'EXECUTIVE', label: 'Executive' },
    ],
  ),
  'minimum-salary': {
    kind: 'salary',
    heading: "What's the lowest yearly salary you'd take?",
    lead: 'Before tax, in your local currency. Jobs that pay less are hidden.',
    seconds: 10,
  },
  'interviews-per-week': singleChoice(
    'interviewsPerWeek',
    {
      heading: 'How many interview invitations do you get in a typical week?',
      lead: 'Count new employers only, not second rounds.',
      seconds: 5,
    },
    [
      { value: 0, label: 'None yet' },
      { value: 1, label: '1' },
      { value: 2, label: '2' },
      { value: 3, label: '3' },
      { value: 4, label: '4' },
      { value: 5, label: '5 or more' },
    ],
  ),
  'interviews-achievable': {
    kind: 'interview-goal',
    heading: 'How many interviews could you get each week?',
    lead: 'Here is what applying to jobs that match you can bring. Set your weekly goal.',
    seconds: 10,
  },
  'interview-comparison': {
    kind: 'projection',
    chart: 'interviews',
    heading: 'More interviews, sooner',
    lead: 'Interview invitations today and with your plan.',
    seconds: 8,
  },
  'results-comparison': {
    kind: 'projection',
    chart: 'offers',
    heading: 'More interviews, more offers',
    lead: 'Expected offers today and with your plan, which adds practice interviews.',
    seconds: 8,
  },
  'potential-success': {
    kind: 'projection',
    chart: 'chance',
    heading: 'Your chance of an offer',
    lead: 'The chance of at least one offer, week by week.',
    seconds: 8,
  },
  'user-goal': singleChoice(
    'userGoal',
    { heading: 'What matters most in your next job?', lead: 'Your tips follow it.', seconds: 5 },
    [
      { value: 'GET_HIRED_FAST', label: 'Getting hired quickly' },
      { value: 'HIGHER_PAY', label: 'Higher pay' },
      { value: 'BETTER_FIT', label: 'Work I enjoy' },
      { value: 'CAREER_CHANGE', label: 'Changing careers' },
      { value: 'FIRST_JOB', label: 'Landing my first job' },
    ],
  ),
  'plan-ready': {
    kind: 'plan-ready',
    heading: 'Your plan is ready',
    lead: 'Built from your answers. Start it now; you can change any answer later.',
    seconds: 15,
  },
  success: {
    kind: 'success',
    heading: "You're all set",
    lead: 'Your plan has started. Create an account to keep it on any device.',
    seconds: 25,
  },
}

/** The answer a step writes, if it asks a question. */
export function answerFieldOf(definition: StepDefinition): AnswerField | null {
  switch (definition.kind) {
    case 'single-choice':
    case 'multiple-choice':
      return definition.field
    case 'job-preferences':
      return 'jobPreferences'
    case 'accomplishment':
      return 'jobAccomplishment'
    case 'salary':
      return 'minimumSalary'
    case 'interview-goal':
      return 'interviewsAchievable'
    default:
      return null
  }
}

/** The only question that may be skipped: typing a story is the slowest answer. */
const OPTIONAL_ANSWERS: readonly AnswerField[] = ['jobAccomplishment']

/** The step that asks each answer. */
export const ANSWER_STEPS = new Map<AnswerField, OnboardingStep>(
  ONBOARDING_STEPS.flatMap((step) => {
    const field = answerFieldOf(STEP_DEFINITIONS[step])
    return field ? [[field, step] as const] : []
  }),
)

/** Every answer the plan is built from: all but the optional ones. */
export const REQUIRED_ANSWERS: readonly AnswerField[] = [...ANSWER_STEPS.keys()].filter(
  (field) => !OPTIONAL_ANSWERS.includes(field),
)

/** The answers a step shows or builds on; it lists the missing ones instead of guessing. */
export function answersNeededBy(step: OnboardingStep): readonly AnswerField[] {
  switch (STEP_DEFINITIONS[step].kind) {
    case 'interview-goal':
      return ['jobTimeline', 'interviewsPerWeek']
    case 'projection':
      return PLAN_ANSWERS
    case 'plan-ready':
      return REQUIRED_ANSWERS
    default:
      return []
  }
}

export function isAnswered(field: AnswerField, wizard: Wizard): boolean {
  const value = wizard[field]
  if (field === 'jobPreferences') {
    return Object.keys(preferencesProblems(wizard.jobPreferences)).length === 0
  }
  return Array.isArray(value) ? value.length > 0 : value !== null
}

/** The steps, in wizard order, whose answers `step` needs and does not have yet. */
export function stepsMissingFor(step: OnboardingStep, wizard: Wizard): OnboardingStep[] {
  const missing = answersNeededBy(step).filter((field) => !isAnswered(field, wizard))
  return ONBOARDING_STEPS.filter((candidate) =>
    missing.some((field) => ANSWER_STEPS.get(field) === candidate),
  )
}

/** The steps still ahead of a person on `step`: that step itself and every step after it. */
export function stepsLeftFrom(step: OnboardingStep): readonly OnboardingStep[] {
  return ONBOARDING_STEPS.slice(getStepIndex(step))
}

/** The time budget of the steps left from `step`, in seconds. */
export function secondsLeftFrom(step: OnboardingStep): number {
  return stepsLeftFrom(step).reduce((total, each) => total + STEP_DEFINITIONS[each].seconds, 0)
}

/** What the progress line says is left: the steps and their time, from the same list. */
export function timeLeftLabel(step: OnboardingStep): string {
  const steps = stepsLeftFrom(step).length
  const seconds = secondsLeftFrom(step)
  if (steps === 1) {
    return 'Last step'
  }
  const time = seconds < 60 ? 'under a minute' : `about ${Math.round(seconds / 60)} min`
  return `${steps} steps left · ${time}`
}
