/**
 * The SQL of job search, built from a filter set: the window of candidates a page is ranked
 * from, the bounded count, and the new jobs of a job alert. Each is one statement; every value
 * becomes a `$n` parameter, never SQL text.
 *
 * What a filter set means (AND across fields, OR within a list):
 * - only live jobs: not expired (`expired_at` null) and not past `expires_at`;
 * - never a job the user has swiped, either way;
 * - `countries` match `country_codes`; a `locations` entry that is a country matches
 *   `country_codes`, a city matches `location_names` (lower-case) within its country;
 * - with REMOTE among `workLocations`, remote jobs pass the place filters whatever their place:
 *   "Berlin, or remote" is what someone asking for both means;
 * - `minimumSalary`: jobs whose yearly range reaches it, and jobs that publish no salary (the
 *   match score ranks those lower, rather than hiding most of the catalogue);
 * - `jobTitles`: each title as a phrase in the title or the O*NET occupation it was normalised
 *   to ("software engineer" finds "Senior Software Engineer, Payments"), stemmed;
 * - `companies`, `industries`: whole names, case-insensitive; `benefits`: any of them;
 * - `q`: web-search syntax ("react -java", quoted phrases, or) over title, company, skills and
 *   description (`search_vector`).
 */
import type { JobFilters } from '@app/contracts'

export type Statement = { text: string; values: unknown[] }

export type JobSearchCriteria = {
  /** Whose swipes to leave out. */
  userId: string
  filters: JobFilters
  /** Free text. */
  q?: string
}

/**
 * A job's place in the newest-first order: when it was posted (or imported, when the feed gave
 * no date) as PostgreSQL's exact text, then its id.
 */
export type ListingKey = { listedAt: string; id: string }

/** The order of the feed; `jobs_live_listed_idx` serves it (migration 20261121003000). */
const LISTED_AT = 'coalesce(j.posted_at, j.created_at)'

/** The title text `jobTitles` searches; the same expression as `jobs_title_search_idx`. */
const TITLE_VECTOR = `to_tsvector('english', j.title || ' ' || coalesce(j.normalized_title, ''))`

/** Collects parameter values and hands out their placeholders. */
class Parameters {
  readonly values: unknown[] = []

  add(value: unknown, cast?: string): string {
    this.values.push(value)
    return `$${this.values.length}${cast ? `::${cast}` : ''}`
  }
}

/** What a card, the detail view and the match score read, for `j.`. */
export const JOB_COLUMNS = `j.id, j.title, j.normalized_title, j.onet_code, j.company_name,
  j.company_size, j.industry, j.location, j.locations, j.country_codes, j.location_names,
  j.work_location, j.job_type, j.experience_level, j.education_level, j.salary_min, j.salary_max,
  j.salary_currency, j.salary_period, j.salary_min_yearly, j.salary_max_yearly, j.benefits,
  j.skills, j.posted_at, j.apply_url`

/** Columns of a candidate row: the card's, its summary and its listing key. */
const CANDIDATE_COLUMNS = `${JOB_COLUMNS}, left(coalesce(j.description, ''), 400) as summary,
  to_char(${LISTED_AT} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_at`

function placeConditions(filters: JobFilters, params: Parameters): string[] {
  const conditions: string[] = []
  // A remote job passes the place filters when the user asks for remote work.
  const orRemote = filters.workLocations?.includes('REMOTE') ? `j.work_location = 'REMOTE' or ` : ''
  if (filters.countries?.length) {
    conditions.push(`(${orRemote}j.country_codes && ${params.add(filters.countries, 'text[]')})`)
  }
  if (filters.locations?.length) {
    const countries = filters.locations.filter((place) => place.isCountry)
    const cities = filters.locations.filter((place) => !place.isCountry)
    const anyPlace = [
      ...(countries.length
        ? [`j.country_codes && ${params.add(countries.map((place) => place.countryCode), 'text[]')}`]
        : []),
      ...cities.map(
        (city) =>
          `(j.location_names @> array[${params.add(city.name.toLowerCase(), 'text')}]` +
          ` and j.country_codes @> array[${params.add(city.countryCode, 'text')}])`,
      ),
    ]
    conditions.push(`(${orRemote}${anyPlace.join(' or ')})`)
  }
  return conditions
}

/** The WHERE conditions of a search: live, not swiped, and every filter given. */
function searchConditions(criteria: JobSearchCriteria, params: Parameters): string[] {
  const { filters } = criteria
  const conditions = [
    'j.expired_at is null',
    '(j.expires_at is null or j.expires_at > now())',
    `not exists (select 1 from public.swipes as s where s.user_id = ${params.add(criteria.userId, 'uuid')} and s.job_id = j.id)`,
  ]
  const anyOf = (column: string, values: string[] | undefined) => {
    if (values?.length) conditions.push(`${column} = any(${params.add(values, 'text[]')})`)
  }
  anyOf('j.job_type', filters.types)
  anyOf('j.experience_level', filters.experienceLevels)
  anyOf('j.education_level', filters.educationLevels)
  anyOf('j.company_size', filters.companySizes)
  anyOf('j.work_location', filters.workLocations)
  anyOf(
    'lower(j.company_name)',
    filters.companies?.map((name) => name.toLowerCase()),
  )
  anyOf(
    'lower(j.industry)',
    filters.industries?.map((name) => name.toLowerCase()),
  )
  conditions.push(...placeConditions(filters, params))
  if (filters.benefits?.length) {
    conditions.push(`j.benefits && ${params.add(filters.benefits, 'text[]')}`)
  }
  if (filters.minimumSalary !== undefined) {
    const minimum = params.add(filters.minimumSalary, 'integer')
    conditions.push(`coalesce(j.salary_max_yearly, j.salary_min_yearly, ${minimum}) >= ${minimum}`)
  }
  if (filters.jobTitles?.length) {
    const anyTitle = filters.jobTitles
      .map((title) => `phraseto_tsquery('english', ${params.add(title, 'text')})`)
      .join(' || ')
    conditions.push(`${TITLE_VECTOR} @@ (${anyTitle})`)
  }
  if (criteria.q) {
    conditions.push(`j.search_vector @@ websearch_to_tsquery('english', ${params.add(criteria.q, 'text')})`)
  }
  return conditions
}

/**
 * Candidates for ranking: the live jobs matching the criteria, newest first, strictly older
 * than `before` (none: from the newest) and, when `until` is given, no older than it; at most
 * `limit` of them.
 */
export function buildCandidateQuery(
  criteria: JobSearchCriteria,
  window: { before: ListingKey | null; until: ListingKey | null; limit: number },
): Statement {
  const params = new Parameters()
  const conditions = searchConditions(criteria, params)
  const key = (position: ListingKey) =>
    `(${params.add(position.listedAt, 'timestamptz')}, ${params.add(position.id, 'uuid')})`
  if (window.before) conditions.push(`(${LISTED_AT}, j.id) < ${key(window.before)}`)
  if (window.until) conditions.push(`(${LISTED_AT}, j.id) >= ${key(window.until)}`)
  const text = `select ${CANDIDATE_COLUMNS}
from public.jobs as j
where ${conditions.join('\n  and ')}
order by ${LISTED_AT} desc, j.id desc
limit ${params.add(window.limit, 'integer')}`
  return { text, values: params.values }
}

/**
 * How many jobs match, counting no further than `cap + 1`: the answer is exact up to `cap`, and
 * "more than `cap`" beyond (an exact count of a broad search reads most of the catalogue).
 */
export function buildCountQuery(criteria: JobSearchCriteria, cap: number): Statement {
  const params = new Parameters()
  const conditions = searchConditions(criteria, params)
  const text = `select count(*)::integer as count from (
  select 1 from public.jobs as j
  where ${conditions.join('\n    and ')}
  limit ${params.add(cap + 1, 'integer')}
) as matching`
  return { text, values: params.values }
}

/**
 * Jobs added to the catalogue after `since` that match an alert's criteria, newest first (at
 * most `limit`), each row with the total number of such jobs.
 */
export function buildNewJobsQuery(
  criteria: JobSearchCriteria,
  since: Date,
  limit: number,
): Statement {
  const params = new Parameters()
  const conditions = searchConditions(criteria, params)
  conditions.push(`j.created_at > ${params.add(since, 'timestamptz')}`)
  const text = `select ${CANDIDATE_COLUMNS}, count(*) over ()::integer as total
from public.jobs as j
where ${conditions.join('\n  and ')}
order by ${LISTED_AT} desc, j.id desc
limit ${params.add(limit, 'integer')}`
  return { text, values: params.values }
}
