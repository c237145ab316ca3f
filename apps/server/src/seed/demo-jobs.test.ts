import {
  BENEFITS,
  COMPANY_SIZES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  WORK_LOCATIONS,
} from '@app/contracts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SALARY_PERIODS } from '../modules/jobs/index.ts'
import { demoJobSourceId, generateDemoJobs } from './demo-jobs.ts'

const now = new Date('2026-11-20T12:00:00Z')
const jobs = [...generateDemoJobs({ count: 3000, seed: 2026, now })]

function distinct<T>(values: T[]): Set<T> {
  return new Set(values)
}

describe('the demo catalogue generator', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives the same jobs for the same seed, other jobs for another, without Math.random', () => {
    const random = vi.spyOn(Math, 'random')
    const again = [...generateDemoJobs({ count: 3000, seed: 2026, now })]
    expect(random).not.toHaveBeenCalled()
    expect(again).toEqual(jobs)
    const other = [...generateDemoJobs({ count: 50, seed: 7, now })]
    expect(other.map((job) => job.title)).not.toEqual(jobs.slice(0, 50).map((job) => job.title))
  })

  it('fills every filter field of every job from the vocabulary', () => {
    for (const job of jobs) {
      expect(job.normalizedTitle).toBeTruthy()
      expect(job.onetCode).toMatch(/^\d{2}-\d{4}\.\d{2}$/)
      expect(job.companyName).toBeTruthy()
      expect(job.industry).toBeTruthy()
      expect(COMPANY_SIZES).toContain(job.companySize)
      expect(WORK_LOCATIONS).toContain(job.workLocation)
      expect(JOB_TYPES).toContain(job.jobType)
      expect(EXPERIENCE_LEVELS).toContain(job.experienceLevel)
      expect(EDUCATION_LEVELS).toContain(job.educationLevel)
      expect(job.places).toHaveLength(1)
      expect(job.places[0]!.countryCode).toMatch(/^[A-Z]{2}$/)
      expect(job.location).toBeTruthy()
      expect(job.description).toContain(`${job.companyName} is a fictional company`)
      expect(job.applyUrl).toMatch(/^https:\/\/example\.com\/jobs\/demo-\d{7}$/)
      expect(job.postedAt!.getTime()).toBeLessThanOrEqual(now.getTime())
      expect(job.postedAt!.getTime()).toBeGreaterThan(now.getTime() - 30 * 24 * 60 * 60 * 1000)
      if (job.salary) {
        expect(SALARY_PERIODS).toContain(job.salary.period)
        expect(job.salary.min).toBeLessThanOrEqual(job.salary.max!)
        expect(job.salaryYearly!.min).toBeGreaterThan(0)
      }
    }
    expect(jobs.map((job) => job.sourceId).slice(0, 2)).toEqual([
      demoJobSourceId(1),
      demoJobSourceId(2),
    ])
  })

  it('spreads the jobs over every value of every filter, and most of them show pay', () => {
    expect(distinct(jobs.map((job) => job.workLocation))).toEqual(new Set(WORK_LOCATIONS))
    expect(distinct(jobs.map((job) => job.jobType))).toEqual(new Set(JOB_TYPES))
    expect(distinct(jobs.map((job) => job.experienceLevel))).toEqual(new Set(EXPERIENCE_LEVELS))
    expect(distinct(jobs.map((job) => job.educationLevel))).toEqual(new Set(EDUCATION_LEVELS))
    expect(distinct(jobs.map((job) => job.companySize))).toEqual(new Set(COMPANY_SIZES))
    expect(distinct(jobs.flatMap((job) => job.benefits))).toEqual(new Set(BENEFITS))
    expect(distinct(jobs.map((job) => job.salary?.period))).toEqual(
      new Set(['YEAR', 'MONTH', 'HOUR', undefined]),
    )
    expect(distinct(jobs.map((job) => job.places[0]!.countryCode)).size).toBeGreaterThan(20)
    expect(distinct(jobs.map((job) => job.onetCode)).size).toBeGreaterThan(300)
    expect(jobs.filter((job) => job.salary).length / jobs.length).toBeGreaterThan(0.75)
    expect(jobs.filter((job) => job.skills.length).length / jobs.length).toBeGreaterThan(0.9)
    // Software jobs are the largest group, as on a real board.
    const software = jobs.filter((job) => job.onetCode!.startsWith('15-')).length
    expect(software / jobs.length).toBeGreaterThan(0.1)
  })

  it('pays in the currency of the country', () => {
    const currency = (country: string) =>
      distinct(
        jobs
          .filter((job) => job.salary && job.places[0]!.countryCode === country)
          .map((job) => job.salary!.currency),
      )
    expect(currency('US')).toEqual(new Set(['USD']))
    expect(currency('DE')).toEqual(new Set(['EUR']))
    expect(currency('GB')).toEqual(new Set(['GBP']))
  })

  it('writes compact descriptions for large benchmarks, the rest unchanged', () => {
    const compact = [...generateDemoJobs({ count: 200, seed: 2026, now, compact: true })]
    const full = [...generateDemoJobs({ count: 200, seed: 2026, now })]
    const size = (list: typeof jobs) => list.reduce((sum, job) => sum + job.description.length, 0)
    expect(size(compact)).toBeLessThan(size(full) / 2)
    expect(compact.map((job) => job.title)).toEqual(full.map((job) => job.title))
  })

  it('adds a local market when asked: its share of jobs in its occupations and countries', () => {
    const focus = { share: 0.3, onetCodes: ['15-1254.00'], countries: { DE: 1 } }
    const focused = [...generateDemoJobs({ count: 3000, seed: 2026, now, focus })]
    const local = (list: typeof jobs) =>
      list.filter((job) => job.onetCode === '15-1254.00' && job.places[0]!.countryCode === 'DE')
        .length / list.length
    expect(local(jobs)).toBeLessThan(0.01)
    expect(local(focused)).toBeGreaterThan(0.25)
    expect(local(focused)).toBeLessThan(0.35)
    expect(() => [
      ...generateDemoJobs({ count: 1, now, focus: { ...focus, onetCodes: ['00-0000.00'] } }),
    ]).toThrow(/no known occupation/)
  })
})
