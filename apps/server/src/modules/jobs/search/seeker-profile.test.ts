import type { Wizard } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { profileSkills, profileTitles, seekerFrom } from './seeker-profile.ts'

describe('the seeker a search ranks for', () => {
  it('reads skills as strings, {name} or JSON Resume {name, keywords}, once each', () => {
    expect(
      profileSkills({
        skills: [
          'TypeScript',
          { name: 'React' },
          { name: 'Web', keywords: ['HTML', 'CSS'] },
          'React',
          42,
        ],
      }),
    ).toEqual(['TypeScript', 'React', 'Web', 'HTML', 'CSS'])
    expect(profileSkills({})).toEqual([])
    expect(profileSkills(null)).toEqual([])
  })

  it('reads the titles held, newest first, from the usual resume shapes', () => {
    expect(
      profileTitles({
        basics: { label: 'Frontend Engineer' },
        work: [{ position: 'Senior Frontend Engineer' }, { position: 'Web Developer' }],
        experience: [{ title: 'Intern' }, { title: 'Too old' }],
      }),
    ).toEqual(['Frontend Engineer', 'Senior Frontend Engineer', 'Web Developer', 'Intern'])
    expect(profileTitles({ headline: '  ' })).toEqual([])
  })

  it('combines onboarding answers and profile, titles with their O*NET occupation', () => {
    const wizard = {
      jobTypes: ['FULL_TIME'],
      jobPreferences: {
        jobTitles: ['Software Engineer'],
        workLocations: ['REMOTE'],
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      },
      experienceLevel: 'SENIOR_LEVEL',
      minimumSalary: 0,
    } as unknown as Wizard
    const { seeker, defaultFilters } = seekerFrom(wizard, { skills: ['TypeScript'] })
    expect(defaultFilters).toEqual({
      types: ['FULL_TIME'],
      jobTitles: ['Software Engineer'],
      workLocations: ['REMOTE'],
      locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      experienceLevels: ['SENIOR_LEVEL'],
    })
    expect(seeker).toEqual({
      skills: ['TypeScript'],
      titles: [{ title: 'Software Engineer', onetCode: '15-1252.00' }],
      experienceLevel: 'SENIOR_LEVEL',
      workLocations: ['REMOTE'],
      places: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      minimumSalary: null,
      minimumSalaryCurrency: null,
    })
  })

  it('knows nothing of a user without answers or profile', () => {
    expect(seekerFrom(null, null)).toEqual({
      seeker: {
        skills: [],
        titles: [],
        experienceLevel: null,
        workLocations: [],
        places: [],
        minimumSalary: null,
        minimumSalaryCurrency: null,
      },
      defaultFilters: {},
    })
  })
})
