import { describe, expect, it } from 'vitest'
import { describeHistoryEntry, formatDelta } from './history-text'

describe('the history in plain words', () => {
  it.each([
    [{ kind: 'spend', reason: 'swipe' }, 'Saved a job'],
    [{ kind: 'grant', reason: 'period_refresh' }, 'Daily credits'],
    [{ kind: 'grant', reason: 'signup' }, 'Welcome credits'],
    [{ kind: 'expiry', reason: 'period_end' }, 'Unused credits expired'],
    [{ kind: 'grant', reason: 'subscription' }, 'Plan credits'],
    [{ kind: 'grant', reason: 'pack' }, 'Credit pack'],
    [{ kind: 'expiry', reason: 'payment_refunded' }, 'Payment refunded'],
    [{ kind: 'grant', reason: 'referral' }, 'Referral reward'],
    [{ kind: 'refund', reason: 'swipe' }, 'Save refunded'],
    [{ kind: 'grant', reason: 'something_new' }, 'Credits added'],
    [{ kind: 'spend', reason: null }, 'Credits spent'],
  ] as const)('%o → %s', (entry, words) => {
    expect(describeHistoryEntry(entry)).toBe(words)
  })

  it('names the free refresh by the free plan’s period', () => {
    expect(describeHistoryEntry({ kind: 'grant', reason: 'period_refresh' }, 'weekly')).toBe(
      'Weekly credits',
    )
  })

  it('signs the amount with a real minus sign', () => {
    expect(formatDelta(10)).toBe('+10')
    expect(formatDelta(-3)).toBe('\u22123')
    expect(formatDelta(0)).toBe('0')
  })
})
