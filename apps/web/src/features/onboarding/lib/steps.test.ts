import { describe, expect, it } from 'vitest'
import {
  FIRST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  formatStepTitle,
  getStepIndex,
  isOnboardingStep,
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

  it('turns a step slug into a title', () => {
    expect(formatStepTitle('interviews-per-week')).toBe('Interviews per week')
    expect(formatStepTitle('success')).toBe('Success')
  })
})
