import { type JobTimeline, MAX_WEEKLY_INTERVIEWS } from './onboarding.ts'

/**
 * The projection model behind the wizard's charts and plan (ADR 0012): how many interview
 * invitations and offers a search can expect now and with the plan, from three answers (the
 * timeline, the interview invitations a week now, the weekly goal). Every number comes from the
 * constants below; each one states where it comes from and whether it is a published figure or
 * our own assumption. Nothing is random: the same answers always give the same projection.
 */

/**
 * Share of applications that lead to an interview invitation. Published figures range from
 * about 2% (Glassdoor: a corporate opening draws about 250 résumés, 4–6 people are interviewed)
 * to 8.4% (Jobvite's recruiting benchmark); we take 5%, between the two.
 */
export const APPLICATION_TO_INTERVIEW_RATE = 0.05

/**
 * How much more often an application to a matching job is invited, compared with the average
 * application. Our assumption, not a measurement: 1.5×. Replace it with our own rate once the
 * deck has enough outcomes.
 */
export const MATCHED_APPLICATION_UPLIFT = 1.5

/**
 * Share of interview processes (one employer each) that end in an offer. Glassdoor: one hire
 * among the 4–6 people interviewed (17–25%); recruiting benchmarks: 3 to 8 interviews per offer
 * (12–33%). We take 15%, at the low end, because one person's processes are not independent.
 */
export const INTERVIEW_TO_OFFER_RATE = 0.15

/**
 * How much practice interviews raise the chance that an interview ends in an offer. Our
 * assumption, not a measurement: 1.2× (15% becomes 18%).
 */
export const PRACTICE_OFFER_UPLIFT = 1.2

/** From invitation to offer: Glassdoor's US average interview process of about 24 days. */
export const HIRING_PROCESS_DAYS = 24

/** The weeks a search is planned over, per timeline answer ("no fixed date" plans six months). */
export const SEARCH_HORIZON_WEEKS: Record<JobTimeline, number> = {
  ASAP: 6,
  WITHIN_3_MONTHS: 13,
  WITHIN_6_MONTHS: 26,
  NO_RUSH: 26,
}

/**
 * The matched applications a week the plan suggests, per timeline: the common advice of 5–10
 * applications a week, raised for shorter timelines. Our assumption.
 */
export const SUGGESTED_APPLICATIONS_PER_WEEK: Record<JobTimeline, number> = {
  ASAP: 30,
  WITHIN_3_MONTHS: 20,
  WITHIN_6_MONTHS: 12,
  NO_RUSH: 6,
}

export const WORKDAYS_PER_WEEK = 5

const DAYS_PER_WEEK = 7
const HIRING_PROCESS_WEEKS = HIRING_PROCESS_DAYS / DAYS_PER_WEEK

/** Interview invitations one matched application brings, on average (5% × 1.5 = 7.5%). */
export const INVITATIONS_PER_MATCHED_APPLICATION =
  APPLICATION_TO_INTERVIEW_RATE * MATCHED_APPLICATION_UPLIFT

/** One way of searching: a pace of interviews and the chance that each ends in an offer. */
export type SearchOutlook = {
  interviewsPerWeek: number
  /** Chance that one interview process ends in an offer. */
  offerRate: number
  /** Interview invitations within the horizon. */
  interviewsByHorizon: number
  /** Expected offers within the horizon (offers need the hiring process's time to arrive). */
  expectedOffers: number
  /** Chance of at least one offer within the horizon, 0–1. */
  offerChance: number
}

export type SearchProjection = {
  horizonWeeks: number
  /** Matched applications a week that the plan's interview goal takes. */
  applicationsPerWeek: number
  now: SearchOutlook
  plan: SearchOutlook
  /** The chance of at least one offer by the end of each week, 0 to the horizon. */
  offerChanceByWeek: { week: number; now: number; plan: number }[]
}

export type ProjectionInputs = {
  timeline: JobTimeline
  /** Interview invitations a week today (job-search's answer). */
  interviewsPerWeek: number
  /** Interview invitations a week the user aims for with the plan (interviews-achievable). */
  interviewGoal: number
}

/**
 * The weekly interview goal to propose: what the suggested matched applications for the
 * timeline bring, never below today's pace, at least 1.
 */
export function suggestInterviewGoal(timeline: JobTimeline, interviewsPerWeek: number): number {
  const fromApplications = Math.round(
    SUGGESTED_APPLICATIONS_PER_WEEK[timeline] * INVITATIONS_PER_MATCHED_APPLICATION,
  )
  return Math.min(MAX_WEEKLY_INTERVIEWS, Math.max(1, fromApplications, interviewsPerWeek))
}

/** Matched applications a week that bring `interviewGoal` invitations on average. */
export function applicationsForInterviewGoal(interviewGoal: number): number {
  // Rounded first: 2 / 0.075 is 26.666… in floating point, never 26.67 exactly.
  return Math.ceil(Number((interviewGoal / INVITATIONS_PER_MATCHED_APPLICATION).toFixed(6)))
}

/** Chance of at least one offer after `weeks`, each interview an independent `offerRate` draw. */
export function offerChance(interviewsPerWeek: number, offerRate: number, weeks: number): number {
  return 1 - (1 - offerRate) ** (interviewsPerWeek * weeksWithOffers(weeks))
}

/** Offers from interviews of the last ~24 days have not arrived yet. */
function weeksWithOffers(weeks: number): number {
  return Math.max(0, weeks - HIRING_PROCESS_WEEKS)
}

function outlook(interviewsPerWeek: number, offerRate: number, weeks: number): SearchOutlook {
  return {
    interviewsPerWeek,
    offerRate,
    interviewsByHorizon: interviewsPerWeek * weeks,
    expectedOffers: interviewsPerWeek * offerRate * weeksWithOffers(weeks),
    offerChance: offerChance(interviewsPerWeek, offerRate, weeks),
  }
}

/** The projection of a search now and with the plan (more matched applications, practice). */
export function projectSearch({
  timeline,
  interviewsPerWeek,
  interviewGoal,
}: ProjectionInputs): SearchProjection {
  const horizonWeeks = SEARCH_HORIZON_WEEKS[timeline]
  const planOfferRate = INTERVIEW_TO_OFFER_RATE * PRACTICE_OFFER_UPLIFT
  return {
    horizonWeeks,
    applicationsPerWeek: applicationsForInterviewGoal(interviewGoal),
    now: outlook(interviewsPerWeek, INTERVIEW_TO_OFFER_RATE, horizonWeeks),
    plan: outlook(interviewGoal, planOfferRate, horizonWeeks),
    offerChanceByWeek: Array.from({ length: horizonWeeks + 1 }, (_, week) => ({
      week,
      now: offerChance(interviewsPerWeek, INTERVIEW_TO_OFFER_RATE, week),
      plan: offerChance(interviewGoal, planOfferRate, week),
    })),
  }
}

/**
 * A chance as a whole percentage for people: never "100%" (nothing is certain) and never "0%"
 * for a chance that exists.
 */
export function formatChance(chance: number): string {
  if (chance <= 0) {
    return '0%'
  }
  return `${Math.min(99, Math.max(1, Math.round(chance * 100)))}%`
}

/** The model's assumptions in words, for the charts' "What this assumes" notes. */
export const PROJECTION_ASSUMPTIONS = [
  `${pct(APPLICATION_TO_INTERVIEW_RATE)} of applications lead to an interview (published figures: 2% Glassdoor, 8.4% Jobvite), ${MATCHED_APPLICATION_UPLIFT}× that for jobs matched to you (our assumption).`,
  `${pct(INTERVIEW_TO_OFFER_RATE)} of interview processes end in an offer (Glassdoor and recruiting benchmarks: 12–33%), ${PRACTICE_OFFER_UPLIFT}× that with practice interviews (our assumption).`,
  `An offer comes about ${HIRING_PROCESS_DAYS} days after the invitation (Glassdoor's average interview process).`,
] as const

function pct(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`
}
