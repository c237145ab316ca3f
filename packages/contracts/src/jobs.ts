import { z } from 'zod'
import {
  BENEFITS,
  COMPANY_SIZES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  JobFiltersSchema,
  JobLocationFilterSchema,
  WORK_LOCATIONS,
  type JobFilters,
  type JobLocationFilter,
} from './job-filters.ts'

/**
 * The jobs API (spec section 7): `GET /api/jobs`, `GET /api/jobs/count`, `GET /api/jobs/:id`,
 * `POST /api/jobs/:id/reports` and the job alerts (`/api/job-alerts`), shared by the server and
 * the web deck.
 *
 * Query-string encoding of the filters (`jobSearchToQueryString` writes it, the server parses it
 * with `JobSearchQuerySchema`):
 * - every list may repeat its key (`types=FULL_TIME&types=CONTRACT`); the code-valued lists
 *   (`countries`, `types`, `experienceLevels`, `educationLevels`, `companySizes`,
 *   `workLocations`, `benefits`) also accept comma lists (`types=FULL_TIME,CONTRACT`), while the
 *   free-text lists (`jobTitles`, `companies`, `industries`) only repeat, since a company name may
 *   hold a comma;
 * - `locations` repeats one place per value as `name|countryCode|city` or
 *   `name|countryCode|country` (`locations=Berlin|DE|city&locations=France|FR|country`); the
 *   name may itself contain `|`, the last two fields are read from the right;
 * - `minimumSalary` is a whole yearly amount; `q` free text; `cursor` the opaque `nextCursor` of
 *   the previous page; `limit` 1–50 (default 20);
 * - `defaults=none` turns off the onboarding defaults (below); `alertId` searches with a saved
 *   job alert's filters instead of the query's (the notification-filter variant);
 * - `widen=true` (the deck): once the jobs matching the filters run out, the pages go on with
 *   jobs just outside them, step by step (ADR 0015), each card saying which filters it is
 *   outside of (`outsideFilters`); the count always counts the filters' own matches.
 *
 * Defaults: a request that names no filter at all (free text aside) searches with the filters
 * the user's onboarding answers imply; the response's `filters` says what was applied, so a
 * filter panel can show them, and `defaults=none` searches the whole catalogue.
 */

export const JOB_SEARCH_DEFAULT_LIMIT = 20
export const JOB_SEARCH_MAX_LIMIT = 50

/** The filter fields whose values are codes: comma lists are accepted for these. */
const CODE_LIST_FIELDS = [
  'countries',
  'types',
  'experienceLevels',
  'educationLevels',
  'companySizes',
  'workLocations',
  'benefits',
] as const
/** The filter fields whose values are free text: repeated keys only. */
const TEXT_LIST_FIELDS = ['jobTitles', 'companies', 'industries'] as const

/** One raw query value: absent, once, or repeated (Fastify gives an array for a repeated key). */
const rawValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))

/** A list of codes: repeated keys and comma lists, each value checked against `item`. */
function codeList<T extends z.ZodType<unknown, string>>(item: T) {
  return rawValues
    .transform((values) =>
      values
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))
}
/** A list of free-text values: repeated keys only (a value may hold a comma). */
const textList = rawValues.transform((values) =>
  values.map((value) => value.trim()).filter(Boolean),
)

const LOCATION_KINDS = { city: false, country: true } as const

/** `name|countryCode|city` or `name|countryCode|country`, read from the right; null if neither. */
export function parseLocationParam(value: string): JobLocationFilter | null {
  const parts = value.split('|')
  if (parts.length < 3) return null
  const kind = (parts.pop() as string).trim()
  const countryCode = (parts.pop() as string).trim()
  if (kind !== 'city' && kind !== 'country') return null
  return { name: parts.join('|').trim(), countryCode, isCountry: LOCATION_KINDS[kind] }
}

export function formatLocationParam(location: JobLocationFilter): string {
  return `${location.name}|${location.countryCode}|${location.isCountry ? 'country' : 'city'}`
}

const locationParam = z
  .string()
  .transform((value, ctx) => {
    const location = parseLocationParam(value)
    if (location) return location
    ctx.addIssue({
      code: 'custom',
      message: 'must be "name|countryCode|city" or "name|countryCode|country"',
    })
    return z.NEVER
  })
  .pipe(JobLocationFilterSchema)

const locationList = rawValues.pipe(z.array(locationParam))

const wholeNumber = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional()

/** The query string of `GET /api/jobs` and `GET /api/jobs/count`, parsed into filters. */
export const JobSearchQuerySchema = z
  .object({
    locations: locationList,
    countries: codeList(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')),
    types: codeList(z.enum(JOB_TYPES)),
    experienceLevels: codeList(z.enum(EXPERIENCE_LEVELS)),
    educationLevels: codeList(z.enum(EDUCATION_LEVELS)),
    companySizes: codeList(z.enum(COMPANY_SIZES)),
    workLocations: codeList(z.enum(WORK_LOCATIONS)),
    benefits: codeList(z.enum(BENEFITS)),
    jobTitles: textList,
    companies: textList,
    industries: textList,
    minimumSalary: wholeNumber,
    q: z.string().trim().max(200).optional(),
    cursor: z.string().max(500).optional(),
    limit: wholeNumber.pipe(
      z.number().int().min(1).max(JOB_SEARCH_MAX_LIMIT).default(JOB_SEARCH_DEFAULT_LIMIT),
    ),
    defaults: z.enum(['onboarding', 'none']).default('onboarding'),
    alertId: z.uuid().optional(),
    widen: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .transform(({ q, cursor, limit, defaults, alertId, widen, ...fields }, ctx) => {
    // Empty lists mean "not filtered": drop them so `filters` only names what applies; the
    // filter schema then checks the limits (list lengths, salary range).
    const present = Object.fromEntries(
      Object.entries(fields).filter(([, value]) =>
        Array.isArray(value) ? value.length > 0 : value !== undefined,
      ),
    )
    const parsed = JobFiltersSchema.safeParse(present)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' })
      return z.NEVER
    }
    return { filters: parsed.data, q: q || undefined, cursor, limit, defaults, alertId, widen }
  })
export type JobSearchQuery = z.output<typeof JobSearchQuerySchema>

/** What a client sends: the filters plus free text and paging. */
export type JobSearchParams = {
  filters?: JobFilters
  q?: string
  cursor?: string | null
  limit?: number
  defaults?: 'onboarding' | 'none'
  alertId?: string
  /** The deck's search: when the filters' own matches run out, widen them (`outsideFilters`). */
  widen?: boolean
}

/** Writes the query string the server parses (without the leading `?`). */
export function jobSearchToQueryString(params: JobSearchParams): string {
  const query = new URLSearchParams()
  const { filters = {} } = params
  for (const location of filters.locations ?? []) {
    query.append('locations', formatLocationParam(location))
  }
  for (const field of [...CODE_LIST_FIELDS, ...TEXT_LIST_FIELDS]) {
    for (const value of filters[field] ?? []) query.append(field, value)
  }
  if (filters.minimumSalary !== undefined) {
    query.set('minimumSalary', String(filters.minimumSalary))
  }
  if (params.q) query.set('q', params.q)
  if (params.cursor) query.set('cursor', params.cursor)
  if (params.limit !== undefined) query.set('limit', String(params.limit))
  if (params.defaults) query.set('defaults', params.defaults)
  if (params.alertId) query.set('alertId', params.alertId)
  if (params.widen) query.set('widen', 'true')
  return query.toString()
}

// ---------------------------------------------------------------------------------------------
// Responses

/** Strong ≥ 80, Good ≥ 60, Fair below (the bands seekers know from Jobright). */
export const MATCH_BANDS = ['STRONG', 'GOOD', 'FAIR'] as const
export type MatchBand = (typeof MATCH_BANDS)[number]

/**
 * How well a job fits the user, 0–100. A sub-score is null when nothing is known to compare
 * (no skills in the profile, no salary on the job, …); the total weighs only what is known.
 */
export const JobMatchSchema = z.object({
  score: z.number().int().min(0).max(100),
  band: z.enum(MATCH_BANDS),
  subScores: z.object({
    skills: z.number().int().min(0).max(100).nullable(),
    titleAndLevel: z.number().int().min(0).max(100).nullable(),
    locationAndWorkMode: z.number().int().min(0).max(100).nullable(),
    salary: z.number().int().min(0).max(100).nullable(),
  }),
  /** Up to three sentences for the card, strongest first ("Remote, as you prefer"). */
  reasons: z.array(z.string()).max(3),
  /**
   * What does not fit, in words ("Pays up to ₹2.4M, about €23k: below your €60k"); at most
   * three. Absent from answers of servers before it existed.
   */
  concerns: z.array(z.string()).max(3).optional(),
})
export type JobMatch = z.infer<typeof JobMatchSchema>

export const SALARY_PERIODS = ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR'] as const

export const JobSalarySchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  currency: z.string().nullable(),
  period: z.enum(SALARY_PERIODS).nullable(),
  /** The range as a yearly figure in the same currency (what `minimumSalary` compares with). */
  minYearly: z.number().int().nullable(),
  maxYearly: z.number().int().nullable(),
})
export type JobSalary = z.infer<typeof JobSalarySchema>

/** One place of a job: a city or region, or a whole country (`name` is then the country). */
export const JobPlaceSchema = z.object({
  name: z.string(),
  region: z.string().nullable().optional(),
  /** ISO 3166-1 alpha-2; null for areas such as "Europe". */
  countryCode: z.string().nullable().optional(),
})
export type JobPlace = z.infer<typeof JobPlaceSchema>

/**
 * Why a widened deck card (`widen=true`, ADR 0015) lies outside the search's filters, one entry
 * per filter it misses:
 * - `location`: elsewhere in the country of a city asked for;
 * - `level`: one experience level above or below the one asked for;
 * - `title`: a related occupation (the same O*NET group) rather than the title asked for;
 * - `remote`: a remote job outside the places or work modes asked for;
 * - `workMode`: another work mode (on site instead of hybrid, …) in a place asked for.
 */
export const OUTSIDE_FILTERS = ['location', 'level', 'title', 'remote', 'workMode'] as const
export type OutsideFilter = (typeof OUTSIDE_FILTERS)[number]

/** A job as a deck card or list row shows it. */
export const JobCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  company: z.string().nullable(),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  industry: z.string().nullable(),
  /** One line for the card: "Berlin, Germany", "Remote". */
  location: z.string().nullable(),
  locations: z.array(JobPlaceSchema),
  workLocation: z.enum(WORK_LOCATIONS).nullable(),
  jobType: z.enum(JOB_TYPES).nullable(),
  experienceLevel: z.enum(EXPERIENCE_LEVELS).nullable(),
  educationLevel: z.enum(EDUCATION_LEVELS).nullable(),
  salary: JobSalarySchema.nullable(),
  benefits: z.array(z.enum(BENEFITS)),
  skills: z.array(z.string()),
  postedAt: z.iso.datetime({ offset: true }).nullable(),
  applyUrl: z.string().nullable(),
  /** The start of the plain-text description (about 300 characters); the detail has it all. */
  summary: z.string(),
  match: JobMatchSchema,
  /**
   * Empty or absent for a job that matches every filter; on a widened deck card, the filters it
   * is outside of (shown as "Outside your filters: remote").
   */
  outsideFilters: z.array(z.enum(OUTSIDE_FILTERS)).optional(),
})
export type JobCard = z.infer<typeof JobCardSchema>

/** A job as its detail view shows it: the card plus the whole description. */
export const JobDetailSchema = JobCardSchema.extend({
  /** Plain text. */
  description: z.string(),
  /** Sanitised HTML, when the source had markup. */
  descriptionHtml: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
})
export type JobDetail = z.infer<typeof JobDetailSchema>

/**
 * `GET /api/jobs`: one page, best match first within the page. `nextCursor` is null on the last
 * page. `filters` are the filters applied (the onboarding defaults when the query named none).
 */
export const JobListResponseSchema = z.object({
  jobs: z.array(JobCardSchema),
  nextCursor: z.string().nullable(),
  filters: JobFiltersSchema,
})
export type JobListResponse = z.infer<typeof JobListResponseSchema>

/**
 * `GET /api/jobs/count`: how many jobs the same query lists over all its pages, exactly up to
 * `JOB_COUNT_CAP`; beyond it `count` is the cap and `capped` is true (show "1,000+"): an exact
 * count of a broad search would read most of the catalogue on every filter change.
 */
export const JOB_COUNT_CAP = 1000
export const JobCountResponseSchema = z.object({
  count: z.number().int().min(0),
  capped: z.boolean(),
})
export type JobCountResponse = z.infer<typeof JobCountResponseSchema>

/** `GET /api/jobs/:id` (expired jobs too, so a saved link still opens). */
export const JobDetailResponseSchema = z.object({ job: JobDetailSchema })
export type JobDetailResponse = z.infer<typeof JobDetailResponseSchema>

// ---------------------------------------------------------------------------------------------
// Reports

export const JOB_REPORT_REASONS = ['SPAM', 'EXPIRED', 'WRONG_DETAILS', 'SCAM', 'OTHER'] as const
export type JobReportReason = (typeof JOB_REPORT_REASONS)[number]

/** `POST /api/jobs/:id/reports` → 201 `{report}`. */
export const JobReportRequestSchema = z.object({
  reason: z.enum(JOB_REPORT_REASONS),
  details: z.string().trim().max(2000).default(''),
  /** The filters in use when the user reported (kept for moderation). */
  filters: JobFiltersSchema.optional(),
})
export type JobReportRequest = z.input<typeof JobReportRequestSchema>

export const JobReportSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  reason: z.enum(JOB_REPORT_REASONS),
  details: z.string(),
  filters: JobFiltersSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type JobReport = z.infer<typeof JobReportSchema>
export const JobReportResponseSchema = z.object({ report: JobReportSchema })

// ---------------------------------------------------------------------------------------------
// Job alerts: saved filter sets mailed as a daily digest of new matching jobs.

export const JOB_ALERT_FREQUENCIES = ['DAILY'] as const
/** How many alerts one user may keep. */
export const MAX_JOB_ALERTS_PER_USER = 10

/** `POST /api/job-alerts` → 201 `{alert}`. */
export const JobAlertRequestSchema = z.object({
  name: z.string().trim().min(1).max(80),
  filters: JobFiltersSchema,
  q: z.string().trim().max(200).optional(),
})
export type JobAlertRequest = z.input<typeof JobAlertRequestSchema>

export const JobAlertSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: JobFiltersSchema,
  q: z.string().nullable(),
  frequency: z.enum(JOB_ALERT_FREQUENCIES),
  lastSentAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type JobAlert = z.infer<typeof JobAlertSchema>
export const JobAlertResponseSchema = z.object({ alert: JobAlertSchema })
/** `GET /api/job-alerts`, newest first. `DELETE /api/job-alerts/:id` → 204. */
export const JobAlertListResponseSchema = z.object({ alerts: z.array(JobAlertSchema) })
