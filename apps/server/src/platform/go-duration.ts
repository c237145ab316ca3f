/**
 * Go's duration syntax ("300s", "1h30m", "0"), which GoTrue uses for its durations
 * (`ban_duration`, `SESSIONS_TIMEBOX`, `SESSIONS_INACTIVITY_TIMEOUT`): the same text means the
 * same time here.
 */
const DURATION_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}
const DURATION = /^(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/
const DURATION_PART = /(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g

/** A Go duration ("300s", "1h30m", "0") in milliseconds; null when it is not one. */
export function parseGoDuration(text: string): number | null {
  if (text === '0') {
    return 0
  }
  if (!DURATION.test(text)) {
    return null
  }
  let total = 0
  for (const [, amount, unit] of text.matchAll(DURATION_PART)) {
    total += Number(amount) * (DURATION_UNIT_MS[unit ?? ''] ?? Number.NaN)
  }
  return total
}
