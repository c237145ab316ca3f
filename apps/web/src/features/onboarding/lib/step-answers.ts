import {
  CURRENCY_CODES,
  type CurrencyCode,
  isCurrencyCode,
  type JobLocationFilter,
  MAX_ACCOMPLISHMENT_LENGTH,
  MAX_JOB_TITLES,
  MAX_MINIMUM_SALARY,
  MAX_PLACES,
  MAX_WEEKLY_INTERVIEWS,
  type WizardJobPreferences,
  type WorkLocation,
} from '@app/contracts'
import { addPlace as addSharedPlace } from '@/lib/places'

/**
 * The checks and conversions behind each question step's answer, with the messages a person
 * reads when an answer cannot be taken. Pure, so each rule is tested on its own.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

export const CHOOSE_ONE_MESSAGE = 'Choose an answer to continue.'
export const CHOOSE_SOME_MESSAGE = 'Choose at least one answer to continue.'

export function checkSingleChoice<V>(value: V | null | undefined): Checked<V> {
  return value === null || value === undefined
    ? { ok: false, error: CHOOSE_ONE_MESSAGE }
    : { ok: true, value }
}

export function checkMultipleChoice<V>(values: readonly V[]): Checked<V[]> {
  return values.length === 0
    ? { ok: false, error: CHOOSE_SOME_MESSAGE }
    : { ok: true, value: [...values] }
}

/** Ticks or unticks `value`; the `exclusive` answer ("Nowhere yet") clears the others and back. */
export function toggleChoice<V>(selected: readonly V[], value: V, exclusive?: V): V[] {
  if (selected.includes(value)) {
    return selected.filter((item) => item !== value)
  }
  if (value === exclusive) {
    return [value]
  }
  return [...selected.filter((item) => item !== exclusive), value]
}

/**
 * A yearly amount as people type it: "65000", "65,000", "65 000", "65'000", "65’000", "65k", "65.5k",
 * with or without a currency sign. 0 means no minimum.
 */
/** The currencies the minimum-salary step offers (ISO 4217). */
export const SALARY_CURRENCIES = CURRENCY_CODES
export type SalaryCurrency = CurrencyCode

export const isSalaryCurrency = isCurrencyCode

/** Symbols that name one currency; "$" names several and is read against the chosen one. */
const CURRENCY_SYMBOLS: Record<string, SalaryCurrency> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  $: 'USD',
}

export const SALARY_HINT =
  'A yearly amount before tax, like 60000, 60,000 or 60k. 0 for no minimum.'
export const SALARY_UNREADABLE =
  'Enter a yearly amount like 60000, 60,000 or 60k, or 0 for no minimum.'

export type ParsedSalary = { amount: number; currency: SalaryCurrency | null }

/**
 * A yearly amount as people type it: "60k", "60,000", "60.000", "60 000", "€60,000",
 * "60.000 €", "$75k", "EUR 60000", "60k/yr". The currency is the one the text names, if any.
 */
export function parseSalary(text: string): Checked<ParsedSalary> {
  let cleaned = text.trim().toLowerCase()
  if (cleaned === '') {
    return { ok: false, error: 'Enter a yearly amount, or 0 for no minimum.' }
  }
  const named = new Set<SalaryCurrency>()
  cleaned = cleaned.replace(/[€£¥₹$]/g, (symbol) => {
    named.add(CURRENCY_SYMBOLS[symbol] as SalaryCurrency)
    return ''
  })
  cleaned = cleaned.replace(/\b[a-z]{3}\b/g, (code) => {
    const upper = code.toUpperCase()
    if (!isSalaryCurrency(upper)) return code
    named.add(upper)
    return ''
  })
  if (named.size > 1) {
    return { ok: false, error: 'Name one currency, or pick it in the list.' }
  }
  const currency = [...named][0] ?? null
  cleaned = cleaned.replace(/[\s\u00a0\u202f]/g, '').replace(/(per|a|\/)?(year|yr|y)$/, '')
  const thousands = /^(\d+(?:[.,]\d+)?)k$/.exec(cleaned)
  const amount = thousands?.[1]
    ? Math.round(Number(thousands[1].replace(',', '.')) * 1000)
    : /^\d{1,3}([,.'’]\d{3})+$|^\d+$|^\d{1,2}(,\d{2})+,\d{3}$/.test(cleaned)
      ? Number(cleaned.replace(/[,.'’]/g, ''))
      : Number.NaN
  if (!Number.isFinite(amount)) {
    return { ok: false, error: SALARY_UNREADABLE }
  }
  if (amount > MAX_MINIMUM_SALARY) {
    return {
      ok: false,
      error: `Enter a yearly amount up to ${MAX_MINIMUM_SALARY.toLocaleString('en-US')}.`,
    }
  }
  return { ok: true, value: { amount, currency } }
}

/** The currency a country pays in, for the ones offered; else null. */
const COUNTRY_CURRENCIES: Record<string, SalaryCurrency> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  IN: 'INR',
  JP: 'JPY',
  SG: 'SGD',
  ZA: 'ZAR',
  BR: 'BRL',
  MX: 'MXN',
  ...Object.fromEntries(
    'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'
      .split(' ')
      .map((code) => [code, 'EUR' as const]),
  ),
}

export function currencyOfCountry(countryCode: string | null | undefined): SalaryCurrency | null {
  return (countryCode && COUNTRY_CURRENCIES[countryCode]) || null
}

/** Optional: an empty answer is no answer (null). */
export function checkAccomplishment(text: string): Checked<string | null> {
  const trimmed = text.trim()
  if (trimmed.length > MAX_ACCOMPLISHMENT_LENGTH) {
    return {
      ok: false,
      error: `Keep it to ${MAX_ACCOMPLISHMENT_LENGTH} characters (now ${trimmed.length}).`,
    }
  }
  return { ok: true, value: trimmed || null }
}

export function checkInterviewGoal(goal: number): Checked<number> {
  return Number.isInteger(goal) && goal >= 1 && goal <= MAX_WEEKLY_INTERVIEWS
    ? { ok: true, value: goal }
    : { ok: false, error: `Choose a goal from 1 to ${MAX_WEEKLY_INTERVIEWS} interviews a week.` }
}

/** "  senior   data  analyst " → "senior data analyst". */
export function normaliseTitle(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** Adds a job title unless it is empty, already there (any case) or one too many. */
export function addJobTitle(titles: readonly string[], text: string): Checked<string[]> {
  const title = normaliseTitle(text)
  if (!title) {
    return { ok: false, error: 'Type a job title first.' }
  }
  if (title.length > 120) {
    return { ok: false, error: 'Keep a job title to 120 characters.' }
  }
  if (titles.some((existing) => existing.toLowerCase() === title.toLowerCase())) {
    return { ok: true, value: [...titles] }
  }
  if (titles.length >= MAX_JOB_TITLES) {
    return { ok: false, error: `You can add up to ${MAX_JOB_TITLES} job titles.` }
  }
  return { ok: true, value: [...titles, title] }
}

/** A place: the one place picker's rule (`@/lib/places`), named here for the step's tests. */
export { placeFrom } from '@/lib/places'

/** Adds a place unless it is already there or one too many (`MAX_PLACES`). */
export function addPlace(
  places: readonly JobLocationFilter[],
  place: JobLocationFilter,
): Checked<JobLocationFilter[]> {
  return addSharedPlace(places, place, MAX_PLACES)
}

/** On-site and hybrid work happen somewhere; remote work may be anywhere. */
export function needsPlace(workLocations: readonly WorkLocation[]): boolean {
  return workLocations.some((location) => location !== 'REMOTE')
}

export type PreferencesProblems = Partial<
  Record<'jobTitles' | 'workLocations' | 'locations', string>
>

/** What is missing from job-preferences, per field; empty when it is complete. */
export function preferencesProblems(preferences: WizardJobPreferences): PreferencesProblems {
  const { jobTitles = [], workLocations = [], locations = [] } = preferences
  const problems: PreferencesProblems = {}
  if (jobTitles.length === 0) {
    problems.jobTitles = 'Add at least one job title.'
  }
  if (workLocations.length === 0) {
    problems.workLocations = 'Choose at least one way of working.'
  }
  if (needsPlace(workLocations) && locations.length === 0) {
    problems.locations = 'Add a place for on-site or hybrid work.'
  }
  return problems
}
