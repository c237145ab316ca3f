import {
  EXPERIENCE_LEVELS,
  JOB_BLOCKERS,
  JOB_SEARCH_APPS,
  JOB_SEARCH_STATUSES,
  JOB_TIMELINES,
  JOB_TYPES,
  USER_GOALS,
  type Wizard,
} from '@app/contracts'
import { unansweredWizard } from '@app/contracts/testing'
import { describe, expect, it } from 'vitest'
import {
  REQUIRED_ANSWERS,
  STEP_DEFINITIONS,
  isAnswered,
  secondsLeftFrom,
  stepsLeftFrom,
  stepsMissingFor,
  timeLeftLabel,
} from './step-registry'
import { ONBOARDING_STEPS } from './steps'

const EMPTY: Wizard = unansweredWizard({ user_id: 'a3c2f1de-6f52-4c3a-8a3e-0c0b8c1a2b3c' })

const COMPLETE: Wizard = {
  ...EMPTY,
  jobSearchStatus: 'ACTIVELY_APPLYING',
  jobSearchApps: ['LINKEDIN'],
  jobTimeline: 'ASAP',
  jobTypes: ['FULL_TIME'],
  jobPreferences: { jobTitles: ['Nurse'], workLocations: ['REMOTE'], locations: [] },
  jobBlocker: 'FINDING_JOBS',
  experienceLevel: 'MID_LEVEL',
  minimumSalary: 0,
  interviewsPerWeek: 0,
  interviewsAchievable: 2,
  userGoal: 'BETTER_FIT',
}

describe('the step registry', () => {
  it('defines every step, with a heading and a time budget under 3 minutes in all', () => {
    expect(Object.keys(STEP_DEFINITIONS).sort()).toEqual([...ONBOARDING_STEPS].sort())
    for (const step of ONBOARDING_STEPS) {
      expect(STEP_DEFINITIONS[step].heading, step).not.toBe('')
    }
    expect(secondsLeftFrom('job-search-status')).toBeLessThan(180)
    expect(secondsLeftFrom('success')).toBe(STEP_DEFINITIONS.success.seconds)
  })

  it('counts the time left from the steps left: the current step and the ones after it', () => {
    for (const [index, step] of ONBOARDING_STEPS.entries()) {
      const left = ONBOARDING_STEPS.slice(index)
      expect(stepsLeftFrom(step), step).toEqual(left)
      expect(secondsLeftFrom(step), step).toBe(
        left.reduce((total, each) => total + STEP_DEFINITIONS[each].seconds, 0),
      )
    }
    expect(timeLeftLabel('job-search-status')).toBe('17 steps left · about 3 min')
    expect(timeLeftLabel('results-comparison')).toBe('5 steps left · about 1 min')
    expect(timeLeftLabel('potential-success')).toBe('4 steps left · under a minute')
    expect(timeLeftLabel('success')).toBe('Last step')
  })

  it('offers exactly the vocabulary of the contracts in each choice step', () => {
    const vocabulary: Record<string, readonly (string | number)[]> = {
      jobSearchStatus: JOB_SEARCH_STATUSES,
      jobSearchApps: JOB_SEARCH_APPS,
      jobTimeline: JOB_TIMELINES,
      jobTypes: JOB_TYPES,
      jobBlocker: JOB_BLOCKERS,
      experienceLevel: EXPERIENCE_LEVELS,
      userGoal: USER_GOALS,
      interviewsPerWeek: [0, 1, 2, 3, 4, 5],
    }
    const fields = new Set<string>()
    for (const definition of Object.values(STEP_DEFINITIONS)) {
      if (definition.kind === 'single-choice' || definition.kind === 'multiple-choice') {
        fields.add(definition.field)
        expect(definition.options.map((option) => option.value)).toEqual(
          vocabulary[definition.field],
        )
      }
    }
    expect([...fields].sort()).toEqual(Object.keys(vocabulary).sort())
  })

  it('requires every answer but the accomplishment', () => {
    expect([...REQUIRED_ANSWERS].sort()).toEqual(
      [
        'experienceLevel',
        'interviewsAchievable',
        'interviewsPerWeek',
        'jobBlocker',
        'jobPreferences',
        'jobSearchApps',
        'jobSearchStatus',
        'jobTimeline',
        'jobTypes',
        'minimumSalary',
        'userGoal',
      ].sort(),
    )
    expect(REQUIRED_ANSWERS.every((field) => isAnswered(field, COMPLETE))).toBe(true)
  })

  it('counts an empty list, preferences with a gap, and null as unanswered, but 0 as an answer', () => {
    expect(isAnswered('jobTypes', { ...COMPLETE, jobTypes: [] })).toBe(false)
    expect(isAnswered('minimumSalary', COMPLETE)).toBe(true)
    expect(isAnswered('minimumSalary', EMPTY)).toBe(false)
    const onsiteNowhere = { jobTitles: ['Nurse'], workLocations: ['ONSITE' as const] }
    expect(isAnswered('jobPreferences', { ...COMPLETE, jobPreferences: onsiteNowhere })).toBe(false)
  })

  it('lists the steps whose answers a step builds on and lacks, in wizard order', () => {
    expect(stepsMissingFor('job-types', EMPTY)).toEqual([])
    expect(stepsMissingFor('interviews-achievable', EMPTY)).toEqual([
      'job-timeline',
      'interviews-per-week',
    ])
    expect(
      stepsMissingFor('potential-success', { ...COMPLETE, interviewsAchievable: null }),
    ).toEqual(['interviews-achievable'])
    expect(stepsMissingFor('plan-ready', COMPLETE)).toEqual([])
    expect(
      stepsMissingFor('plan-ready', { ...COMPLETE, jobBlocker: null, userGoal: null }),
    ).toEqual(['job-blocker', 'user-goal'])
  })
})
