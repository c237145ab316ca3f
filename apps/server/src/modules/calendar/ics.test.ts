import { describe, expect, it } from 'vitest'
import { zonedTimeToUtc } from './ics.ts'

/** Wall-clock times in IANA zones as instants, across daylight-saving changes. */
describe('zonedTimeToUtc', () => {
  it.each([
    ['2026-07-15', '10:00', 'Europe/Berlin', '2026-07-15T08:00:00.000Z'],
    ['2026-01-20', '10:00', 'Europe/Berlin', '2026-01-20T09:00:00.000Z'],
    // The days of the changes: Berlin goes to UTC+2 at 01:00 UTC on 29 March 2026.
    ['2026-03-29', '01:30', 'Europe/Berlin', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '03:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    // …and back to UTC+1 at 01:00 UTC on 25 October 2026; 02:30 happens twice: the first counts.
    ['2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '04:00', 'Europe/Berlin', '2026-10-25T03:00:00.000Z'],
    ['2026-03-03', '09:30', 'America/New_York', '2026-03-03T14:30:00.000Z'],
    ['2026-07-01', '09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
    ['2026-06-01', '12:00', 'Asia/Kolkata', '2026-06-01T06:30:00.000Z'],
    ['2026-12-31', '23:59', 'UTC', '2026-12-31T23:59:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedTimeToUtc(date, time, zone).toISOString()).toBe(expected)
  })

  it('reads a time skipped by the spring change with the offset before it', () => {
    // 02:30 does not exist in Berlin on 29 March 2026; it is read as 02:30 CET = 01:30 UTC.
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    )
  })
})
