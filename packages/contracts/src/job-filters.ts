import { z } from 'zod'

/**
 * The job filters of spec section 7 (`GET jobs`, `GET jobs/count`), shared by the onboarding
 * wizard (whose answers become a user's default filters), the jobs API and the web deck. The
 * enumerations are the vocabulary of the whole product: importers map every feed onto them.
 */
export const JOB_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'TEMPORARY', 'INTERNSHIP'] as const
export type JobType = (typeof JOB_TYPES)[number]

/** Where the work happens (the spec's `locationType` / `workLocations`). */
export const WORK_LOCATIONS = ['REMOTE', 'HYBRID', 'ONSITE'] as const
export type WorkLocation = (typeof WORK_LOCATIONS)[number]

export const EXPERIENCE_LEVELS = [
  'INTERNSHIP',
  'ENTRY_LEVEL',
  'MID_LEVEL',
  'SENIOR_LEVEL',
  'LEAD',
  'EXECUTIVE',
] as const
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]

export const EDUCATION_LEVELS = [
  'NONE',
  'HIGH_SCHOOL',
  'ASSOCIATE',
  'BACHELOR',
  'MASTER',
  'DOCTORATE',
] as const
export type EducationLevel = (typeof EDUCATION_LEVELS)[number]

/** Employee head-count bands. */
export const COMPANY_SIZES = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001+',
] as const
export type CompanySize = (typeof COMPANY_SIZES)[number]

export const BENEFITS = [
  'HEALTH_INSURANCE',
  'DENTAL_VISION',
  'RETIREMENT_PLAN',
  'PAID_TIME_OFF',
  'PARENTAL_LEAVE',
  'FLEXIBLE_HOURS',
  'REMOTE_STIPEND',
  'LEARNING_BUDGET',
  'EQUITY',
  'BONUS',
  'VISA_SPONSORSHIP',
] as const
export type Benefit = (typeof BENEFITS)[number]

/**
 * A place to search in: a city or region (`isCountry` false, `name` like "Berlin") within a
 * country, or a whole country (`isCountry` true, `name` the country's name). `countryCode` is
 * ISO 3166-1 alpha-2, upper case.
 */
export const JobLocationFilterSchema = z.object({
  name: z.string().trim().min(1).max(120),
  isCountry: z.boolean(),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "DE"'),
})
export type JobLocationFilter = z.infer<typeof JobLocationFilterSchema>

/**
 * The filter set itself: every field optional, each list combined with OR inside and AND across
 * fields. `minimumSalary` is a yearly amount in the job's currency after normalisation to a
 * yearly figure.
 */
export const JobFiltersSchema = z.object({
  locations: z.array(JobLocationFilterSchema).max(20).optional(),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(50)
    .optional(),
  types: z.array(z.enum(JOB_TYPES)).optional(),
  experienceLevels: z.array(z.enum(EXPERIENCE_LEVELS)).optional(),
  educationLevels: z.array(z.enum(EDUCATION_LEVELS)).optional(),
  companySizes: z.array(z.enum(COMPANY_SIZES)).optional(),
  jobTitles: z.array(z.string().trim().min(1).max(120)).max(20).optional(),
  workLocations: z.array(z.enum(WORK_LOCATIONS)).optional(),
  minimumSalary: z.number().int().min(0).max(10_000_000).optional(),
  benefits: z.array(z.enum(BENEFITS)).optional(),
  companies: z.array(z.string().trim().min(1).max(120)).max(20).optional(),
  industries: z.array(z.string().trim().min(1).max(120)).max(20).optional(),
})
export type JobFilters = z.infer<typeof JobFiltersSchema>
