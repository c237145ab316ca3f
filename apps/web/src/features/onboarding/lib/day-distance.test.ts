import { describe, expect, it } from 'vitest'
import { calendarDaysBetween, formatDayDistance, formatShortDate } from './day-distance'

describe('day distance', () => {
  const now = new Date(2026, 10, 21, 23, 30)

  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDaysBetween(now, new Date(2026, 10, 22, 0, 15))).toBe(1)
    expect(calendarDaysBetween(now, new Date(2026, 10, 21, 0, 0))).toBe(0)
    expect(calendarDaysBetween(now, new Date(2026, 10, 18, 12, 0))).toBe(-3)
    expect(calendarDaysBetween(now, new Date(2026, 11, 1, 12, 0))).toBe(10)
  })

  it('says it in words', () => {
    expect(formatDayDistance(new Date(2026, 10, 21, 8), now, 'en')).toBe('today')
    expect(formatDayDistance(new Date(2026, 10, 22, 8), now, 'en')).toBe('tomorrow')
    expect(formatDayDistance(new Date(2026, 10, 20, 8), now, 'en')).toBe('yesterday')
    expect(formatDayDistance(new Date(2026, 10, 24, 8), now, 'en')).toBe('in 3 days')
    expect(formatShortDate(new Date(2027, 1, 22), 'en-GB')).toBe('22 Feb')
  })
})
