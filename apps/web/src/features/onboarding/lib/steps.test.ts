import { describe, expect, it } from 'vitest'
import {
  FIRST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  getStepIndex,
  isOnboardingStep,
  nextStepOf,
  previousStepOf,
} from './steps'

describe('onboarding steps', () => {
  it('lists the 17 steps of the spec, starting with job-search-status', () => {
    expect(ONBOARDING_STEPS).toHaveLength(17)
    expect(new Set(ONBOARDING_STEPS).size).toBe(17)
    expect(FIRST_ONBOARDING_STEP).toBe('job-search-status')
    expect(getStepIndex('success')).toBe(16)
  })

  it('recognises only known steps', () => {
    expect(isOnboardingStep('plan-ready')).toBe(true)
    expect(isOnboardingStep('plan-ready/')).toBe(false)
    expect(isOnboardingStep('')).toBe(false)
  })

  it('knows the step before and after each one', () => {
    expect(previousStepOf('job-search-status')).toBeNull()
    expect(previousStepOf('job-search-apps')).toBe('job-search-status')
    expect(nextStepOf('plan-ready')).toBe('success')
    expect(nextStepOf('success')).toBeNull()
  })
})
