import type { JobBlocker, UserGoal, Wizard } from './onboarding.ts'
import { type SearchProjection, WORKDAYS_PER_WEEK, projectSearch } from './onboarding-projection.ts'

/**
 * The plan the wizard ends with (ADR 0012), from the answers: the weekly interview goal and the
 * matched applications it takes, the projection, what to focus on (from the blocker) and the
 * story to practise (the accomplishment). The plan-ready step shows it; the onboarding messages
 * repeat it over the first days.
 */

export type PlanFocus = { title: string; body: string }

/** What the plan puts first for each blocker. */
export const BLOCKER_FOCUS: Record<JobBlocker, PlanFocus> = {
  FEW_RESPONSES: {
    title: 'Get more replies',
    body: 'Apply only to jobs that match you, and open your résumé with the results that matter for each one.',
  },
  FINDING_JOBS: {
    title: 'See only jobs that fit',
    body: 'Your answers are your job filters now: swipe through matches instead of searching job boards.',
  },
  APPLYING_TAKES_TIME: {
    title: 'Apply in minutes',
    body: 'Keep one résumé per kind of role and apply in one sitting a day, straight from your matches.',
  },
  INTERVIEWS_NO_OFFERS: {
    title: 'Turn interviews into offers',
    body: 'Practise the questions of your next interview out loud and go through the feedback before the real one.',
  },
  INTERVIEW_NERVES: {
    title: 'Walk in calm',
    body: 'A short practice interview before each real one, so no question comes as a surprise.',
  },
  STAYING_MOTIVATED: {
    title: 'Keep your momentum',
    body: 'A small daily target and a weekly look at your progress keep the search moving.',
  },
}

/** The answers a plan cannot do without; the other answers only add to it. */
export const PLAN_ANSWERS = ['jobTimeline', 'interviewsPerWeek', 'interviewsAchievable'] as const

export type OnboardingPlan = {
  goal: UserGoal | null
  interviewGoal: number
  applicationsPerWeek: number
  applicationsPerWorkday: number
  projection: SearchProjection
  focus: PlanFocus | null
  /** The accomplishment, to turn into an interview story. */
  story: string | null
}

export type PlanAnswers = Pick<
  Wizard,
  | 'jobTimeline'
  | 'interviewsPerWeek'
  | 'interviewsAchievable'
  | 'jobBlocker'
  | 'jobAccomplishment'
  | 'userGoal'
>

/** The plan, or null while an answer of `PLAN_ANSWERS` is missing. */
export function buildOnboardingPlan(answers: PlanAnswers): OnboardingPlan | null {
  const { jobTimeline, interviewsPerWeek, interviewsAchievable } = answers
  if (jobTimeline === null || interviewsPerWeek === null || interviewsAchievable === null) {
    return null
  }
  const projection = projectSearch({
    timeline: jobTimeline,
    interviewsPerWeek,
    interviewGoal: interviewsAchievable,
  })
  return {
    goal: answers.userGoal,
    interviewGoal: interviewsAchievable,
    applicationsPerWeek: projection.applicationsPerWeek,
    applicationsPerWorkday: Math.ceil(projection.applicationsPerWeek / WORKDAYS_PER_WEEK),
    projection,
    focus: answers.jobBlocker ? BLOCKER_FOCUS[answers.jobBlocker] : null,
    story: answers.jobAccomplishment?.trim() || null,
  }
}
