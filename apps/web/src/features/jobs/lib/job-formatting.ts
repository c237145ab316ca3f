import { type JobCard, type JobSalary, OUTSIDE_FILTERS, type OutsideFilter } from '@app/contracts'
import { WORK_LOCATION_LABELS } from './labels'

/** How a job's facts read on a card, in the list and in the detail view (English, for now). */

const PERIOD_WORDS = {
  YEAR: 'a year',
  MONTH: 'a month',
  WEEK: 'a week',
  DAY: 'a day',
  HOUR: 'an hour',
} as const satisfies Record<NonNullable<JobSalary['period']>, string>

/** Each currency's prefix, worked out once: a deck of cards would make a formatter per card. */
const currencyPrefixes = new Map<string, string>()

/** "€", "$", "£"; currencies without a narrow symbol keep their code ("CHF "). */
function currencyPrefix(currency: string): string {
  let prefix = currencyPrefixes.get(currency)
  if (prefix === undefined) {
    prefix = narrowCurrencySymbol(currency)
    currencyPrefixes.set(currency, prefix)
  }
  return prefix
}

function narrowCurrencySymbol(currency: string): string {
  try {
    const symbol = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value
    if (symbol) {
      return /^\p{L}{2,}$/u.test(symbol) ? `${symbol} ` : symbol
    }
  } catch {
    // An unknown code: show it as it is.
  }
  return `${currency} `
}

/** 55000 → "55k", 62500 → "62.5k", 1250000 → "1.25M", 27.5 → "27.50", 40 → "40". */
function compactAmount(amount: number): string {
  // Rounded to `digits` decimals (at least one), trailing zeros dropped: "55.0" → "55".
  const trimmed = (value: number, digits: number) => value.toFixed(digits).replace(/\.?0+$/, '')
  if (amount >= 1_000_000) {
    return `${trimmed(amount / 1_000_000, 2)}M`
  }
  if (amount >= 1_000) {
    return `${trimmed(amount / 1_000, 1)}k`
  }
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2)
}

/**
 * "€55k–65k a year", "From $40 an hour", "Up to £30k a year", "€60k a year"; null when the
 * job names no pay.
 */
export function formatSalary(salary: JobSalary | null): string | null {
  if (!salary || (salary.min === null && salary.max === null)) {
    return null
  }
  const prefix = salary.currency ? currencyPrefix(salary.currency) : ''
  const period = salary.period ? ` ${PERIOD_WORDS[salary.period]}` : ''
  const { min, max } = salary
  if (min !== null && max !== null && min !== max) {
    return `${prefix}${compactAmount(min)}–${compactAmount(max)}${period}`
  }
  if (min !== null && max !== null) {
    return `${prefix}${compactAmount(min)}${period}`
  }
  if (min !== null) {
    return `From ${prefix}${compactAmount(min)}${period}`
  }
  return `Up to ${prefix}${compactAmount(max ?? 0)}${period}`
}

const DAY_MS = 24 * 60 * 60 * 1000
const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/**
 * "Posted today", "Posted yesterday", "Posted 5 days ago", "Posted 3 weeks ago",
 * "Posted 2 months ago"; null without a date. A date in the future (a clock ahead of ours)
 * counts as today.
 */
export function formatPostedDate(postedAt: string | null, now: Date): string | null {
  if (!postedAt) {
    return null
  }
  const days = Math.max(0, Math.floor((now.getTime() - new Date(postedAt).getTime()) / DAY_MS))
  if (days < 14) {
    return `Posted ${relativeTime.format(-days, 'day')}`
  }
  if (days < 60) {
    return `Posted ${relativeTime.format(-Math.floor(days / 7), 'week')}`
  }
  if (days < 365) {
    return `Posted ${relativeTime.format(-Math.floor(days / 30), 'month')}`
  }
  return `Posted ${relativeTime.format(-Math.floor(days / 365), 'year')}`
}

/** "Berlin, Germany · Hybrid", "Remote", "Lisbon, Portugal"; null when neither is known. */
export function formatPlace(job: Pick<JobCard, 'location' | 'workLocation'>): string | null {
  const workMode = job.workLocation ? WORK_LOCATION_LABELS[job.workLocation] : null
  if (!job.location) {
    return workMode
  }
  // "Remote (Minneapolis, United States)" already says how the work is done.
  if (!workMode || job.location.toLowerCase().includes(workMode.toLowerCase())) {
    return job.location
  }
  return `${job.location} · ${workMode}`
}

const OUTSIDE_FILTER_WORDS = {
  location: 'another city',
  level: 'another level',
  title: 'related role',
  remote: 'remote',
  workMode: 'another work mode',
} as const satisfies Record<OutsideFilter, string>

/**
 * "Outside your filters: another city, related role" for a card the deck found by widening the
 * search (ADR 0015); null for a job that matches every filter.
 */
export function formatOutsideFilters(outside: readonly OutsideFilter[] | undefined): string | null {
  if (!outside?.length) {
    return null
  }
  const words = OUTSIDE_FILTERS.filter((reason) => outside.includes(reason)).map(
    (reason) => OUTSIDE_FILTER_WORDS[reason],
  )
  return `Outside your filters: ${words.join(', ')}`
}

/** "Senior Engineer at Northwind", or the title alone when the company is unknown. */
export function describeJob(job: Pick<JobCard, 'title' | 'company'>): string {
  return job.company ? `${job.title} at ${job.company}` : job.title
}

/**
 * An apply link that is safe to open: http(s) only, so a `javascript:` or `data:` URL from a
 * feed can never run in our page. Null for anything else.
 */
export function safeExternalUrl(url: string | null): string | null {
  if (!url) {
    return null
  }
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}
