import type { JobCard } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  announcePassed,
  announcePriceChanged,
  announceSaved,
  announceUndone,
  formatCreditsLeft,
  formatCreditsUsed,
  formatJobCount,
  formatShowJobs,
} from './deck-messages'

const job = { title: 'Senior Engineer', company: 'Northwind' } as JobCard

describe('the deck messages', () => {
  it('count credits left, one or many, or unlimited', () => {
    expect(formatCreditsLeft({ remainingCredits: 9, usedCredits: 1 })).toBe('9 credits left')
    expect(formatCreditsLeft({ remainingCredits: 1, usedCredits: 9 })).toBe('1 credit left')
    expect(formatCreditsLeft({ remainingCredits: 0, usedCredits: 10 })).toBe('0 credits left')
    expect(formatCreditsLeft({ remainingCredits: null, usedCredits: 3 })).toBe('Unlimited credits')
    expect(formatCreditsUsed({ remainingCredits: null, usedCredits: 3 })).toBe('3 used')
  })

  it('announce a new price of a save, one or many credits, or free', () => {
    expect(announcePriceChanged(2)).toBe(
      'Saving a job now costs 2 credits. Swipe right again to save it for 2 credits.',
    )
    expect(announcePriceChanged(1)).toBe(
      'Saving a job now costs 1 credit. Swipe right again to save it for 1 credit.',
    )
    expect(announcePriceChanged(0)).toBe(
      'Saving a job now costs nothing. Swipe right again to save it for free.',
    )
  })

  it('announce a save with the credits left', () => {
    expect(announceSaved(job, { remainingCredits: 9, usedCredits: 1 })).toBe(
      'Saved Senior Engineer at Northwind — 9 credits left',
    )
    expect(announceSaved(job, { remainingCredits: null, usedCredits: 1 })).toBe(
      'Saved Senior Engineer at Northwind — unlimited credits',
    )
    expect(announceSaved(job, undefined)).toBe('Saved Senior Engineer at Northwind')
  })

  it('announce a pass with the way back, and the way back itself', () => {
    expect(announcePassed(job)).toBe('Passed on Senior Engineer at Northwind. Press Z to undo.')
    expect(announceUndone(job)).toBe('Senior Engineer at Northwind is back on top.')
  })

  it("count the matching jobs, up to the server's cap", () => {
    expect(formatJobCount({ count: 234, capped: false })).toBe('234 jobs match')
    expect(formatJobCount({ count: 1000, capped: true })).toBe('1,000+ jobs match')
    expect(formatJobCount({ count: 1, capped: false })).toBe('1 job matches')
    expect(formatJobCount({ count: 0, capped: false })).toBe('No jobs match')
    expect(formatShowJobs({ count: 12, capped: false })).toBe('Show 12 jobs')
    expect(formatShowJobs({ count: 1000, capped: true })).toBe('Show 1,000+ jobs')
    expect(formatShowJobs({ count: 1, capped: false })).toBe('Show 1 job')
  })
})
