import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FeedFormatError } from './feed-source.ts'
import { jsonLd } from './json-ld.ts'

const page = readFileSync(
  new URL('./fixtures/jsonld-northwind-careers.html', import.meta.url),
  'utf8',
)
const board = 'https://careers.northwind-robotics.example/jobs'

describe('the JSON-LD parser', () => {
  const { jobs, skipped } = jsonLd.parse(page, { board })
  const [designer, technician, support] = jobs

  it('finds JobPostings in an @graph and in an array, and skips an unreadable block', () => {
    expect(jobs.map((job) => job.title)).toEqual([
      'Product Designer',
      'Robotics Field Technician',
      'Remote Support Engineer',
    ])
    expect(skipped).toEqual([{ sourceId: 'block 3', reason: 'unreadable JSON-LD block' }])
  })

  it('reads a PropertyValue identifier, the organisation, baseSalary and validThrough', () => {
    expect(designer).toMatchObject({
      sourceId: 'NR-PD-7',
      companyName: 'Northwind Robotics',
      companySize: '51-200',
      places: [{ name: 'London', region: 'England', countryCode: 'GB' }],
      jobType: 'FULL_TIME',
      salary: { min: 65000, max: 80000, currency: 'GBP', period: 'YEAR' },
      postedAt: new Date('2026-11-02T00:00:00Z'),
      expiresAt: new Date('2027-01-31T23:59:59Z'),
      applyUrl: 'https://careers.northwind-robotics.example/jobs/product-designer',
      dedupeKey: 'northwind robotics|product designer|london',
    })
  })

  it('decodes an entity-escaped description, reads several places, an hourly rate and jobBenefits', () => {
    expect(technician).toMatchObject({
      sourceId: 'NR-FT-3',
      companyName: 'Northwind Robotics',
      places: [
        { name: 'Austin', region: 'Texas', countryCode: 'US' },
        { name: 'Dallas', region: 'Texas', countryCode: 'US' },
      ],
      salary: { min: 32, max: 40, currency: 'USD', period: 'HOUR' },
      educationLevel: 'ASSOCIATE',
      experienceLevel: 'MID_LEVEL',
      benefits: ['HEALTH_INSURANCE', 'DENTAL_VISION', 'PAID_TIME_OFF'],
      applyUrl: board,
    })
    expect(technician!.descriptionHtml).toMatch(/^<p>Install and service/)
    expect(technician!.descriptionHtml).toContain('<h3>Benefits</h3>')
  })

  it('reads TELECOMMUTE as remote in the countries of applicantLocationRequirements', () => {
    expect(support).toMatchObject({
      sourceId: '4471',
      workLocation: 'REMOTE',
      places: [{ name: 'United States', region: null, countryCode: 'US' }],
      expiresAt: new Date('2026-09-30T00:00:00Z'),
    })
  })

  it('refuses a page without JSON-LD', () => {
    expect(() => jsonLd.parse('<html><body>Jobs</body></html>', { board })).toThrow(FeedFormatError)
  })
})
