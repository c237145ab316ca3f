/**
 * A `public.jobs` row (the columns of `JOB_COLUMNS` in job-search.sql.ts) as the API shows it:
 * a card, a detail, and what the match score reads of it.
 */
import {
  BENEFITS,
  type Benefit,
  type CompanySize,
  type EducationLevel,
  type ExperienceLevel,
  type JobCard,
  type JobDetail,
  type JobMatch,
  type JobPlace,
  type JobSalary,
  type JobType,
  type OutsideFilter,
  type WorkLocation,
} from '@app/contracts'
import type { MatchableJob } from './match-score.ts'

export type JobRow = {
  id: string
  title: string
  normalized_title: string | null
  onet_code: string | null
  company_name: string | null
  company_size: CompanySize | null
  industry: string | null
  location: string | null
  locations: JobPlace[]
  country_codes: string[]
  location_names: string[]
  work_location: WorkLocation | null
  job_type: JobType | null
  experience_level: ExperienceLevel | null
  education_level: EducationLevel | null
  /** numeric(12, 2) arrives as text. */
  salary_min: string | null
  salary_max: string | null
  salary_currency: string | null
  salary_period: JobSalary['period']
  salary_min_yearly: number | null
  salary_max_yearly: number | null
  benefits: string[]
  skills: string[]
  posted_at: Date | null
  apply_url: string | null
}

export type DetailRow = JobRow & {
  description: string | null
  description_html: string | null
  expires_at: Date | null
}

const SUMMARY_LENGTH = 300
const KNOWN_BENEFITS = new Set<string>(BENEFITS)

/** The description's start, cut at a word and marked when cut. */
export function summarize(text: string, length = SUMMARY_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= length) return flat
  const cut = flat.slice(0, length)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

function salaryOf(row: JobRow): JobSalary | null {
  if (row.salary_min === null && row.salary_max === null) return null
  return {
    min: row.salary_min === null ? null : Number(row.salary_min),
    max: row.salary_max === null ? null : Number(row.salary_max),
    currency: row.salary_currency,
    period: row.salary_period,
    minYearly: row.salary_min_yearly,
    maxYearly: row.salary_max_yearly,
  }
}

export function toMatchableJob(row: JobRow): MatchableJob {
  return {
    title: row.title,
    onetCode: row.onet_code,
    normalizedTitle: row.normalized_title,
    experienceLevel: row.experience_level,
    workLocation: row.work_location,
    countryCodes: row.country_codes,
    locationNames: row.location_names,
    salaryMaxYearly: row.salary_max_yearly,
    salaryMinYearly: row.salary_min_yearly,
    salaryCurrency: row.salary_currency,
    skills: row.skills,
  }
}

export function toJobCard(
  row: JobRow,
  summary: string,
  match: JobMatch,
  outsideFilters: OutsideFilter[] = [],
): JobCard {
  return {
    id: row.id,
    title: row.title,
    company: row.company_name,
    companySize: row.company_size,
    industry: row.industry,
    location: row.location,
    locations: row.locations,
    workLocation: row.work_location,
    jobType: row.job_type,
    experienceLevel: row.experience_level,
    educationLevel: row.education_level,
    salary: salaryOf(row),
    benefits: row.benefits.filter((benefit): benefit is Benefit => KNOWN_BENEFITS.has(benefit)),
    skills: row.skills,
    postedAt: row.posted_at?.toISOString() ?? null,
    applyUrl: row.apply_url,
    summary: summarize(summary),
    match,
    outsideFilters,
  }
}

export function toJobDetail(row: DetailRow, match: JobMatch): JobDetail {
  const description = row.description ?? ''
  return {
    ...toJobCard(row, description, match),
    description,
    descriptionHtml: row.description_html,
    expiresAt: row.expires_at?.toISOString() ?? null,
  }
}
