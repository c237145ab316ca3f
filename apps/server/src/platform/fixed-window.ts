/**
 * Fixed-window rate limiting, the arithmetic shared by every limiter: the window a moment
 * falls in, and what a count of hits in it means. Each limiter keeps its counters in a table
 * of its own module (shared by every server process); this only decides.
 */
export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type FixedWindow = { start: Date; end: Date }

/** The window of `windowSeconds` that contains `now`, aligned to the epoch. */
export function fixedWindow(now: Date, windowSeconds: number): FixedWindow {
  const windowMs = windowSeconds * 1000
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  return { start, end: new Date(start.getTime() + windowMs) }
}

/** Allowed while `hits` (this request included) is within `limit`; else how long to wait. */
export function limitOutcome(
  hits: number,
  limit: number,
  window: FixedWindow,
  now: Date,
): RateLimitOutcome {
  if (hits <= limit) {
    return { allowed: true }
  }
  return {
    allowed: false,
    retryAfterSeconds: Math.max(Math.ceil((window.end.getTime() - now.getTime()) / 1000), 1),
  }
}
