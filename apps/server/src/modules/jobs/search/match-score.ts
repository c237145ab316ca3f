/**
 * How well a job fits a seeker: a score from 0 to 100 made of four sub-scores, a band, and the
 * three strongest reasons in words for the card. Pure: the seeker's side (`Seeker`) comes from
 * their professional profile and onboarding answers (seeker-profile.ts).
 *
 * A sub-score is null when one side says nothing (no skills on the profile, no salary on the
 * job, …); the total weighs only the known ones, so a new user's jobs still rank by what is
 * known instead of all sinking to zero.
 */
import {
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  type JobLocationFilter,
  type JobMatch,
  type MatchBand,
  type WorkLocation,
} from '@app/contracts'
import { countryName } from '../catalogue/places.ts'
import { convertAmount, type ExchangeRates, exchangeRates } from './exchange-rates.ts'

/**
 * The weights, after the tools seekers compare us with (design/product-notes.md): Huntr weighs
 * qualifications at a third to a half and keywords under 20% so keyword stuffing cannot win;
 * Indeed vetoes jobs outside the preferred area or below the seeker's pay. So what the job is and
 * at which level weigh most, then place and work mode, then the skills named in the posting
 * (keywords, at most a fifth), then pay.
 */
export const MATCH_WEIGHTS = {
  titleAndLevel: 0.4,
  locationAndWorkMode: 0.25,
  skills: 0.2,
  salary: 0.15,
} as const

/** Jobright's bands: Strong from 80, Good from 60, Fair below. */
export const BAND_THRESHOLDS = { STRONG: 80, GOOD: 60 } as const

/** What the score reads of a job. */
export type MatchableJob = {
  title: string
  onetCode: string | null
  /** The O*NET occupation's title. */
  normalizedTitle: string | null
  experienceLevel: ExperienceLevel | null
  workLocation: WorkLocation | null
  countryCodes: string[]
  /** Lower-case city and region names. */
  locationNames: string[]
  salaryMaxYearly: number | null
  salaryMinYearly: number | null
  salaryCurrency: string | null
  skills: string[]
}

/** What the score knows of the seeker. */
export type Seeker = {
  skills: string[]
  /** Titles they want (onboarding) or held (profile), each with its O*NET code when known. */
  titles: Array<{ title: string; onetCode: string | null }>
  experienceLevel: ExperienceLevel | null
  workLocations: WorkLocation[]
  places: JobLocationFilter[]
  /** Yearly, in `minimumSalaryCurrency`. */
  minimumSalary: number | null
  /** ISO 4217; null (answers from before the question existed): the job's currency. */
  minimumSalaryCurrency: string | null
}

type Reason = { text: string; strength: number }
/** A sub-score, what speaks for the job, and what does not fit. */
type Part = { score: number | null; reasons: Reason[]; concerns?: Reason[] }

const normalizeSkill = (skill: string) => skill.trim().toLowerCase()

function skillsPart(job: MatchableJob, seeker: Seeker): Part {
  if (!job.skills.length || !seeker.skills.length) return { score: null, reasons: [] }
  const known = new Set(seeker.skills.map(normalizeSkill))
  const matched = job.skills.filter((skill) => known.has(normalizeSkill(skill)))
  // Partial coverage still counts: a quarter of the skills scores 50, all of them 100.
  const score = Math.round(100 * Math.sqrt(matched.length / job.skills.length))
  if (!matched.length) return { score, reasons: [] }
  const named = matched.slice(0, 3).join(', ') + (matched.length > 3 ? '…' : '')
  const count = matched.length === 1 ? '1 of your skills' : `${matched.length} of your skills`
  return { score, reasons: [{ text: `Matches ${count}: ${named}`, strength: score }] }
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9+#]+/)
      .filter((word) => word.length > 1),
  )

/** How much of the seeker's title the job's title or occupation repeats, 0–1. */
function titleOverlap(wanted: string, job: MatchableJob): number {
  const wantedWords = words(wanted)
  if (!wantedWords.size) return 0
  const jobWords = words(`${job.title} ${job.normalizedTitle ?? ''}`)
  const shared = [...wantedWords].filter((word) => jobWords.has(word)).length
  return shared / wantedWords.size
}

const LEVEL_NAMES: Record<ExperienceLevel, string> = {
  INTERNSHIP: 'Internship',
  ENTRY_LEVEL: 'Entry level',
  MID_LEVEL: 'Mid level',
  SENIOR_LEVEL: 'Senior level',
  LEAD: 'Lead level',
  EXECUTIVE: 'Executive level',
}
/** One level apart still fits; two apart hardly. */
const LEVEL_SCORES = [100, 60, 20, 0]

function titleAndLevelPart(job: MatchableJob, seeker: Seeker): Part {
  const reasons: Reason[] = []
  let title: number | null = null
  if (seeker.titles.length) {
    const sameOccupation = seeker.titles.find(
      (wanted) => wanted.onetCode && wanted.onetCode === job.onetCode,
    )
    if (sameOccupation) {
      title = 100
      reasons.push({ text: `The role you're after: ${sameOccupation.title}`, strength: 100 })
    } else {
      const best = Math.max(...seeker.titles.map((wanted) => titleOverlap(wanted.title, job)))
      title = Math.round(80 * best)
      if (best >= 0.5) reasons.push({ text: `Close to the roles you want`, strength: title })
    }
  }
  let level: number | null = null
  if (seeker.experienceLevel && job.experienceLevel) {
    const distance = Math.abs(
      EXPERIENCE_LEVELS.indexOf(job.experienceLevel) -
        EXPERIENCE_LEVELS.indexOf(seeker.experienceLevel),
    )
    level = LEVEL_SCORES[Math.min(distance, LEVEL_SCORES.length - 1)] as number
    if (distance === 0) {
      reasons.push({ text: `${LEVEL_NAMES[job.experienceLevel]}, like you`, strength: 90 })
    }
  }
  // What the job is matters more than its level.
  return {
    score: weighted([
      [title, 0.6],
      [level, 0.4],
    ]),
    reasons,
  }
}

const WORK_MODE_NAMES: Record<WorkLocation, string> = {
  REMOTE: 'Remote',
  HYBRID: 'Hybrid',
  ONSITE: 'On site',
}
/** Hybrid sits between remote and on site. */
const WORK_MODE_ORDER: WorkLocation[] = ['REMOTE', 'HYBRID', 'ONSITE']

function placeScore(job: MatchableJob, seeker: Seeker): { score: number; place?: string } {
  const city = seeker.places.find(
    (place) =>
      !place.isCountry &&
      job.countryCodes.includes(place.countryCode) &&
      job.locationNames.includes(place.name.toLowerCase()),
  )
  if (city) return { score: 100, place: city.name }
  const country = seeker.places.find((place) => job.countryCodes.includes(place.countryCode))
  if (job.workLocation === 'REMOTE') {
    // Remote work counts where the seeker may work: their countries, or anywhere.
    return country || !job.countryCodes.length ? { score: 100 } : { score: 60 }
  }
  if (country) {
    // A city asked for, another place in its country: name the country ("In Germany").
    const name = country.isCountry ? country.name : countryName(country.countryCode)
    return { score: 70, place: name ?? country.countryCode }
  }
  return { score: 0 }
}

function locationAndWorkModePart(job: MatchableJob, seeker: Seeker): Part {
  const reasons: Reason[] = []
  let mode: number | null = null
  if (seeker.workLocations.length && job.workLocation) {
    const distance = Math.min(
      ...seeker.workLocations.map((wanted) =>
        Math.abs(WORK_MODE_ORDER.indexOf(wanted) - WORK_MODE_ORDER.indexOf(job.workLocation!)),
      ),
    )
    mode = distance === 0 ? 100 : distance === 1 ? 50 : 0
    if (distance === 0) {
      reasons.push({ text: `${WORK_MODE_NAMES[job.workLocation]}, as you prefer`, strength: 95 })
    }
  }
  let place: number | null = null
  if (seeker.places.length && (job.countryCodes.length || job.workLocation === 'REMOTE')) {
    const result = placeScore(job, seeker)
    place = result.score
    if (result.place && result.score >= 70) {
      reasons.push({ text: `In ${result.place}, where you want to work`, strength: result.score })
    }
  }
  return {
    score: weighted([
      [place, 0.5],
      [mode, 0.5],
    ]),
    reasons,
  }
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
}

/** 150000 USD → "$150k"; 1250000 EUR → "€1.25M". */
export function formatAmount(amount: number, currency: string | null): string {
  const short =
    amount >= 1_000_000
      ? `${Number((amount / 1_000_000).toFixed(2))}M`
      : amount >= 1000
        ? `${Math.round(amount / 1000)}k`
        : String(amount)
  const symbol = currency ? CURRENCY_SYMBOLS[currency] : undefined
  return symbol ? `${symbol}${short}` : currency ? `${short} ${currency}` : short
}

/** Amounts within half a percent count as the same ("meeting your minimum"). */
const SAME_AMOUNT = 0.005

/**
 * Pay against the seeker's minimum, in the job's currency: the minimum is converted with the
 * rates table (exchange-rates.ts) when the currencies differ, and the reason then names both
 * amounts ("Pays up to ₹2.4M, about €23k: below your €60k"). A job in a currency the table does
 * not know compares nothing (null), never a full score. A seeker whose answers predate the
 * currency question (no currency) is compared in the job's currency, as before.
 */
function salaryPart(job: MatchableJob, seeker: Seeker, rates: ExchangeRates): Part {
  if (!seeker.minimumSalary) return { score: null, reasons: [] }
  const top = job.salaryMaxYearly ?? job.salaryMinYearly
  // Not published: shown (the filter keeps these), but below jobs that pay enough.
  if (top === null) return { score: 50, reasons: [] }
  const wanted = seeker.minimumSalaryCurrency
  const jobCurrency = job.salaryCurrency
  let minimum = seeker.minimumSalary
  if (wanted && wanted !== jobCurrency) {
    const inJobCurrency =
      jobCurrency && convertAmount(seeker.minimumSalary, wanted, jobCurrency, rates)
    if (!inJobCurrency) return { score: null, reasons: [] }
    minimum = inJobCurrency
  }
  const pays = formatAmount(top, jobCurrency)
  const converted = wanted && wanted !== jobCurrency
  const yours = formatAmount(seeker.minimumSalary, wanted ?? jobCurrency)
  const about = converted
    ? `, about ${formatAmount(convertAmount(top, jobCurrency!, wanted, rates)!, wanted)}`
    : ''
  if (top < minimum * (1 - SAME_AMOUNT)) {
    return {
      score: Math.round(100 * (top / minimum) ** 2),
      reasons: [],
      concerns: [{ text: `Pays up to ${pays}${about}: below your ${yours}`, strength: 100 }],
    }
  }
  const verb = top <= minimum * (1 + SAME_AMOUNT) ? 'meeting' : 'above'
  return {
    score: 100,
    reasons: [{ text: `Pays up to ${pays}${about}, ${verb} your ${yours} minimum`, strength: 85 }],
  }
}

/** The weighted mean of the known scores, or null when none is known. */
function weighted(parts: Array<[number | null, number]>): number | null {
  const known = parts.filter((part): part is [number, number] => part[0] !== null)
  const weight = known.reduce((sum, [, w]) => sum + w, 0)
  if (!weight) return null
  return Math.round(known.reduce((sum, [score, w]) => sum + score * w, 0) / weight)
}

export function bandOf(score: number): MatchBand {
  if (score >= BAND_THRESHOLDS.STRONG) return 'STRONG'
  if (score >= BAND_THRESHOLDS.GOOD) return 'GOOD'
  return 'FAIR'
}

/** When nothing is known about the seeker, every job is an even match. */
const UNKNOWN_SCORE = 50

export function matchJob(
  job: MatchableJob,
  seeker: Seeker,
  rates: ExchangeRates = exchangeRates(),
): JobMatch {
  // In the weights' order, so that equally strong reasons come in order of importance.
  const parts = {
    titleAndLevel: titleAndLevelPart(job, seeker),
    locationAndWorkMode: locationAndWorkModePart(job, seeker),
    skills: skillsPart(job, seeker),
    salary: salaryPart(job, seeker, rates),
  }
  const score =
    weighted(
      (Object.keys(parts) as Array<keyof typeof parts>).map((name) => [
        parts[name].score,
        MATCH_WEIGHTS[name],
      ]),
    ) ?? UNKNOWN_SCORE
  const reasons = Object.values(parts)
    .flatMap((part) => part.reasons)
    .sort((a, b) => b.strength - a.strength)
    .slice(0, 3)
    .map((reason) => reason.text)
  const concerns = Object.values(parts)
    .flatMap((part) => part.concerns ?? [])
    .sort((a, b) => b.strength - a.strength)
    .slice(0, 3)
    .map((concern) => concern.text)
  return {
    score,
    band: bandOf(score),
    subScores: {
      skills: parts.skills.score,
      titleAndLevel: parts.titleAndLevel.score,
      locationAndWorkMode: parts.locationAndWorkMode.score,
      salary: parts.salary.score,
    },
    reasons,
    concerns,
  }
}
