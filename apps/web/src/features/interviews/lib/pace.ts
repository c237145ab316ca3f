import { PACE_BANDS } from '@app/contracts'

export type PaceVerdict = 'slow' | 'steady' | 'ideal' | 'brisk' | 'fast'

/**
 * Where a speaking rate sits against the two bands: inside 140–160 "ideal"; inside Speaker
 * Coach's 100–165 but below the ideal "steady", above it "brisk"; outside both "slow" or "fast".
 */
export function paceVerdict(wordsPerMinute: number): PaceVerdict {
  const { ideal, acceptable } = PACE_BANDS
  if (wordsPerMinute < acceptable.min) return 'slow'
  if (wordsPerMinute > acceptable.max) return 'fast'
  if (wordsPerMinute < ideal.min) return 'steady'
  if (wordsPerMinute > ideal.max) return 'brisk'
  return 'ideal'
}

export const PACE_VERDICT_TEXT: Record<PaceVerdict, string> = {
  slow: 'Slow: below 100 wpm, listeners drift',
  steady: 'A little slow, within 100–165',
  ideal: 'In the 140–160 conversational band',
  brisk: 'A little fast, within 100–165',
  fast: 'Fast: above 165 wpm, hard to follow',
}

/** The scale the pace bar draws: 60 to 220 wpm. */
export const PACE_SCALE = { min: 60, max: 220 } as const

/** A rate as a percentage along the pace bar, clamped to its ends. */
export function paceScalePercent(wordsPerMinute: number): number {
  const { min, max } = PACE_SCALE
  const clamped = Math.max(min, Math.min(max, wordsPerMinute))
  return Math.round(((clamped - min) / (max - min)) * 1000) / 10
}

/** "1:05" for 65 seconds; "0:09" for 9. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
