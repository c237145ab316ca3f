/**
 * The onboarding wizard's steps, in the order they are shown. The spec names the steps and the
 * entry step; the order after the entry is ours.
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

/** "interviews-per-week" → "Interviews per week". */
export function formatStepTitle(step: OnboardingStep): string {
  const words = step.replaceAll('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
