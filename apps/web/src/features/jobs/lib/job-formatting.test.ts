import type { JobSalary } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  describeJob,
  formatOutsideFilters,
  formatPlace,
  formatPostedDate,
  formatSalary,
  safeExternalUrl,
} from './job-formatting'

function salary(fields: Partial<JobSalary>): JobSalary {
  return {
    min: null,
    max: null,
    currency: 'EUR',
    period: 'YEAR',
    minYearly: null,
    maxYearly: null,
    ...fields,
  }
}

describe('formatSalary', () => {
  it('writes a yearly range with the symbol once', () => {
    expect(formatSalary(salary({ min: 55_000, max: 65_000 }))).toBe('€55k–65k a year')
    expect(formatSalary(salary({ min: 62_500, max: 80_000, currency: 'USD' }))).toBe(
      '$62.5k–80k a year',
    )
    expect(formatSalary(salary({ min: 1_000_000, max: 1_250_000 }))).toBe('€1M–1.25M a year')
  })

  it('writes open-ended and single figures', () => {
    expect(formatSalary(salary({ min: 40, period: 'HOUR', currency: 'GBP' }))).toBe(
      'From £40 an hour',
    )
    expect(formatSalary(salary({ max: 30_000 }))).toBe('Up to €30k a year')
    expect(formatSalary(salary({ min: 60_000, max: 60_000 }))).toBe('€60k a year')
    expect(formatSalary(salary({ min: 27.5, max: 32, period: 'HOUR' }))).toBe('€27.50–32 an hour')
    expect(formatSalary(salary({ min: 4_000, max: 5_000, period: 'MONTH' }))).toBe('€4k–5k a month')
  })

  it('puts a space after a currency written with letters', () => {
    expect(formatSalary(salary({ min: 90_000, max: 110_000, currency: 'CHF' }))).toBe(
      'CHF 90k–110k a year',
    )
    expect(formatSalary(salary({ min: 500_000, currency: 'SEK' }))).toBe('From kr 500k a year')
  })

  it('copes without a currency or a period, and says nothing without pay', () => {
    expect(formatSalary(salary({ min: 50_000, max: 60_000, currency: null, period: null }))).toBe(
      '50k–60k',
    )
    expect(formatSalary(salary({}))).toBeNull()
    expect(formatSalary(null)).toBeNull()
  })
})

describe('formatPostedDate', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString()

  it('says how long ago, in the unit a person would use', () => {
    expect(formatPostedDate(ago(3), now)).toBe('Posted today')
    expect(formatPostedDate(ago(30), now)).toBe('Posted yesterday')
    expect(formatPostedDate(ago(24 * 5), now)).toBe('Posted 5 days ago')
    expect(formatPostedDate(ago(24 * 20), now)).toBe('Posted 2 weeks ago')
    expect(formatPostedDate(ago(24 * 90), now)).toBe('Posted 3 months ago')
    expect(formatPostedDate(ago(24 * 800), now)).toBe('Posted 2 years ago')
  })

  it('counts a date ahead of our clock as today, and says nothing without a date', () => {
    expect(formatPostedDate(ago(-5), now)).toBe('Posted today')
    expect(formatPostedDate(null, now)).toBeNull()
  })
})

describe('formatPlace', () => {
  it('joins the place and the work mode', () => {
    expect(formatPlace({ location: 'Berlin, Germany', workLocation: 'HYBRID' })).toBe(
      'Berlin, Germany · Hybrid',
    )
    expect(formatPlace({ location: 'Lisbon, Portugal', workLocation: null })).toBe(
      'Lisbon, Portugal',
    )
    expect(formatPlace({ location: null, workLocation: 'REMOTE' })).toBe('Remote')
    expect(formatPlace({ location: null, workLocation: null })).toBeNull()
  })

  it('does not repeat "Remote"', () => {
    expect(formatPlace({ location: 'Remote', workLocation: 'REMOTE' })).toBe('Remote')
    expect(
      formatPlace({ location: 'Remote (Minneapolis, United States)', workLocation: 'REMOTE' }),
    ).toBe('Remote (Minneapolis, United States)')
  })
})

describe('describeJob', () => {
  it('names a job the way announcements do', () => {
    expect(describeJob({ title: 'Senior Engineer', company: 'Northwind' })).toBe(
      'Senior Engineer at Northwind',
    )
    expect(describeJob({ title: 'Nurse', company: null })).toBe('Nurse')
  })
})

describe('safeExternalUrl', () => {
  it('lets http and https links through', () => {
    expect(safeExternalUrl('https://jobs.example.com/apply?id=7')).toBe(
      'https://jobs.example.com/apply?id=7',
    )
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/')
  })

  it('refuses script, data and relative links, and nothing', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull()
    expect(safeExternalUrl(' JavaScript:alert(1)')).toBeNull()
    expect(safeExternalUrl('data:text/html,<script>alert(1)</script>')).toBeNull()
    expect(safeExternalUrl('/apply')).toBeNull()
    expect(safeExternalUrl(null)).toBeNull()
  })
})

describe('formatOutsideFilters', () => {
  it('names the filters a widened card misses, in a fixed order', () => {
    expect(formatOutsideFilters(['remote'])).toBe('Outside your filters: remote')
    expect(formatOutsideFilters(['title', 'location', 'level'])).toBe(
      'Outside your filters: another city, another level, related role',
    )
    expect(formatOutsideFilters(['workMode'])).toBe('Outside your filters: another work mode')
  })

  it('says nothing for a job within every filter', () => {
    expect(formatOutsideFilters([])).toBeNull()
    expect(formatOutsideFilters(undefined)).toBeNull()
  })
})
