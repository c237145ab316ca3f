// The nuclei-per-word ratio follows the articulation rate (ADR 0025): the nucleus detector
// over-counts slow speech and under-counts fast speech against espeak's phonemes, so the same
// nuclei count means fewer words when spoken slowly.
import { describe, expect, it } from 'vitest'
import {
  acousticWordCount,
  acousticWordsPerMinute,
  nucleiPerWord,
  REFERENCE_NUCLEI_PER_SECOND,
  SYLLABLES_PER_WORD,
} from './speaking-rate.ts'

describe('nucleiPerWord', () => {
  it('is the calibrated ratio at the reference rate, higher when slow, lower when fast', () => {
    expect(nucleiPerWord(REFERENCE_NUCLEI_PER_SECOND)).toBeCloseTo(SYLLABLES_PER_WORD, 6)
    expect(nucleiPerWord(3)).toBeGreaterThan(SYLLABLES_PER_WORD * 1.03)
    expect(nucleiPerWord(6)).toBeLessThan(SYLLABLES_PER_WORD * 0.97)
    // Clamped: a broken count (silence-length segments, a burst of clicks) stays sane.
    expect(nucleiPerWord(0.5)).toBe(nucleiPerWord(2.5))
    expect(nucleiPerWord(20)).toBe(nucleiPerWord(7))
  })

  it('turns nuclei into words and words per minute, zero without speech', () => {
    // 90 nuclei over 20 s of speech (4.5/s) in a 30 s span.
    expect(acousticWordCount(90, 20)).toBeCloseTo(90 / SYLLABLES_PER_WORD, 6)
    expect(acousticWordsPerMinute(90, 30, 20)).toBeCloseTo((90 / SYLLABLES_PER_WORD / 30) * 60, 6)
    expect(acousticWordCount(0, 10)).toBe(0)
    expect(acousticWordCount(10, 0)).toBe(0)
    expect(acousticWordsPerMinute(90, 0, 20)).toBe(0)
  })
})
