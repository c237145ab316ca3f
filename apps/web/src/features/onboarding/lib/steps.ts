/**
 * The onboarding wizard's steps, in the order they are shown (ADR 0012; the list itself is in
 * `@app/contracts`, so the browser tests walk the same steps). The spec names the
 * steps and the entry step; the order after the entry is ours: the spec's list, which already
 * runs from the search today, to the jobs wanted, to the projection, the goal and the plan.
 */
import { ONBOARDING_STEPS } from '@app/contracts'

export { ONBOARDING_STEPS }

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
