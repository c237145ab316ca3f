import type { CreditsResponse } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { describeCreditsUsed, describeNextRefresh, formatTimeUntil } from './out-of-credits'

const MINUTE = 60 * 1000

function credits(usedCredits: number, periodDays = 1): CreditsResponse {
  const start = new Date('2026-11-25T00:00:00.000Z')
  return {
    remainingCredits: 0,
    usedCredits,
    currentPeriodStart: start.toISOString(),
    nextRefreshDate: new Date(start.getTime() + periodDays * 1440 * MINUTE).toISOString(),
  }
}

describe('formatTimeUntil', () => {
  it.each([
    [3 * 60 + 12, '3 h 12 min'],
    [45, '45 min'],
    [120, '2 h'],
    [0.5, 'less than a minute'],
  ])('%s minutes is %s', (minutes, text) => {
    expect(formatTimeUntil(minutes * MINUTE)).toBe(text)
  })
})

describe('describeCreditsUsed', () => {
  it('says how many of today’s credits were used on a daily allowance', () => {
    expect(describeCreditsUsed(credits(10))).toBe("You've used today's 10 credits.")
    expect(describeCreditsUsed(credits(1))).toBe("You've used today's 1 credit.")
  })

  it('says this period on a longer one, and no credits left when none were used', () => {
    expect(describeCreditsUsed(credits(30, 30))).toBe("You've used this period's 30 credits.")
    expect(describeCreditsUsed(credits(0))).toBe('You have no credits left.')
  })
})

describe('describeNextRefresh', () => {
  it('gives the time of the next refresh and how long until then', () => {
    const now = new Date('2026-11-25T20:48:00.000Z')
    expect(describeNextRefresh(credits(10), now)).toBe(
      'New credits arrive at 00:00 (in 3 h 12 min).',
    )
  })

  it('names the day when the refresh is a day or more away', () => {
    const now = new Date('2026-11-25T20:48:00.000Z')
    expect(describeNextRefresh(credits(10, 3), now)).toBe(
      'New credits arrive at Sat 28 Nov, 00:00 (in 51 h 12 min).',
    )
  })

  it('says the credits are arriving once the moment has passed', () => {
    expect(describeNextRefresh(credits(10), new Date('2026-11-26T00:00:01.000Z'))).toBe(
      'New credits are arriving now.',
    )
  })
})
