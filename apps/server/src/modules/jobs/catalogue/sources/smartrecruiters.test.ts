import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { smartrecruiters } from './smartrecruiters.ts'

const feed = readFileSync(
  new URL('./fixtures/smartrecruiters-tidewatersystems.json', import.meta.url),
  'utf8',
)

describe('the SmartRecruiters parser', () => {
  const { jobs, skipped } = smartrecruiters.parse(feed, { board: 'TidewaterSystems' })
  const [backend, nurse, manager] = jobs

  it('reads the postings of the list, skipping one without a name', () => {
    expect(jobs).toHaveLength(3)
    expect(skipped).toEqual([
      {
        sourceId: '744000012345681',
        reason: expect.stringMatching(/^unreadable item \(name/) as string,
      },
    ])
  })

  it('reads location.remote, releasedDate, a salary customField and the ad sections', () => {
    expect(backend).toMatchObject({
      companyName: 'Tidewater Systems',
      workLocation: 'REMOTE',
      places: [{ name: 'Austin', region: 'Texas', countryCode: 'US' }],
      postedAt: new Date('2026-11-03T10:00:00Z'),
      industry: 'Computer Software',
      jobType: 'FULL_TIME',
      experienceLevel: 'MID_LEVEL',
      salary: { min: 150000, max: 180000, currency: 'USD', period: 'YEAR' },
      companySize: '501-1000',
      skills: ['Go', 'Google Cloud', 'Kubernetes', 'Kafka'],
    })
    expect(backend!.descriptionHtml).toContain('<h3>Qualifications</h3><ul><li>4+ years')
  })

  it('reads a lower-case country code and builds the apply URL from the posting id', () => {
    expect(nurse).toMatchObject({
      normalizedTitle: 'Registered Nurses',
      places: [{ name: 'Manchester', region: 'England', countryCode: 'GB' }],
      salary: { min: 35000, max: 42000, currency: 'GBP', period: 'YEAR' },
      benefits: ['RETIREMENT_PLAN', 'PAID_TIME_OFF'],
      applyUrl: 'https://jobs.smartrecruiters.com/TidewaterSystems/744000012345679',
    })
  })

  it('imports a posting without its detail, reading location.hybrid and the region code', () => {
    expect(manager).toMatchObject({
      workLocation: 'HYBRID',
      places: [{ name: 'Melbourne', region: 'Victoria', countryCode: 'AU' }],
      jobType: 'FULL_TIME',
      description: '',
    })
  })
})
