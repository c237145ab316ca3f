/**
 * A feed item (`JobPosting`) to a catalogue row (`NormalizedJob`): the feed's own fields
 * first, then what its title and text say for the fields it leaves out (signals.ts), the
 * O*NET occupation and skills, the salary as a yearly figure, the description sanitised and
 * as plain text, the card's location label and the dedupe key.
 */
import { BENEFITS, type Benefit, type JobType } from '@app/contracts'
import { dedupeKey } from './dedupe.ts'
import { htmlToText, sanitizeDescription, textToHtml } from './html-text.ts'
import type { JobPosting, NormalizedJob, Salary, SalaryPeriod } from './normalized-job.ts'
import { extractSkills } from './onet/skill-extractor.ts'
import { normalizeTitle } from './onet/title-normalizer.ts'
import { locationLabel } from './places.ts'
import {
  benefitsFromText,
  companySize,
  companySizeFromText,
  educationFromText,
  experienceFromLabel,
  experienceFromText,
  experienceFromTitle,
  jobTypeFromLabel,
  jobTypeFromText,
  salaryFromText,
  workLocationFromText,
} from './signals.ts'

/** Paid periods in a year: 52 weeks of 40 hours or 5 days. */
const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = {
  YEAR: 1,
  MONTH: 12,
  WEEK: 52,
  DAY: 260,
  HOUR: 2080,
}

/** The salary as whole yearly amounts in its own currency. */
export function yearlySalary(salary: Salary | null): NormalizedJob['salaryYearly'] {
  if (!salary) {
    return null
  }
  const yearly = (amount: number | null) =>
    amount === null ? null : Math.round(amount * PERIODS_PER_YEAR[salary.period])
  return { min: yearly(salary.min), max: yearly(salary.max) }
}

/** Where "$" is not the US dollar. */
const DOLLAR_BY_COUNTRY: Record<string, string> = {
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  MX: 'MXN',
}

/** Both lists' benefits, once each, in the vocabulary's order. */
function mergeBenefits(stated: Benefit[], mentioned: Benefit[]): Benefit[] {
  const all = new Set([...stated, ...mentioned])
  return BENEFITS.filter((benefit) => all.has(benefit))
}

/** "Software Engineer (Contract)", "Marketing Intern": the type a title states. */
function jobTypeFromTitle(title: string): JobType | null {
  const asides = [...title.matchAll(/\(([^)]*)\)|\[([^\]]*)\]|\s[-–|]\s(.*)$/g)]
    .map((match) => match[1] ?? match[2] ?? match[3])
    .join(' ')
  return (
    jobTypeFromLabel(asides) ?? (experienceFromTitle(title) === 'INTERNSHIP' ? 'INTERNSHIP' : null)
  )
}

export function normalizeJob(
  posting: JobPosting,
  origin: { source: string; board: string | null },
): NormalizedJob {
  const descriptionHtml = posting.descriptionHtml
    ? sanitizeDescription(posting.descriptionHtml)
    : textToHtml(posting.descriptionText ?? '')
  const text = htmlToText(descriptionHtml)
  const title = posting.title.replace(/\s+/g, ' ').trim()
  const occupation = normalizeTitle(title)
  const places = posting.places
  const workLocation =
    posting.workLocation ?? workLocationFromText(title) ?? workLocationFromText(text)
  const dollarCurrency = places
    .map((place) => DOLLAR_BY_COUNTRY[place.countryCode ?? ''])
    .find(Boolean)
  const salary = posting.salary ?? salaryFromText(text, { dollarCurrency })
  const jobType =
    jobTypeFromLabel(posting.employmentType) ?? jobTypeFromTitle(title) ?? jobTypeFromText(text)
  return {
    source: origin.source,
    sourceId: posting.sourceId,
    sourceBoard: origin.board,
    title,
    normalizedTitle: occupation?.title ?? null,
    onetCode: occupation?.code ?? null,
    companyName: posting.companyName?.trim() || null,
    companySize: companySize(posting.companySize) ?? companySizeFromText(text),
    industry: posting.industry?.trim() || null,
    places,
    location: locationLabel(places, workLocation),
    workLocation,
    jobType,
    experienceLevel:
      (jobType === 'INTERNSHIP' ? 'INTERNSHIP' : null) ??
      experienceFromTitle(title) ??
      experienceFromLabel(posting.experience) ??
      experienceFromText(text),
    educationLevel: educationFromText(posting.education) ?? educationFromText(text),
    salary,
    salaryYearly: yearlySalary(salary),
    benefits: mergeBenefits(posting.benefits ?? [], benefitsFromText(text)),
    skills: extractSkills(`${title}\n${text}`),
    description: text,
    descriptionHtml,
    applyUrl: posting.applyUrl,
    postedAt: posting.postedAt,
    sourceUpdatedAt: posting.updatedAt ?? null,
    expiresAt: posting.expiresAt ?? null,
    dedupeKey: dedupeKey(posting.companyName, title, places[0], workLocation === 'REMOTE'),
  }
}
