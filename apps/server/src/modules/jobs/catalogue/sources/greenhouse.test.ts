import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FeedFormatError } from './feed-source.ts'
import { greenhouse } from './greenhouse.ts'

const feed = readFileSync(
  new URL('./fixtures/greenhouse-northwindrobotics.json', import.meta.url),
  'utf8',
)
const context = { board: 'northwindrobotics', companyName: 'Northwind Robotics' }

describe('the Greenhouse parser', () => {
  const { jobs, skipped } = greenhouse.parse(feed, context)
  const byId = new Map(jobs.map((job) => [job.sourceId, job]))

  it('reads every job whose id comes as a number or a string, and skips one without a title', () => {
    expect(jobs.map((job) => job.sourceId)).toEqual(['4011001', '4011002', '4011003', '4011004'])
    expect(skipped).toEqual([
      { sourceId: '4011005', reason: expect.stringMatching(/^unreadable item \(title/) as string },
    ])
  })

  it('decodes the entity-escaped content once, then sanitises it', () => {
    const job = byId.get('4011001')!
    expect(job.descriptionHtml).toContain('<h2>What you’ll do</h2>')
    expect(job.descriptionHtml).toContain('Café culture')
    expect(job.descriptionHtml).toContain('data model &amp; event pipeline')
    expect(job.descriptionHtml).not.toMatch(/<script|javascript:|class=/)
    expect(job.description).toContain('• Own our PostgreSQL data model & event pipeline (Kafka)')
  })

  it('normalises the title, reads remote, seniority, education, benefits and pay from the text', () => {
    expect(byId.get('4011001')).toMatchObject({
      source: 'greenhouse',
      sourceBoard: 'northwindrobotics',
      title: 'Sr. Software Engineer II (Remote)',
      normalizedTitle: 'Software Developers',
      onetCode: '15-1252.00',
      companyName: 'Northwind Robotics',
      companySize: '51-200',
      places: [{ name: 'San Francisco', region: 'California', countryCode: 'US' }],
      workLocation: 'REMOTE',
      location: 'Remote (San Francisco, United States)',
      experienceLevel: 'SENIOR_LEVEL',
      educationLevel: 'BACHELOR',
      salary: { min: 150000, max: 190000, currency: 'USD', period: 'YEAR' },
      salaryYearly: { min: 150000, max: 190000 },
      benefits: ['HEALTH_INSURANCE', 'DENTAL_VISION', 'RETIREMENT_PLAN', 'PAID_TIME_OFF', 'EQUITY'],
      skills: ['Go', 'TypeScript', 'AWS', 'Kubernetes', 'PostgreSQL', 'Kafka'],
      applyUrl: 'https://boards.greenhouse.io/northwindrobotics/jobs/4011001',
      postedAt: new Date('2026-10-28T18:02:11Z'),
      sourceUpdatedAt: new Date('2026-11-10T14:12:44Z'),
    })
  })

  it('takes employment type, a currency_range salary and the workplace from metadata', () => {
    expect(byId.get('4011002')).toMatchObject({
      jobType: 'FULL_TIME',
      salary: { min: 65000, max: 80000, currency: 'GBP', period: 'YEAR' },
      workLocation: 'HYBRID',
      places: [{ name: 'London', region: 'England', countryCode: 'GB' }],
      location: 'London, United Kingdom (hybrid)',
    })
  })

  it('reads "Berlin, DE" as Germany, a German salary, and the job type from the title', () => {
    expect(byId.get('4011003')).toMatchObject({
      places: [{ name: 'Berlin', region: 'Berlin', countryCode: 'DE' }],
      jobType: 'CONTRACT',
      experienceLevel: 'MID_LEVEL',
      salary: { min: 55000, max: 65000, currency: 'EUR', period: 'YEAR' },
      benefits: ['FLEXIBLE_HOURS'],
      skills: ['SQL', 'Python', 'Tableau'],
      // first_published is null: the update date stands in.
      postedAt: new Date('2026-11-14T15:30:00Z'),
    })
  })

  it('gives the same job posted twice the same dedupe key', () => {
    expect(byId.get('4011004')!.dedupeKey).toBe(byId.get('4011001')!.dedupeKey)
    expect(byId.get('4011001')!.dedupeKey).toBe(
      'northwind robotics|senior software engineer ii|san francisco',
    )
  })

  it('names the company after the board when it is not given', () => {
    const { jobs: named } = greenhouse.parse(feed, { board: 'northwind-robotics' })
    expect(named[0]!.companyName).toBe('Northwind Robotics')
  })

  it('refuses a body that is not a Greenhouse feed', () => {
    expect(() => greenhouse.parse('<html></html>', context)).toThrow(FeedFormatError)
    expect(() => greenhouse.parse('{"postings": []}', context)).toThrow(
      /not a greenhouse feed \(jobs/,
    )
  })
})
