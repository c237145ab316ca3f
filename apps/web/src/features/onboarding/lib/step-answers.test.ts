import { describe, expect, it } from 'vitest'
import {
  CHOOSE_ONE_MESSAGE,
  CHOOSE_SOME_MESSAGE,
  addJobTitle,
  addPlace,
  checkAccomplishment,
  checkInterviewGoal,
  checkMultipleChoice,
  checkSingleChoice,
  SALARY_UNREADABLE,
  currencyOfCountry,
  parseSalary,
  placeFrom,
  preferencesProblems,
  toggleChoice,
} from './step-answers'

describe('choice answers', () => {
  it('need one answer, or at least one', () => {
    expect(checkSingleChoice(null)).toEqual({ ok: false, error: CHOOSE_ONE_MESSAGE })
    expect(checkSingleChoice(0)).toEqual({ ok: true, value: 0 })
    expect(checkMultipleChoice([])).toEqual({ ok: false, error: CHOOSE_SOME_MESSAGE })
    expect(checkMultipleChoice(['A'])).toEqual({ ok: true, value: ['A'] })
  })

  it('tick and untick, the exclusive answer clearing the others and back', () => {
    expect(toggleChoice(['A'], 'B', 'NONE')).toEqual(['A', 'B'])
    expect(toggleChoice(['A', 'B'], 'A', 'NONE')).toEqual(['B'])
    expect(toggleChoice(['A', 'B'], 'NONE', 'NONE')).toEqual(['NONE'])
    expect(toggleChoice(['NONE'], 'A', 'NONE')).toEqual(['A'])
  })
})

describe('parseSalary', () => {
  it.each([
    ['65000', 65_000, null],
    ['65,000', 65_000, null],
    ['65.000', 65_000, null],
    ["65'000", 65_000, null],
    ['65’000', 65_000, null],
    ['65 000', 65_000, null],
    ['65\u00a0000', 65_000, null],
    ['65\u202f000', 65_000, null],
    ['60k', 60_000, null],
    ['60K', 60_000, null],
    [' 60 k ', 60_000, null],
    ['65.5K', 65_500, null],
    ['62,5k', 62_500, null],
    ['60,000', 60_000, null],
    ['60.000', 60_000, null],
    ['60 000', 60_000, null],
    ['€60,000', 60_000, 'EUR'],
    ['60.000 €', 60_000, 'EUR'],
    ['60.000€', 60_000, 'EUR'],
    ['€ 1.250.000', 1_250_000, 'EUR'],
    ['$75k', 75_000, 'USD'],
    ['$65,000/yr', 65_000, 'USD'],
    ['£45,000 a year', 45_000, 'GBP'],
    ['₹12,00,000', 1_200_000, 'INR'],
    ['EUR 60000', 60_000, 'EUR'],
    ['60000 chf', 60_000, 'CHF'],
    ['sek 480 000', 480_000, 'SEK'],
    ['60k per year', 60_000, null],
    ['0', 0, null],
  ])('reads %s as %d %s', (text, amount, currency) => {
    expect(parseSalary(text)).toEqual({ ok: true, value: { amount, currency } })
  })

  it('says what to type when it cannot read the amount', () => {
    expect(parseSalary('  ')).toEqual({
      ok: false,
      error: 'Enter a yearly amount, or 0 for no minimum.',
    })
    for (const text of ['lots', '65.5', '6,50', '-5', '60kk', '60 k€ 5', 'sixty thousand', '1e5']) {
      expect(parseSalary(text), text).toEqual({ ok: false, error: SALARY_UNREADABLE })
    }
    expect(SALARY_UNREADABLE).toBe(
      'Enter a yearly amount like 60000, 60,000 or 60k, or 0 for no minimum.',
    )
    expect(parseSalary('€60k $')).toEqual({
      ok: false,
      error: 'Name one currency, or pick it in the list.',
    })
    expect(parseSalary('10000001')).toEqual({
      ok: false,
      error: 'Enter a yearly amount up to 10,000,000.',
    })
  })

  it('knows the currency of a country, when it offers it', () => {
    expect(currencyOfCountry('DE')).toBe('EUR')
    expect(currencyOfCountry('GB')).toBe('GBP')
    expect(currencyOfCountry('US')).toBe('USD')
    expect(currencyOfCountry('KZ')).toBeNull()
    expect(currencyOfCountry(null)).toBeNull()
  })
})

describe('other answers', () => {
  it('take an optional accomplishment of up to 280 characters', () => {
    expect(checkAccomplishment('  Led the migration.  ')).toEqual({
      ok: true,
      value: 'Led the migration.',
    })
    expect(checkAccomplishment('   ')).toEqual({ ok: true, value: null })
    expect(checkAccomplishment('x'.repeat(281))).toEqual({
      ok: false,
      error: 'Keep it to 280 characters (now 281).',
    })
  })

  it('take a weekly interview goal from 1 to 20', () => {
    expect(checkInterviewGoal(3)).toEqual({ ok: true, value: 3 })
    for (const goal of [0, 21, 2.5, Number.NaN]) {
      expect(checkInterviewGoal(goal).ok).toBe(false)
    }
  })
})

describe('job preferences', () => {
  it('adds tidy, distinct job titles, up to 10', () => {
    expect(addJobTitle([], '  data   analyst ')).toEqual({ ok: true, value: ['data analyst'] })
    expect(addJobTitle(['Data analyst'], 'DATA ANALYST')).toEqual({
      ok: true,
      value: ['Data analyst'],
    })
    expect(addJobTitle([], ' ')).toEqual({ ok: false, error: 'Type a job title first.' })
    const ten = Array.from({ length: 10 }, (_, index) => `Title ${index}`)
    expect(addJobTitle(ten, 'One more')).toEqual({
      ok: false,
      error: 'You can add up to 10 job titles.',
    })
  })

  it('makes a place of a city, or of the whole country without one, once each', () => {
    const germany = { code: 'DE', name: 'Germany' }
    const berlin = placeFrom(germany, ' Berlin ')
    expect(berlin).toEqual({ name: 'Berlin', isCountry: false, countryCode: 'DE' })
    expect(placeFrom(germany, '')).toEqual({ name: 'Germany', isCountry: true, countryCode: 'DE' })
    expect(addPlace([berlin], { ...berlin, name: 'berlin' })).toEqual({ ok: true, value: [berlin] })
  })

  it('needs a title, a way of working, and a place unless the work is remote only', () => {
    expect(preferencesProblems({})).toEqual({
      jobTitles: 'Add at least one job title.',
      workLocations: 'Choose at least one way of working.',
    })
    expect(preferencesProblems({ jobTitles: ['Nurse'], workLocations: ['REMOTE'] })).toEqual({})
    expect(
      preferencesProblems({ jobTitles: ['Nurse'], workLocations: ['REMOTE', 'HYBRID'] }),
    ).toEqual({ locations: 'Add a place for on-site or hybrid work.' })
  })
})
