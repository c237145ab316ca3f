/**
 * The two shapes a job takes on its way into the catalogue:
 * - `JobPosting`: what one feed item says, in the product's words but still raw (a source
 *   parser's output: whatever the feed gives, nothing guessed);
 * - `NormalizedJob`: a catalogue row (normalize.ts fills the rest: O*NET title, skills,
 *   signals read from the text, yearly salary, sanitised description, dedupe key).
 * The values use the vocabulary of packages/contracts/src/job-filters.ts.
 */
import type {
  Benefit,
  CompanySize,
  EducationLevel,
  ExperienceLevel,
  JobType,
  WorkLocation,
} from '@app/contracts'

/** One place a job is in: a city or region, or a whole country (`name` = the country). */
export type JobPlace = {
  name: string
  region: string | null
  /** ISO 3166-1 alpha-2, upper case; null for areas such as "Europe". */
  countryCode: string | null
}

export const SALARY_PERIODS = ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR'] as const
export type SalaryPeriod = (typeof SALARY_PERIODS)[number]

export type Salary = {
  min: number | null
  max: number | null
  /** ISO 4217, upper case. */
  currency: string
  period: SalaryPeriod
}

export type JobPosting = {
  sourceId: string
  title: string
  companyName: string | null
  /** The posting as HTML (decoded, not yet sanitised), or only as plain text. */
  descriptionHtml: string | null
  descriptionText?: string | null
  places: JobPlace[]
  /** What the feed states; signals from the text fill what it leaves null. */
  workLocation?: WorkLocation | null
  /** The feed's own wording ("Full-time", "FULL_TIME", "Contractor"). */
  employmentType?: string | null
  /** The feed's own wording ("Mid-Senior level", "Entry level"). */
  experience?: string | null
  /** The feed's own wording ("Bachelor's Degree"). */
  education?: string | null
  industry?: string | null
  department?: string | null
  /** A head count or a band ("51-200") when the feed gives one. */
  companySize?: number | string | null
  salary?: Salary | null
  /** Benefits the feed states as data (Ashby's equity and bonus components). */
  benefits?: Benefit[]
  applyUrl: string | null
  postedAt: Date | null
  updatedAt?: Date | null
  expiresAt?: Date | null
}

export type NormalizedJob = {
  source: string
  sourceId: string
  /** The board (Greenhouse token, Lever site, page URL, …) the job was imported from. */
  sourceBoard: string | null
  title: string
  normalizedTitle: string | null
  onetCode: string | null
  companyName: string | null
  companySize: CompanySize | null
  industry: string | null
  places: JobPlace[]
  /** The one-line label shown on a card ("Berlin, Germany", "Remote (United States)"). */
  location: string | null
  workLocation: WorkLocation | null
  jobType: JobType | null
  experienceLevel: ExperienceLevel | null
  educationLevel: EducationLevel | null
  salary: Salary | null
  /** The salary as a yearly figure in its own currency, for the minimum-salary filter. */
  salaryYearly: { min: number | null; max: number | null } | null
  benefits: Benefit[]
  skills: string[]
  /** Plain text. */
  description: string
  /** Sanitised HTML. */
  descriptionHtml: string
  applyUrl: string | null
  postedAt: Date | null
  sourceUpdatedAt: Date | null
  expiresAt: Date | null
  /** Normalised company + title + first place; null when the company is unknown. */
  dedupeKey: string | null
}
