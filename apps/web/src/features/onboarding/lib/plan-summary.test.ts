import { WizardRowSchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { answerLabel, describeJobFilters } from './plan-summary'

const wizard = WizardRowSchema.parse({
  user_id: '5b0e6f2c-1d7a-4f0e-9a52-2f3d4c5b6a79',
  current_step: 'plan-ready',
  job_search_status: 'ACTIVELY_APPLYING',
  job_search_apps: ['LINKEDIN'],
  job_timeline: 'ASAP',
  job_types: ['FULL_TIME', 'CONTRACT'],
  job_preferences: {
    jobTitles: ['Data analyst', 'BI developer'],
    workLocations: ['REMOTE', 'HYBRID'],
    locations: [{ name: 'Berlin', isCountry: false, countryCode: 'DE' }],
  },
  job_blocker: 'FINDING_JOBS',
  job_accomplishment: null,
  experience_level: 'MID_LEVEL',
  minimum_salary: 65000,
  interviews_per_week: 1,
  interviews_achievable: 2,
  user_goal: 'HIGHER_PAY',
  completed_at: null,
})

describe('describeJobFilters', () => {
  it('puts the default job filters into words, each with the step that changes it', () => {
    expect(describeJobFilters(wizard)).toEqual([
      { label: 'Roles', value: 'Data analyst, BI developer', step: 'job-preferences' },
      { label: 'Job types', value: 'Full-time, Contract or freelance', step: 'job-types' },
      { label: 'Where', value: 'Remote, Hybrid · Berlin', step: 'job-preferences' },
      { label: 'Level', value: 'Mid level', step: 'experience-level' },
      { label: 'Pay', value: 'From 65,000 a year', step: 'minimum-salary' },
    ])
  })

  it('says "Any" where an answer sets no filter', () => {
    const lines = describeJobFilters({
      ...wizard,
      jobTypes: null,
      jobPreferences: {},
      experienceLevel: null,
      minimumSalary: 0,
    })
    expect(lines.map((line) => line.value)).toEqual(['Any', 'Any', 'Anywhere', 'Any', 'Any'])
  })

  it('labels answers as their step shows them', () => {
    expect(answerLabel('user-goal', 'HIGHER_PAY')).toBe('Higher pay')
    expect(answerLabel('interviews-per-week', 5)).toBe('5 or more')
  })
})
