import { CURRENCY_CODES } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { convertAmount, type ExchangeRates, exchangeRates } from './exchange-rates.ts'
import {
  bandOf,
  formatAmount,
  MATCH_WEIGHTS,
  type MatchableJob,
  matchJob,
  type Seeker,
} from './match-score.ts'

const JOB: MatchableJob = {
  title: 'Senior Frontend Engineer',
  onetCode: '15-1254.00',
  normalizedTitle: 'Web Developers',
  experienceLevel: 'SENIOR_LEVEL',
  workLocation: 'REMOTE',
  countryCodes: ['DE'],
  locationNames: ['berlin'],
  salaryMinYearly: 120000,
  salaryMaxYearly: 150000,
  salaryCurrency: 'USD',
  skills: ['TypeScript', 'React', 'GraphQL', 'CSS'],
}

const NOBODY: Seeker = {
  skills: [],
  titles: [],
  experienceLevel: null,
  workLocations: [],
  places: [],
  minimumSalary: null,
  minimumSalaryCurrency: null,
}

const FRONTEND_DEV: Seeker = {
  skills: ['typescript', 'React', 'Node.js', 'GraphQL', 'CSS'],
  titles: [{ title: 'Frontend Developer', onetCode: '15-1254.00' }],
  experienceLevel: 'SENIOR_LEVEL',
  workLocations: ['REMOTE'],
  places: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
  minimumSalary: 120000,
  minimumSalaryCurrency: null,
}

describe('the match score', () => {
  it('weighs qualifications most and keywords at most a fifth (the weights sum to 1)', () => {
    const total = Object.values(MATCH_WEIGHTS).reduce((sum, weight) => sum + weight, 0)
    expect(total).toBeCloseTo(1)
    expect(MATCH_WEIGHTS.titleAndLevel).toBeGreaterThanOrEqual(1 / 3)
    expect(MATCH_WEIGHTS.skills).toBeLessThanOrEqual(0.2)
  })

  it('scores a job that fits in every way 100, Strong, with the top three reasons', () => {
    const match = matchJob(JOB, FRONTEND_DEV)
    expect(match).toEqual({
      score: 100,
      band: 'STRONG',
      subScores: { skills: 100, titleAndLevel: 100, locationAndWorkMode: 100, salary: 100 },
      reasons: [
        "The role you're after: Frontend Developer",
        'In Berlin, where you want to work',
        'Matches 4 of your skills: TypeScript, React, GraphQL…',
      ],
      concerns: [],
    })
  })

  it('says why in words: remote as preferred, pay above the minimum', () => {
    const match = matchJob(JOB, { ...NOBODY, workLocations: ['REMOTE'], minimumSalary: 100000 })
    expect(match.reasons).toEqual([
      'Remote, as you prefer',
      'Pays up to $150k, above your $100k minimum',
    ])
  })

  it('leaves unknown sub-scores out of the total, and scores 50 when nothing is known', () => {
    expect(matchJob(JOB, NOBODY)).toEqual({
      score: 50,
      band: 'FAIR',
      subScores: { skills: null, titleAndLevel: null, locationAndWorkMode: null, salary: null },
      reasons: [],
      concerns: [],
    })
    const onlySkills = matchJob(JOB, { ...NOBODY, skills: ['TypeScript'] })
    expect(onlySkills.subScores).toEqual({
      skills: 50,
      titleAndLevel: null,
      locationAndWorkMode: null,
      salary: null,
    })
    expect(onlySkills.score).toBe(50)
    expect(onlySkills.reasons).toEqual(['Matches 1 of your skills: TypeScript'])
  })

  it('counts skill coverage with diminishing returns, case-insensitively', () => {
    const skills = (names: string[]) => matchJob(JOB, { ...NOBODY, skills: names }).subScores.skills
    expect(skills(['typescript'])).toBe(50)
    expect(skills(['TYPESCRIPT', 'react'])).toBe(71)
    expect(skills(['Cobol'])).toBe(0)
    expect(matchJob({ ...JOB, skills: [] }, FRONTEND_DEV).subScores.skills).toBeNull()
  })

  it('ranks experience levels by distance: one level apart still fits, three hardly', () => {
    const level = (experienceLevel: Seeker['experienceLevel']) =>
      matchJob(JOB, { ...NOBODY, experienceLevel }).subScores.titleAndLevel
    expect(level('SENIOR_LEVEL')).toBe(100)
    expect(level('MID_LEVEL')).toBe(60)
    expect(level('ENTRY_LEVEL')).toBe(20)
    expect(level('INTERNSHIP')).toBe(0)
  })

  it('rewards the same occupation fully and shared title words partly', () => {
    const title = (wanted: Seeker['titles']) =>
      matchJob(JOB, { ...NOBODY, titles: wanted }).subScores.titleAndLevel
    expect(title([{ title: 'Web Developer', onetCode: '15-1254.00' }])).toBe(100)
    expect(title([{ title: 'Frontend Engineer', onetCode: null }])).toBe(80)
    expect(title([{ title: 'Backend Engineer', onetCode: null }])).toBe(40)
    expect(title([{ title: 'Nurse', onetCode: '29-1141.00' }])).toBe(0)
  })

  it('prefers the wanted city, then the country; remote counts where the seeker may work', () => {
    const place = (job: Partial<MatchableJob>, seeker: Partial<Seeker>) =>
      matchJob({ ...JOB, ...job }, { ...NOBODY, ...seeker }).subScores.locationAndWorkMode
    const berlin = { name: 'Berlin', countryCode: 'DE', isCountry: false }
    const munich = { name: 'Munich', countryCode: 'DE', isCountry: false }
    const paris = { name: 'Paris', countryCode: 'FR', isCountry: false }
    expect(place({ workLocation: 'ONSITE' }, { places: [berlin] })).toBe(100)
    expect(place({ workLocation: 'ONSITE' }, { places: [munich] })).toBe(70)
    expect(place({ workLocation: 'ONSITE' }, { places: [paris] })).toBe(0)
    expect(place({ workLocation: 'REMOTE', countryCodes: ['FR'] }, { places: [paris] })).toBe(100)
    expect(place({ workLocation: 'REMOTE', countryCodes: ['US'] }, { places: [paris] })).toBe(60)
    expect(place({ workLocation: 'HYBRID' }, { workLocations: ['REMOTE'] })).toBe(50)
    expect(place({ workLocation: 'ONSITE' }, { workLocations: ['REMOTE'] })).toBe(0)
  })

  it('ranks unpublished pay below pay that reaches the minimum, and low pay lower still', () => {
    const salary = (job: Partial<MatchableJob>) =>
      matchJob({ ...JOB, ...job }, { ...NOBODY, minimumSalary: 100000 }).subScores.salary
    expect(salary({})).toBe(100)
    expect(salary({ salaryMaxYearly: null, salaryMinYearly: null })).toBe(50)
    expect(salary({ salaryMaxYearly: 90000, salaryMinYearly: 80000 })).toBe(81)
    expect(matchJob(JOB, NOBODY).subScores.salary).toBeNull()
  })

  it('names the country of a nearby place, never its code', () => {
    const munich = { name: 'Munich', countryCode: 'DE', isCountry: false }
    const match = matchJob({ ...JOB, workLocation: 'ONSITE' }, { ...NOBODY, places: [munich] })
    expect(match.reasons).toEqual(['In Germany, where you want to work'])
  })

  describe('salaries in another currency', () => {
    const RATES: ExchangeRates = {
      date: '2025-11-21',
      base: 'EUR',
      source: 'test',
      rates: { EUR: 1, USD: 1.16, INR: 100, GBP: 0.88 },
    }
    const inEuros = { ...NOBODY, minimumSalary: 60000, minimumSalaryCurrency: 'EUR' }
    const paying = (max: number, currency: string | null) =>
      matchJob(
        { ...JOB, salaryMinYearly: null, salaryMaxYearly: max, salaryCurrency: currency },
        inEuros,
        RATES,
      )

    it('converts the minimum into the job currency: rupees are not euros', () => {
      const rupees = paying(2_400_000, 'INR')
      expect(rupees.subScores.salary).toBe(16)
      expect(rupees.reasons).toEqual([])
      expect(rupees.concerns).toEqual(['Pays up to ₹2.4M, about €24k: below your €60k'])
    })

    it('names both amounts when the job pays enough in its own currency', () => {
      const dollars = paying(90_000, 'USD')
      expect(dollars.subScores.salary).toBe(100)
      expect(dollars.reasons).toEqual(['Pays up to $90k, about €78k, above your €60k minimum'])
      expect(paying(69_600, 'USD').reasons).toEqual([
        'Pays up to $70k, about €60k, meeting your €60k minimum',
      ])
    })

    it('keeps one amount when the currencies are the same', () => {
      expect(paying(70_000, 'EUR').reasons).toEqual(['Pays up to €70k, above your €60k minimum'])
      expect(paying(40_000, 'EUR').concerns).toEqual(['Pays up to €40k: below your €60k'])
    })

    it('knows nothing of pay in a currency missing from the table, or none at all', () => {
      expect(paying(9_000_000, 'JPY').subScores.salary).toBeNull()
      expect(paying(9_000_000, null).subScores.salary).toBeNull()
      expect(paying(9_000_000, 'JPY').reasons).toEqual([])
    })

    it('uses the repository table by default, which covers every currency the product reads', () => {
      const table = exchangeRates()
      expect(CURRENCY_CODES.filter((code) => !table.rates[code])).toEqual([])
      expect(table.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const rupees = matchJob(
        { ...JOB, salaryMinYearly: null, salaryMaxYearly: 2_400_000, salaryCurrency: 'INR' },
        inEuros,
      )
      expect(rupees.subScores.salary).toBeLessThan(50)
      expect(convertAmount(100, 'EUR', 'EUR')).toBe(100)
    })
  })

  it('bands scores Strong from 80, Good from 60, Fair below', () => {
    expect([100, 80, 79, 60, 59, 0].map(bandOf)).toEqual([
      'STRONG',
      'STRONG',
      'GOOD',
      'GOOD',
      'FAIR',
      'FAIR',
    ])
  })

  it('writes amounts the short way, with the currency', () => {
    expect(formatAmount(150000, 'USD')).toBe('$150k')
    expect(formatAmount(1250000, 'EUR')).toBe('€1.25M')
    expect(formatAmount(45000, 'CHF')).toBe('45k CHF')
    expect(formatAmount(900, null)).toBe('900')
  })
})
