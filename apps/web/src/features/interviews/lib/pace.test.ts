import { describe, expect, it } from 'vitest'
import { formatSeconds, paceScalePercent, paceVerdict } from './pace'

describe('the pace against the 140–160 band and Speaker Coach’s 100–165', () => {
  it.each([
    [90, 'slow'],
    [100, 'steady'],
    [139, 'steady'],
    [140, 'ideal'],
    [160, 'ideal'],
    [163, 'brisk'],
    [165, 'brisk'],
    [170, 'fast'],
  ] as const)('%i wpm is %s', (wpm, verdict) => {
    expect(paceVerdict(wpm)).toBe(verdict)
  })

  it('places a rate along the 60–220 bar, clamped to its ends', () => {
    expect(paceScalePercent(60)).toBe(0)
    expect(paceScalePercent(140)).toBe(50)
    expect(paceScalePercent(220)).toBe(100)
    expect(paceScalePercent(20)).toBe(0)
    expect(paceScalePercent(400)).toBe(100)
  })

  it('formats seconds as minutes and seconds', () => {
    expect(formatSeconds(9)).toBe('0:09')
    expect(formatSeconds(65.4)).toBe('1:05')
  })
})
