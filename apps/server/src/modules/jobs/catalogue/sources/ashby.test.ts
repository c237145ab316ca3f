import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ashby } from './ashby.ts'

const feed = readFileSync(new URL('./fixtures/ashby-harborfinch.json', import.meta.url), 'utf8')

describe('the Ashby parser', () => {
  const { jobs, skipped } = ashby.parse(feed, {
    board: 'harborfinch',
    companyName: 'Harbor & Finch',
  })
  const [analyst, backend, coordinator] = jobs

  it('skips a job the board does not list', () => {
    expect(jobs.map((job) => job.title)).toEqual([
      'Senior Data Analyst',
      'Backend Engineer (Go)',
      'Recruiting Coordinator (Contract, 6 months)',
    ])
    expect(skipped).toEqual([
      { sourceId: '9b2f6a4c-7d1e-4e0a-8f53-1c2d3e4f5a63', reason: 'not listed on the board' },
    ])
  })

  it('reads the structured addresses, secondary locations and compensation components', () => {
    expect(analyst).toMatchObject({
      places: [
        { name: 'London', region: 'England', countryCode: 'GB' },
        { name: 'Manchester', region: 'England', countryCode: 'GB' },
      ],
      workLocation: 'HYBRID',
      jobType: 'FULL_TIME',
      experienceLevel: 'SENIOR_LEVEL',
      salary: { min: 70000, max: 85000, currency: 'GBP', period: 'YEAR' },
      // Equity and bonus come from the compensation, the rest from the text.
      benefits: ['HEALTH_INSURANCE', 'RETIREMENT_PLAN', 'PARENTAL_LEAVE', 'EQUITY', 'BONUS'],
      postedAt: new Date('2026-11-05T09:30:00Z'),
    })
    // The <h1> of the description is demoted below the page's own heading.
    expect(analyst!.descriptionHtml.startsWith('<h2>Senior Data Analyst</h2>')).toBe(true)
  })

  it('uses the older isRemote flag, the text for pay, and the job URL without an apply URL', () => {
    expect(backend).toMatchObject({
      workLocation: 'REMOTE',
      places: [{ name: 'United States', region: null, countryCode: 'US' }],
      location: 'Remote (United States)',
      salary: { min: 140000, max: 170000, currency: 'USD', period: 'YEAR' },
      skills: ['Go'],
      applyUrl: 'https://jobs.ashbyhq.com/harborfinch/9b2f6a4c-7d1e-4e0a-8f53-1c2d3e4f5a62',
    })
  })

  it('maps employmentType "Contract" and an hourly salary component', () => {
    expect(coordinator).toMatchObject({
      jobType: 'CONTRACT',
      workLocation: 'ONSITE',
      salary: { min: 45, max: 55, currency: 'EUR', period: 'HOUR' },
      salaryYearly: { min: 93600, max: 114400 },
      places: [{ name: 'Amsterdam', region: 'North Holland', countryCode: 'NL' }],
    })
  })
})
