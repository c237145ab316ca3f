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
    ['65000', 65_000],
    ['65,000', 65_000],
    ['65.000', 65_000],
    ["65'000", 65_000],
    ['65’000', 65_000],
    ['65 000', 65_000],
    ['$65,000/yr', 65_000],
    ['65k', 65_000],
    ['65.5K', 65_500],
    ['€ 1.250.000', 1_250_000],
    ['0', 0],
  ])('reads %s as %d', (text, amount) => {
    expect(parseSalary(text)).toEqual({ ok: true, value: amount })
  })

  it('says what to type when it cannot read the amount', () => {
    expect(parseSalary('  ')).toEqual({
      ok: false,
      error: 'Enter a yearly amount, or 0 for no minimum.',
    })
    for (const text of ['lots', '65.5', '6,50', '-5']) {
      expect(parseSalary(text)).toEqual({
        ok: false,
        error: 'Enter a whole number, like 60000 or 60k.',
      })
    }
    expect(parseSalary('10000001')).toEqual({
      ok: false,
      error: 'Enter a yearly amount up to 10,000,000.',
    })
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
