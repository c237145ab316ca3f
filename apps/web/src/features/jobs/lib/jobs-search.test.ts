import { type JobFilters, jobSearchToQueryString } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  countActiveFilters,
  filtersFromSearch,
  jobQueryFor,
  JobsSearchSchema,
  searchFromFilters,
  searchParamsForApi,
} from './jobs-search'

const everyFilter: JobFilters = {
  locations: [
    { name: 'Berlin', isCountry: false, countryCode: 'DE' },
    { name: 'France', isCountry: true, countryCode: 'FR' },
  ],
  countries: ['ES', 'PT'],
  types: ['FULL_TIME', 'CONTRACT'],
  experienceLevels: ['SENIOR_LEVEL'],
  educationLevels: ['BACHELOR', 'MASTER'],
  companySizes: ['11-50', '5001+'],
  jobTitles: ['Data Engineer', 'Engineer, Backend'],
  workLocations: ['REMOTE', 'HYBRID'],
  minimumSalary: 55_000,
  benefits: ['EQUITY', 'VISA_SPONSORSHIP'],
  companies: ['Northwind, Inc.'],
  industries: ['Software'],
}

/** What the router hands validateSearch after a reload: its own JSON round trip. */
function throughTheUrl(search: object): unknown {
  return JSON.parse(JSON.stringify(search))
}

describe('the jobs search params', () => {
  it('write every filter and read it back the same', () => {
    const written = searchFromFilters(everyFilter, ' rust ')
    const read = JobsSearchSchema.parse(throughTheUrl(written))
    expect(filtersFromSearch(read)).toEqual(everyFilter)
    expect(read.q).toBe('rust')
  })

  it('keep code lists readable and names with commas intact', () => {
    const written = searchFromFilters(everyFilter)
    expect(written.types).toBe('FULL_TIME,CONTRACT')
    expect(written.companySizes).toBe('11-50,5001+')
    expect(written.countries).toBe('ES,PT')
    expect(written.companies).toEqual(['Northwind, Inc.'])
    expect(written.locations).toEqual(['Berlin|DE|city', 'France|FR|country'])
  })

  it('write a cleared filter set as defaults=none, and no filter at all reads as none named', () => {
    expect(searchFromFilters({})).toEqual({ defaults: 'none' })
    expect(searchFromFilters({ types: [], jobTitles: [] }, 'go')).toEqual({
      q: 'go',
      defaults: 'none',
    })
    expect(filtersFromSearch(JobsSearchSchema.parse({}))).toEqual({})
  })

  it('drop values that do not parse and keep the rest of the link', () => {
    const read = JobsSearchSchema.parse({
      types: 'FULL_TIME,ALL_OF_THEM',
      experienceLevels: 'GURU',
      countries: 'de,FR',
      minimumSalary: 'lots',
      locations: ['Berlin|DE|city', 'nowhere', 'Paris|fr|city', 42],
      jobTitles: 'not an array',
      companies: [' Acme ', '', 7],
      defaults: 'sometimes',
    })
    expect(filtersFromSearch(read)).toEqual({
      types: ['FULL_TIME'],
      countries: ['FR'],
      locations: [{ name: 'Berlin', isCountry: false, countryCode: 'DE' }],
      companies: ['Acme', '7'],
    })
    expect(read.defaults).toBeUndefined()
  })

  it('read back as valid input, so a link can hand the search on as it is', () => {
    const read = JobsSearchSchema.parse(throughTheUrl(searchFromFilters(everyFilter, 'rust')))
    expect(JobsSearchSchema.parse(throughTheUrl(read))).toEqual(read)
  })

  it('read free text the router turned into a number back as text', () => {
    expect(JobsSearchSchema.parse({ q: 2024 }).q).toBe('2024')
  })

  it('ask the API for the onboarding defaults when the URL names no filter', () => {
    const none = searchParamsForApi(JobsSearchSchema.parse({ q: 'nurse' }))
    expect(none).toEqual({ q: 'nurse' })
    expect(jobSearchToQueryString(none)).toBe('q=nurse')

    const cleared = searchParamsForApi(JobsSearchSchema.parse({ defaults: 'none' }))
    expect(jobSearchToQueryString(cleared)).toBe('defaults=none')
  })

  it('widen the deck past the filters, and keep the list to them', () => {
    const search = JobsSearchSchema.parse({ q: 'nurse', types: 'FULL_TIME' })
    expect(jobSearchToQueryString(jobQueryFor('deck', search))).toBe(
      'types=FULL_TIME&q=nurse&widen=true',
    )
    expect(jobSearchToQueryString(jobQueryFor('list', search))).toBe('types=FULL_TIME&q=nurse')
    // No search at all: the deck's first page is `jobs?widen=true`.
    expect(jobSearchToQueryString(jobQueryFor('deck', JobsSearchSchema.parse({})))).toBe(
      'widen=true',
    )
  })

  it('ask the API for exactly the filters the URL names', () => {
    const read = JobsSearchSchema.parse(throughTheUrl(searchFromFilters(everyFilter)))
    const query = new URLSearchParams(jobSearchToQueryString(searchParamsForApi(read)))
    expect(query.getAll('types')).toEqual(['FULL_TIME', 'CONTRACT'])
    expect(query.getAll('locations')).toEqual(['Berlin|DE|city', 'France|FR|country'])
    expect(query.getAll('companies')).toEqual(['Northwind, Inc.'])
    expect(query.get('minimumSalary')).toBe('55000')
    expect(query.has('defaults')).toBe(false)
  })

  it('count the filter fields in use', () => {
    expect(countActiveFilters(everyFilter)).toBe(12)
    expect(countActiveFilters({ types: [], minimumSalary: 0 })).toBe(1)
  })
})
