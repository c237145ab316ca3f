import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { lever } from './lever.ts'

const feed = readFileSync(new URL('./fixtures/lever-bluepeak.json', import.meta.url), 'utf8')

describe('the Lever parser', () => {
  const { jobs, skipped } = lever.parse(feed, {
    board: 'bluepeak',
    companyName: 'Bluepeak Analytics',
  })
  const [fullStack, support, sales, intern] = jobs

  it('reads the bare array, skipping a posting whose createdAt is not epoch milliseconds', () => {
    expect(jobs).toHaveLength(4)
    expect(skipped).toEqual([
      {
        sourceId: '5f0c6d1e-3a2b-4c55-9b1e-2f7d0c1a9e05',
        reason: expect.stringMatching(/^unreadable item \(createdAt/) as string,
      },
    ])
  })

  it('joins description, lists and additional into one document and reads the salaryRange', () => {
    expect(fullStack).toMatchObject({
      sourceId: '5f0c6d1e-3a2b-4c55-9b1e-2f7d0c1a9e01',
      title: 'Full-Stack Developer',
      normalizedTitle: 'Software Developers',
      companyName: 'Bluepeak Analytics',
      postedAt: new Date('2026-11-02T10:15:00Z'),
      jobType: 'FULL_TIME',
      workLocation: 'HYBRID',
      places: [
        { name: 'Berlin', region: 'Berlin', countryCode: 'DE' },
        { name: 'Hamburg', region: 'Hamburg', countryCode: 'DE' },
      ],
      location: 'Berlin, Germany +1 more (hybrid)',
      salary: { min: 65000, max: 80000, currency: 'EUR', period: 'YEAR' },
      companySize: '51-200',
      benefits: ['PAID_TIME_OFF', 'LEARNING_BUDGET'],
      applyUrl: 'https://jobs.lever.co/bluepeak/5f0c6d1e-3a2b-4c55-9b1e-2f7d0c1a9e01/apply',
    })
    expect(fullStack!.descriptionHtml).toContain(
      "<h3>What you'll do</h3><ul><li>Build product features in TypeScript, Node.js and React</li>",
    )
    expect(fullStack!.skills).toEqual(['Node.js', 'PostgreSQL', 'React', 'TypeScript'])
  })

  it('applies the posting country to a remote place and reads a monthly wage from the text', () => {
    expect(support).toMatchObject({
      workLocation: 'REMOTE',
      places: [{ name: 'Portugal', region: null, countryCode: 'PT' }],
      location: 'Remote (Portugal)',
      jobType: 'PART_TIME',
      salary: { min: 1400, max: 1400, currency: 'EUR', period: 'MONTH' },
      salaryYearly: { min: 16800, max: 16800 },
    })
  })

  it('turns an hourly salaryRange into a yearly figure of 2,080 hours', () => {
    expect(sales).toMatchObject({
      workLocation: 'ONSITE',
      places: [{ name: 'Toronto', region: 'Ontario', countryCode: 'CA' }],
      salary: { min: 28, max: 34, currency: 'CAD', period: 'HOUR' },
      salaryYearly: { min: 58240, max: 70720 },
      experienceLevel: 'ENTRY_LEVEL',
      benefits: ['HEALTH_INSURANCE', 'DENTAL_VISION'],
    })
  })

  it('falls back to the text for an unspecified workplace, and to the hosted URL to apply', () => {
    expect(intern).toMatchObject({
      workLocation: 'HYBRID',
      jobType: 'INTERNSHIP',
      experienceLevel: 'INTERNSHIP',
      educationLevel: 'BACHELOR',
      normalizedTitle: 'Market Research Analysts and Marketing Specialists',
      applyUrl: 'https://jobs.lever.co/bluepeak/5f0c6d1e-3a2b-4c55-9b1e-2f7d0c1a9e04',
    })
  })

  it('names the company after the site when it is not given', () => {
    expect(lever.parse(feed, { board: 'bluepeak' }).jobs[0]!.companyName).toBe('Bluepeak')
  })
})
