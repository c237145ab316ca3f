import { describe, expect, it } from 'vitest'
import { parseGoDuration } from './go-duration.ts'

describe('Go durations (ban_duration, session lifetimes)', () => {
  it.each([
    ['0', 0],
    ['300s', 300_000],
    ['24h', 86_400_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['250ms', 250],
    ['1m0.5s', 60_500],
    ['1000us', 1],
  ])('reads %s as %d ms', (text, milliseconds) => {
    expect(parseGoDuration(text)).toBe(milliseconds)
  })

  it.each(['', 'forever', '24', 'h', '1d', '1h 30m', '-', '1.h.5'])('refuses %j', (text) => {
    expect(parseGoDuration(text)).toBeNull()
  })
})
