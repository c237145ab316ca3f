import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { workable } from './workable.ts'

const feed = readFileSync(new URL('./fixtures/workable-quillstone.json', import.meta.url), 'utf8')

describe('the Workable parser', () => {
  const { jobs, skipped } = workable.parse(feed, { board: 'quillstone' })
  const [product, success, warehouse, accountant] = jobs

  it('reads every job under its shortcode, the company from the account', () => {
    expect(skipped).toEqual([])
    expect(jobs.map((job) => job.sourceId)).toEqual([
      '4C1D2E3F5A',
      '4C1D2E3F5B',
      '4C1D2E3F5C',
      '4C1D2E3F5D',
    ])
    expect(new Set(jobs.map((job) => job.companyName))).toEqual(new Set(['Quillstone']))
  })

  it("maps Workable's experience, education and industry labels", () => {
    expect(product).toMatchObject({
      experienceLevel: 'MID_LEVEL',
      educationLevel: 'BACHELOR',
      industry: 'Computer Software',
      jobType: 'FULL_TIME',
      places: [{ name: 'New York', region: 'New York', countryCode: 'US' }],
      salary: { min: 130000, max: 160000, currency: 'USD', period: 'YEAR' },
      benefits: ['HEALTH_INSURANCE', 'DENTAL_VISION', 'RETIREMENT_PLAN', 'BONUS'],
      postedAt: new Date('2026-11-08T00:00:00Z'),
    })
  })

  it('reads telecommuting as remote and leaves out hidden locations', () => {
    expect(success).toMatchObject({
      workLocation: 'REMOTE',
      experienceLevel: 'ENTRY_LEVEL',
      educationLevel: null,
      places: [
        { name: 'Germany', region: null, countryCode: 'DE' },
        { name: 'Vienna', region: 'Vienna', countryCode: 'AT' },
      ],
      benefits: ['PAID_TIME_OFF', 'REMOTE_STIPEND', 'LEARNING_BUDGET'],
      skills: ['HubSpot', 'Salesforce'],
    })
  })

  it('falls back to the separate city, state and country fields', () => {
    expect(warehouse).toMatchObject({
      places: [{ name: 'Manchester', region: 'England', countryCode: 'GB' }],
      jobType: 'TEMPORARY',
      educationLevel: 'HIGH_SCHOOL',
      salary: { min: 12.5, max: 12.5, currency: 'GBP', period: 'HOUR' },
      applyUrl: 'https://apply.workable.com/j/4C1D2E3F5C',
    })
    expect(accountant).toMatchObject({
      places: [{ name: 'Austin', region: 'Texas', countryCode: 'US' }],
      experienceLevel: 'SENIOR_LEVEL',
      postedAt: new Date('2026-11-01T00:00:00Z'),
    })
  })
})
