import { describe, expect, it } from 'vitest'
import { type JobSearchParams, JobSearchQuerySchema, jobSearchToQueryString } from './jobs.ts'

/** The query object Fastify makes of a query string (repeated keys become arrays). */
function queryObject(queryString: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(queryString)) {
    const previous = query[key]
    query[key] = previous === undefined ? value : [previous, value].flat()
  }
  return query
}

const parse = (queryString: string) => JobSearchQuerySchema.safeParse(queryObject(queryString))

describe('the jobs query string', () => {
  it('round-trips every filter, free text and paging through jobSearchToQueryString', () => {
    const params: JobSearchParams = {
      filters: {
        locations: [
          { name: 'Berlin', countryCode: 'DE', isCountry: false },
          { name: 'France', countryCode: 'FR', isCountry: true },
        ],
        countries: ['US', 'CA'],
        types: ['FULL_TIME', 'CONTRACT'],
        experienceLevels: ['SENIOR_LEVEL'],
        educationLevels: ['BACHELOR'],
        companySizes: ['51-200', '5001+'],
        jobTitles: ['Software Engineer', 'Data Scientist'],
        workLocations: ['REMOTE'],
        minimumSalary: 120000,
        benefits: ['EQUITY', 'VISA_SPONSORSHIP'],
        companies: ['Acme, Inc.', 'Globex'],
        industries: ['Software'],
      },
      q: 'react -java',
      cursor: 'abc',
      limit: 30,
      defaults: 'none',
      widen: true,
    }
    const parsed = parse(jobSearchToQueryString(params))
    expect(parsed.success && parsed.data).toEqual({
      filters: params.filters,
      q: 'react -java',
      cursor: 'abc',
      limit: 30,
      defaults: 'none',
      widen: true,
    })
  })

  it('reads comma lists for code-valued filters and keeps commas inside free-text values', () => {
    const parsed = parse('types=FULL_TIME,PART_TIME&countries=DE, FR&companies=Acme, Inc.')
    expect(parsed.success && parsed.data.filters).toEqual({
      types: ['FULL_TIME', 'PART_TIME'],
      countries: ['DE', 'FR'],
      companies: ['Acme, Inc.'],
    })
  })

  it('reads a place whose name holds a pipe from the right', () => {
    const parsed = parse(`locations=${encodeURIComponent('Foo|Bar|US|city')}`)
    expect(parsed.success && parsed.data.filters.locations).toEqual([
      { name: 'Foo|Bar', countryCode: 'US', isCountry: false },
    ])
  })

  it('defaults to 20 jobs, the onboarding defaults and no filter', () => {
    const parsed = parse('')
    expect(parsed.success && parsed.data).toEqual({
      filters: {},
      limit: 20,
      defaults: 'onboarding',
      widen: false,
    })
  })

  it('drops empty values instead of filtering on them', () => {
    const parsed = parse('types=&jobTitles=%20&q=')
    expect(parsed.success && parsed.data).toEqual({
      filters: {},
      limit: 20,
      defaults: 'onboarding',
      widen: false,
    })
  })

  it.each([
    ['types=FOO', 'types.0'],
    ['experienceLevels=GURU', 'experienceLevels.0'],
    ['countries=Germany', 'countries.0'],
    ['locations=Berlin', 'locations.0'],
    ['locations=Berlin|de|city', 'locations.0.countryCode'],
    ['locations=Berlin|DE|town', 'locations.0'],
    ['minimumSalary=lots', 'minimumSalary'],
    ['minimumSalary=99999999', 'minimumSalary'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['defaults=always', 'defaults'],
    ['alertId=nope', 'alertId'],
    [`q=${'x'.repeat(201)}`, 'q'],
    [Array.from({ length: 21 }, (_, n) => `jobTitles=t${n}`).join('&'), 'jobTitles'],
  ])('refuses %s, naming %s', (queryString, path) => {
    const parsed = parse(queryString)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(path)
  })

  it('reports every bad parameter at once', () => {
    const parsed = parse('types=FOO&limit=99&locations=x')
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'limit',
      'locations.0',
      'types.0',
    ])
  })
})
