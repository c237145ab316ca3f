import type { JobFilters } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  buildCandidateQuery,
  buildCountQuery,
  buildNewJobsQuery,
  type JobSearchCriteria,
} from './job-search.sql.ts'

const USER = '6f1c2b1e-1d0a-4a53-9d43-5b1d2b3c4d5e'
const NOW = new Date('2026-11-21T12:00:00Z')

function criteria(filters: JobFilters, extra: Partial<JobSearchCriteria> = {}): JobSearchCriteria {
  return { userId: USER, now: NOW, filters, titles: { onetCodes: [], phrases: [] }, ...extra }
}

const EVERY_FILTER: JobFilters = {
  locations: [
    { name: "O'Fallon", countryCode: 'US', isCountry: false },
    { name: 'France', countryCode: 'FR', isCountry: true },
  ],
  countries: ['DE'],
  types: ['FULL_TIME'],
  experienceLevels: ['SENIOR_LEVEL', 'LEAD'],
  educationLevels: ['MASTER'],
  companySizes: ['51-200'],
  jobTitles: ['Software Engineer'],
  workLocations: ['REMOTE', 'HYBRID'],
  minimumSalary: 123457,
  benefits: ['EQUITY'],
  companies: ["Robert'); drop table jobs;--"],
  industries: ['Health Care'],
}
const EVERY_CRITERION = criteria(EVERY_FILTER, {
  titles: { onetCodes: ['15-1252.00'], phrases: ['Chief Vibes Officer'] },
  q: 'react -java "design systems"',
})

/** Every value a statement was given, as it would appear pasted into SQL. */
function valuesAsText(values: unknown[]): string[] {
  return values.flatMap((value) =>
    Array.isArray(value) ? value.map(String) : value instanceof Date ? [] : [String(value)],
  )
}

describe('the job search SQL', () => {
  it.each([
    ['candidates', buildCandidateQuery(EVERY_CRITERION, { before: null, until: null, limit: 60 })],
    ['count', buildCountQuery(EVERY_CRITERION, 1000)],
    ['new jobs', buildNewJobsQuery(EVERY_CRITERION, NOW, 10)],
  ])('%s: every value is a parameter, none is in the SQL text', (_, statement) => {
    const placeholders = [...statement.text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]))
    expect(Math.max(...placeholders)).toBe(statement.values.length)
    for (const value of valuesAsText(statement.values).filter((text) => text.length > 3)) {
      expect(statement.text).not.toContain(value)
    }
    expect(statement.text).not.toContain("O'Fallon")
    expect(statement.text).not.toContain('drop table')
  })

  it('turns each enumerated field into one facet overlap, AND across fields', () => {
    const { text, values } = buildCountQuery(
      criteria({ types: ['FULL_TIME', 'CONTRACT'], benefits: ['EQUITY'] }),
      1000,
    )
    expect(text.match(/j\.search_facets && \$\d+::text\[\]/g)).toHaveLength(2)
    expect(values).toContainEqual(['type:FULL_TIME', 'type:CONTRACT'])
    expect(values).toContainEqual(['benefit:EQUITY'])
  })

  it('matches a city within its country, a country by code, and remote jobs anywhere when asked', () => {
    const places = buildCountQuery(
      criteria({
        locations: [
          { name: 'Berlin', countryCode: 'DE', isCountry: false },
          { name: 'France', countryCode: 'FR', isCountry: true },
        ],
        countries: ['US'],
      }),
      1000,
    )
    expect(places.values).toContainEqual(['place:DE:berlin', 'country:FR'])
    expect(places.values).toContainEqual(['country:US'])

    const remote = buildCountQuery(
      criteria({
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
        countries: ['FR'],
        workLocations: ['REMOTE'],
      }),
      1000,
    )
    expect(remote.values).toContainEqual(['place:DE:berlin', 'work:REMOTE'])
    expect(remote.values).toContainEqual(['country:FR', 'work:REMOTE'])
    expect(remote.values).toContainEqual(['work:REMOTE'])
  })

  it('compares companies and industries case-insensitively', () => {
    const { text, values } = buildCountQuery(
      criteria({ companies: ['ACME Corp'], industries: ['Health Care'] }),
      1000,
    )
    expect(text).not.toContain('company_name')
    expect(values).toContainEqual(['company:acme corp'])
    expect(values).toContainEqual(['industry:health care'])
  })

  it('keeps jobs whose range reaches the minimum salary, and jobs without a salary', () => {
    const { text, values } = buildCountQuery(criteria({ minimumSalary: 90000 }), 1000)
    expect(text).toMatch(
      /coalesce\(j\.salary_max_yearly, j\.salary_min_yearly, (\$\d+)::integer\) >= \1::integer/,
    )
    expect(values).toContain(90000)
  })

  it('finds titles by occupation, and titles naming none as phrases', () => {
    const both = buildCountQuery(
      criteria({}, { titles: { onetCodes: ['15-1252.00'], phrases: ['Chief Vibes Officer'] } }),
      1000,
    )
    expect(both.text).toMatch(/\(j\.search_facets && \$\d+::text\[\] or to_tsvector\('english'/)
    expect(both.text).toContain("phraseto_tsquery('english', $")
    expect(both.values).toContainEqual(['onet:15-1252.00'])
    expect(both.values).toContain('Chief Vibes Officer')
  })

  it('searches free text in the document vector, as web search syntax', () => {
    const { text, values } = buildCountQuery(criteria({}, { q: 'react -java' }), 1000)
    expect(text).toMatch(/j\.search_vector @@ websearch_to_tsquery\('english', \$\d+::text\)/)
    expect(values).toContain('react -java')
  })

  it('always leaves out expired jobs and the user’s swipes', () => {
    const { text, values } = buildCountQuery(criteria({}), 1000)
    expect(text).toContain('j.expired_at is null')
    expect(text).toMatch(/\(j\.expires_at is null or j\.expires_at > \$\d+::timestamptz\)/)
    expect(text).toMatch(
      /not exists \(select 1 from public\.swipes as s where s\.user_id = \$\d+::uuid and s\.job_id = j\.id\)/,
    )
    expect(values).toContain(USER)
    expect(values).toContain(NOW)
  })

  it('always leaves out the jobs the user reported', () => {
    const { text } = buildCandidateQuery(criteria({}), { before: null, until: null, limit: 10 })
    expect(text).toMatch(
      /not exists \(select 1 from public\.job_reports as r where r\.reported_by = \$\d+::uuid and r\.job_id = j\.id\)/,
    )
  })

  it('pages candidates by keyset on (listed_at, id), newest first', () => {
    const { text, values } = buildCandidateQuery(criteria({}), {
      before: { listedAt: '2026-11-20T10:00:00.000001Z', id: USER },
      until: { listedAt: '2026-11-19T10:00:00.000000Z', id: USER },
      limit: 60,
    })
    expect(text).toMatch(/\(j\.listed_at, j\.id\) < \(\$\d+::timestamptz, \$\d+::uuid\)/)
    expect(text).toMatch(/\(j\.listed_at, j\.id\) >= \(\$\d+::timestamptz, \$\d+::uuid\)/)
    expect(text).toContain('order by j.listed_at desc, j.id desc')
    expect(values).toEqual(expect.arrayContaining(['2026-11-20T10:00:00.000001Z', 60]))
  })

  it('counts no further than one past the cap', () => {
    const { text, values } = buildCountQuery(criteria({}), 1000)
    expect(text).toMatch(/limit \$\d+::integer\n\) as matching/)
    expect(values.at(-1)).toBe(1001)
  })
})

describe('places and countries together', () => {
  it('drops the countries when every place asked for lies in them (they add nothing)', () => {
    const implied = buildCountQuery(
      criteria({
        countries: ['DE', 'FR'],
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      }),
      1000,
    )
    expect(implied.values).toContainEqual(['place:DE:berlin'])
    expect(implied.values).not.toContainEqual(['country:DE', 'country:FR'])

    const independent = buildCountQuery(
      criteria({
        countries: ['FR'],
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      }),
      1000,
    )
    expect(independent.values).toContainEqual(['country:FR'])
  })
})
