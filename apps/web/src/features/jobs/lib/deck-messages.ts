import type { CreditsResponse, JobCard, JobCountResponse } from '@app/contracts'
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

/**
 * A swipe refused because the price changed (409 `price_changed`): "Saving a job now costs 2
 * credits. Swipe right again to save it for 2 credits."
 */
export function announcePriceChanged(creditCost: number): string {
  const price =
    creditCost === 0 ? 'nothing' : `${creditCost} ${creditCost === 1 ? 'credit' : 'credits'}`
  const again = creditCost === 0 ? 'for free' : `for ${price}`
  return `Saving a job now costs ${price}. Swipe right again to save it ${again}.`
}

/** "Passed on Senior Engineer at Northwind. Press Z to undo." */
export function announcePassed(job: JobCard): string {
  return `Passed on ${describeJob(job)}. Press Z to undo.`
}

/** "Senior Engineer at Northwind is back on top." */
export function announceUndone(job: JobCard): string {
  return `${describeJob(job)} is back on top.`
}

/** "1,234", or "1,000+" when the server stopped counting at its cap. */
function formatNumberOfJobs({ count, capped }: JobCountResponse): string {
  return `${count.toLocaleString('en')}${capped ? '+' : ''}`
}

/** "1,234 jobs match", "1,000+ jobs match", "1 job matches", "No jobs match". */
export function formatJobCount(jobCount: JobCountResponse): string {
  if (jobCount.count === 0) {
    return 'No jobs match'
  }
  if (jobCount.count === 1 && !jobCount.capped) {
    return '1 job matches'
  }
  return `${formatNumberOfJobs(jobCount)} jobs match`
}

/** The filter sheet's closing button: "Show 12 jobs", "Show 1,000+ jobs", "Show 1 job". */
export function formatShowJobs(jobCount: JobCountResponse): string {
  const noun = jobCount.count === 1 && !jobCount.capped ? 'job' : 'jobs'
  return `Show ${formatNumberOfJobs(jobCount)} ${noun}`
}
