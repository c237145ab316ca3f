import type { CreditsResponse } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { spendCreditsOptimistically } from './optimistic-credits'

const credits: CreditsResponse = {
  remainingCredits: 10,
  usedCredits: 2,
  currentPeriodStart: '2026-11-21T00:00:00.000Z',
  nextRefreshDate: '2026-11-22T00:00:00.000Z',
}

describe('spendCreditsOptimistically', () => {
  it('lowers the remaining credits and raises the used ones by the cost', () => {
    expect(spendCreditsOptimistically(credits, 1)).toEqual({
      ...credits,
      remainingCredits: 9,
      usedCredits: 3,
    })
    expect(spendCreditsOptimistically(credits, 4)).toMatchObject({
      remainingCredits: 6,
      usedCredits: 6,
    })
  })

  it('never lowers the remaining credits below 0', () => {
    expect(spendCreditsOptimistically({ ...credits, remainingCredits: 1 }, 3)).toMatchObject({
      remainingCredits: 0,
      usedCredits: 5,
    })
    expect(spendCreditsOptimistically({ ...credits, remainingCredits: 0 }, 1)).toMatchObject({
      remainingCredits: 0,
      usedCredits: 3,
    })
  })

  it('leaves an unlimited plan unlimited and still counts what was used', () => {
    expect(spendCreditsOptimistically({ ...credits, remainingCredits: null }, 1)).toMatchObject({
      remainingCredits: null,
      usedCredits: 3,
    })
  })

  it('changes nothing for a free swipe and leaves the period dates alone', () => {
    expect(spendCreditsOptimistically(credits, 0)).toEqual(credits)
  })

  it('does not modify the credits it was given (the snapshot for a rollback)', () => {
    const snapshot = structuredClone(credits)
    spendCreditsOptimistically(credits, 1)
    expect(credits).toEqual(snapshot)
  })
})
