/**
 * "today", "yesterday", "in 3 days": how far a moment is from now in calendar days of the
 * reader's time zone, in the reader's language.
 */
const DAY_MS = 24 * 60 * 60 * 1000

export function calendarDaysBetween(from: Date, to: Date): number {
  const startOfDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())
  return Math.round((startOfDay(to) - startOfDay(from)) / DAY_MS)
}

export function formatDayDistance(moment: Date, now: Date, locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  return format.format(calendarDaysBetween(now, moment), 'day')
}

/** "22 Feb": a date within the coming year, short. */
export function formatShortDate(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(date)
}
