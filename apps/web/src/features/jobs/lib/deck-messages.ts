import type { CreditsResponse, JobCard } from '@app/contracts'
import { describeJob } from './job-formatting'

/**
 * What the deck says: the credits pill, and the sentences its live region announces after each
 * swipe so that a screen-reader user hears what the gesture did.
 */

type CreditsFigures = Pick<CreditsResponse, 'remainingCredits' | 'usedCredits'>

/** "9 credits left", "1 credit left", "Unlimited credits". */
export function formatCreditsLeft({ remainingCredits }: CreditsFigures): string {
  if (remainingCredits === null) {
    return 'Unlimited credits'
  }
  return `${remainingCredits} ${remainingCredits === 1 ? 'credit' : 'credits'} left`
}

/** "2 used". */
export function formatCreditsUsed({ usedCredits }: CreditsFigures): string {
  return `${usedCredits} used`
}

/** "Saved Senior Engineer at Northwind — 9 credits left". */
export function announceSaved(job: JobCard, credits: CreditsFigures | undefined): string {
  const saved = `Saved ${describeJob(job)}`
  return credits ? `${saved} — ${formatCreditsLeft(credits).toLowerCase()}` : saved
}

/** "Passed on Senior Engineer at Northwind. Press Z to undo." */
export function announcePassed(job: JobCard): string {
  return `Passed on ${describeJob(job)}. Press Z to undo.`
}

/** "Senior Engineer at Northwind is back on top." */
export function announceUndone(job: JobCard): string {
  return `${describeJob(job)} is back on top.`
}

/** "1,234 jobs match", "1 job matches", "No jobs match". */
export function formatJobCount(count: number): string {
  if (count === 0) {
    return 'No jobs match'
  }
  return count === 1 ? '1 job matches' : `${count.toLocaleString('en')} jobs match`
}
