import type { CreditsResponse } from '@app/contracts'

/**
 * What the deck says when a save was refused for want of credits (402 `insufficient_credits`):
 * what happened, and when the next credits arrive (`nextRefreshDate` of `GET /api/credits`),
 * as a clock time in the browser's zone and how long from now.
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "3 h 12 min", "45 min", "2 h", "less than a minute". */
export function formatTimeUntil(milliseconds: number): string {
  const minutes = Math.ceil(milliseconds / MINUTE)
  if (minutes <= 1) {
    return milliseconds <= 0 ? 'moments' : 'less than a minute'
  }
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) {
    return `${rest} min`
  }
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** "00:00" today or tomorrow; "Sat 28 Nov, 00:00" further off. */
function formatRefreshTime(refresh: Date, now: Date): string {
  const time = refresh.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  if (refresh.getTime() - now.getTime() < DAY) {
    return time
  }
  const day = refresh.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  })
  return `${day}, ${time}`
}

/**
 * "You've used today's 10 credits." on a daily allowance, "You've used this period's 10 credits."
 * on a longer one, or "You have no credits left." when none were used in this period.
 */
export function describeCreditsUsed(credits: CreditsResponse): string {
  const { usedCredits } = credits
  if (usedCredits === 0) {
    return 'You have no credits left.'
  }
  const period =
    new Date(credits.nextRefreshDate).getTime() - new Date(credits.currentPeriodStart).getTime()
  const whose = period <= DAY ? "today's" : "this period's"
  return `You've used ${whose} ${usedCredits} ${usedCredits === 1 ? 'credit' : 'credits'}.`
}

/** "New credits arrive at 00:00 (in 3 h 12 min)." */
export function describeNextRefresh(credits: CreditsResponse, now: Date): string {
  const refresh = new Date(credits.nextRefreshDate)
  const until = refresh.getTime() - now.getTime()
  if (until <= 0) {
    return 'New credits are arriving now.'
  }
  return `New credits arrive at ${formatRefreshTime(refresh, now)} (in ${formatTimeUntil(until)}).`
}
