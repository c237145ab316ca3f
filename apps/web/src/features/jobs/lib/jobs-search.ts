import {
  BENEFITS,
  COMPANY_SIZES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  type JobFilters,
  type JobLocationFilter,
  type JobSearchParams,
  WORK_LOCATIONS,
  formatLocationParam,
  parseLocationParam,
} from '@app/contracts'
import { z } from 'zod'

/**
 * The jobs pages' URL search params: the filters, free text and whether the onboarding defaults
 * apply, so a filtered deck is a link that can be shared and survives a reload.
 *
 * Encoding (TanStack Router leaves plain strings as they are and JSON-encodes arrays):
 * - the code-valued lists are one comma list each, readable in the address bar
 *   (`types=FULL_TIME,CONTRACT`); codes never hold a comma;
 * - the free-text lists (`jobTitles`, `companies`, `industries`) are arrays, since a name may
 *   hold a comma; `locations` is an array of the API's `name|countryCode|city` (or `|country`)
 *   strings;
 * - no filter at all means "my onboarding defaults" (the server applies them and says which);
 *   `defaults=none` is the whole catalogue.
 *
 * The schema cleans values but keeps their URL form (its output is valid input again), so a
 * link can hand the search on as it is; `filtersFromSearch` reads the filters out of it. A value
 * that does not parse is dropped on its own (`.catch`), so a mangled link still opens with the
 * rest of its filters rather than an error page.
 */

const COUNTRY_CODE = /^[A-Z]{2}$/

/** Unique, non-empty values; undefined when none is left ("not filtered"). */
function unique<T>(values: T[]): T[] | undefined {
  return values.length > 0 ? [...new Set(values)] : undefined
}

/** A comma list of the codes `isKnown` accepts, cleaned of the others. */
function codeList(isKnown: (code: string) => boolean) {
  return z
    .string()
    .transform((value) => unique(value.split(',').filter(isKnown))?.join(','))
    .optional()
    .catch(undefined)
}

const textList = z
  .array(z.unknown())
  .transform((values) =>
    unique(
      values
        .filter((value) => typeof value === 'string' || typeof value === 'number')
        .map((value) => String(value).trim())
        .filter(Boolean),
    ),
  )
  .optional()
  .catch(undefined)

function readLocation(value: unknown): JobLocationFilter | null {
  const location = typeof value === 'string' ? parseLocationParam(value) : null
  return location && location.name !== '' && COUNTRY_CODE.test(location.countryCode)
    ? location
    : null
}

const locationList = z
  .array(z.unknown())
  .transform((values) =>
    unique(
      values
        .map(readLocation)
        .filter((location) => location !== null)
        .map(formatLocationParam),
    ),
  )
  .optional()
  .catch(undefined)

const isOneOf = (codes: readonly string[]) => (code: string) => codes.includes(code)

export const JobsSearchSchema = z.object({
  // The router reads `q=2024` as a number: it is still text.
  q: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim().slice(0, 200) || undefined)
    .optional()
    .catch(undefined),
  defaults: z.literal('none').optional().catch(undefined),
  locations: locationList,
  countries: codeList((code) => COUNTRY_CODE.test(code)),
  types: codeList(isOneOf(JOB_TYPES)),
  experienceLevels: codeList(isOneOf(EXPERIENCE_LEVELS)),
  educationLevels: codeList(isOneOf(EDUCATION_LEVELS)),
  companySizes: codeList(isOneOf(COMPANY_SIZES)),
  workLocations: codeList(isOneOf(WORK_LOCATIONS)),
  benefits: codeList(isOneOf(BENEFITS)),
  jobTitles: textList,
  companies: textList,
  industries: textList,
  minimumSalary: z.number().int().min(1).max(10_000_000).optional().catch(undefined),
})
/** The search params as the pages read them: cleaned, still in their URL form. */
export type JobsSearch = z.output<typeof JobsSearchSchema>
/** The search params as they are written into the URL. */
export type JobsSearchInput = z.input<typeof JobsSearchSchema>

const CODE_LIST_FIELDS = [
  'countries',
  'types',
  'experienceLevels',
  'educationLevels',
  'companySizes',
  'workLocations',
  'benefits',
] as const
const TEXT_LIST_FIELDS = ['jobTitles', 'companies', 'industries'] as const

/** What the jobs API is asked, from the URL (no filter named: the onboarding defaults). */
export function searchParamsForApi(search: JobsSearch): JobSearchParams {
  const filters = filtersFromSearch(search)
  return {
    ...(hasAnyFilter(filters) ? { filters } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...(search.defaults ? { defaults: search.defaults } : {}),
  }
}

/** The two views of the results. */
export type JobsView = 'deck' | 'list'

/**
 * What a view asks the jobs API: the deck goes on past the filters' own matches, labelled
 * (ADR 0015); the list keeps to the filters. The route's loader and the view ask the same, so
 * the request the loader starts is the one the view reads.
 */
export function jobQueryFor(view: JobsView, search: JobsSearch): JobSearchParams {
  const query = searchParamsForApi(search)
  return view === 'deck' ? { ...query, widen: true } : query
}

/** The filters the URL names (none when it leaves them to the onboarding defaults). */
export function filtersFromSearch(search: JobsSearch): JobFilters {
  const filters: JobFilters = {}
  for (const field of CODE_LIST_FIELDS) {
    const codes = search[field]?.split(',')
    if (codes) {
      // The schema let only this field's vocabulary through.
      Object.assign(filters, { [field]: codes })
    }
  }
  for (const field of TEXT_LIST_FIELDS) {
    if (search[field]) {
      filters[field] = search[field]
    }
  }
  const locations = search.locations?.map(readLocation).filter((location) => location !== null)
  if (locations?.length) {
    filters.locations = locations
  }
  if (search.minimumSalary !== undefined) {
    filters.minimumSalary = search.minimumSalary
  }
  return filters
}

/**
 * The URL for a filter set and free text. An empty filter set is written as `defaults=none`:
 * someone who cleared every filter wants the whole catalogue, not their onboarding defaults back.
 */
export function searchFromFilters(filters: JobFilters, q?: string): JobsSearchInput {
  const search: JobsSearchInput = {}
  if (q?.trim()) {
    search.q = q.trim()
  }
  if (!hasAnyFilter(filters)) {
    search.defaults = 'none'
    return search
  }
  for (const field of CODE_LIST_FIELDS) {
    const values = filters[field]
    if (values?.length) {
      search[field] = values.join(',')
    }
  }
  for (const field of TEXT_LIST_FIELDS) {
    const values = filters[field]
    if (values?.length) {
      search[field] = values
    }
  }
  if (filters.locations?.length) {
    search.locations = filters.locations.map(formatLocationParam)
  }
  if (filters.minimumSalary) {
    search.minimumSalary = filters.minimumSalary
  }
  return search
}

/** Whether a filter set narrows anything (empty lists do not). */
export function hasAnyFilter(filters: JobFilters): boolean {
  return Object.values(filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined,
  )
}

/** How many filter fields are set: the badge on the filter button. */
export function countActiveFilters(filters: JobFilters): number {
  return Object.values(filters).filter((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined,
  ).length
}
