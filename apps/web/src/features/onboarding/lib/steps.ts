/**
 * The onboarding wizard's steps, in the order they are shown (ADR 0012). The spec names the
 * steps and the entry step; the order after the entry is ours: the spec's list, which already
 * runs from the search today, to the jobs wanted, to the projection, the goal and the plan.
 */
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

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

export const FIRST_ONBOARDING_STEP: OnboardingStep = ONBOARDING_STEPS[0]

export function isOnboardingStep(value: string): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value)
}

/** Zero-based position of a step in the wizard. */
export function getStepIndex(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step)
}

export function previousStepOf(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[getStepIndex(step) - 1] ?? null
}

export function nextStepOf(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[getStepIndex(step) + 1] ?? null
}
