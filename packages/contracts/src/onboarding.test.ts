import { describe, expect, it } from 'vitest'
import { JobFiltersSchema } from './job-filters.ts'
import {
  type Wizard,
  WizardRowSchema,
  defaultJobFiltersFromWizard,
  wizardColumnsFromPatch,
} from './onboarding.ts'
import { unansweredWizardRow } from './testing/index.ts'

const EMPTY_ROW = unansweredWizardRow({
  user_id: '6c1f0b52-58a4-4a43-9a36-3b1f4d7f2f11',
  created_at: '2026-11-21T10:00:00+00:00',
  updated_at: '2026-11-21T10:00:00+00:00',
})

const ANSWERED: Wizard = {
  ...WizardRowSchema.parse(EMPTY_ROW),
  jobTypes: ['FULL_TIME', 'CONTRACT'],
  jobPreferences: {
    jobTitles: ['Data analyst'],
    workLocations: ['REMOTE', 'HYBRID'],
    locations: [
      { name: 'Berlin', isCountry: false, countryCode: 'DE' },
      { name: 'Austria', isCountry: true, countryCode: 'AT' },
    ],
  },
  experienceLevel: 'MID_LEVEL',
  minimumSalary: 65_000,
}

describe('defaultJobFiltersFromWizard', () => {
  it('turns job types, preferences, experience level and minimum salary into job filters', () => {
    const filters = defaultJobFiltersFromWizard(ANSWERED)
    expect(filters).toEqual({
      types: ['FULL_TIME', 'CONTRACT'],
      jobTitles: ['Data analyst'],
      workLocations: ['REMOTE', 'HYBRID'],
      locations: [
        { name: 'Berlin', isCountry: false, countryCode: 'DE' },
        { name: 'Austria', isCountry: true, countryCode: 'AT' },
      ],
      experienceLevels: ['MID_LEVEL'],
      minimumSalary: 65_000,
    })
    expect(JobFiltersSchema.parse(filters)).toEqual(filters)
  })

  it('adds no filter for an unanswered question, an empty list or a minimum salary of 0', () => {
    expect(defaultJobFiltersFromWizard(WizardRowSchema.parse(EMPTY_ROW))).toEqual({})
    expect(
      defaultJobFiltersFromWizard({
        ...ANSWERED,
        jobTypes: [],
        jobPreferences: { jobTitles: [], workLocations: ['ONSITE'] },
        experienceLevel: null,
        minimumSalary: 0,
      }),
    ).toEqual({ workLocations: ['ONSITE'] })
  })

  it('returns copies, so changing the filters never changes the answers', () => {
    const filters = defaultJobFiltersFromWizard(ANSWERED)
    filters.types?.push('INTERNSHIP')
    const [firstPlace] = filters.locations ?? []
    if (firstPlace) {
      firstPlace.name = 'Munich'
    }
    expect(ANSWERED.jobTypes).toEqual(['FULL_TIME', 'CONTRACT'])
    expect(ANSWERED.jobPreferences.locations?.[0]?.name).toBe('Berlin')
  })
})

describe('WizardRowSchema', () => {
  it('turns a row into camelCase, with timestamps from PostgREST or pg as ISO strings', () => {
    const fromRest = WizardRowSchema.parse({
      ...EMPTY_ROW,
      job_timeline: 'ASAP',
      completed_at: '2026-11-21T10:05:00+00:00',
    })
    expect(fromRest).toMatchObject({
      userId: EMPTY_ROW.user_id,
      currentStep: 'job-search-status',
      jobTimeline: 'ASAP',
      completedAt: '2026-11-21T10:05:00.000Z',
    })
    expect(fromRest).not.toHaveProperty('created_at')
    const fromPg = WizardRowSchema.parse({
      ...EMPTY_ROW,
      completed_at: new Date('2026-11-21T10:05:00Z'),
    })
    expect(fromPg.completedAt).toBe('2026-11-21T10:05:00.000Z')
  })

  it('reads preferences that do not parse as none, and refuses answers outside the vocabulary', () => {
    const row = { ...EMPTY_ROW, job_preferences: { workLocations: ['ON_THE_MOON'] } }
    expect(WizardRowSchema.parse(row).jobPreferences).toEqual({})
    expect(WizardRowSchema.safeParse({ ...EMPTY_ROW, job_types: ['full-time'] }).success).toBe(
      false,
    )
  })
})

describe('wizardColumnsFromPatch', () => {
  it('names the columns of an update', () => {
    expect(
      wizardColumnsFromPatch({
        currentStep: 'job-types',
        jobTypes: ['PART_TIME'],
        minimumSalary: 0,
      }),
    ).toEqual({ current_step: 'job-types', job_types: ['PART_TIME'], minimum_salary: 0 })
  })
})
