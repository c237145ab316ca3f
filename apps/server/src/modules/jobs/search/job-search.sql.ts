/**
 * The SQL of job search, built from a filter set: the window of candidates a page is ranked
 * from, the bounded count, and the new jobs of a job alert. Each is one statement; every value
 * becomes a `$n` parameter, never SQL text.
 *
 * What a filter set means (AND across fields, OR within a list):
 * - only live jobs: not expired (`expired_at` null) and not past `expires_at`;
 * - never a job the user has swiped, either way, nor one they reported;
 * - `countries` match `country_codes`; a `locations` entry that is a country matches
 *   `country_codes`, a city matches `location_names` (lower-case) within its country;
 * - with REMOTE among `workLocations`, remote jobs pass the place filters whatever their place:
 *   "Berlin, or remote" is what someone asking for both means;
 * - `minimumSalary`: jobs whose yearly range reaches it, and jobs that publish no salary (the
 *   match score ranks those lower, rather than hiding most of the catalogue);
 * - `jobTitles`: by occupation. The service looks each title up in O*NET as the importers
 *   normalise job titles; one O*NET names exactly stands for its occupation (`titles.onetCodes`:
 *   "Software Engineer" also finds "Backend Developer"), any other is a phrase in the job's
 *   title or occupation (`titles.phrases`: "chief vibes officer"), stemmed;
 * - `companies`, `industries`: whole names, case-insensitive; `benefits`: any of them;
 * - `q`: web-search syntax ("react -java", quoted phrases, or) over the title, occupation,
 *   company and skills (`search_vector`; the skills are read out of the whole description when
 *   a job is imported).
 */
import type { JobFilters } from '@app/contracts'
import { notSwipedCondition } from '../../swipes/index.ts'
import { openJobCondition } from '../catalogue/open-jobs.ts'

export type Statement = { text: string; values: unknown[] }

export type JobSearchCriteria = {
  /** Whose swipes to leave out. */
  userId: string
  /** The filters; `jobTitles` is read as `titles`. */
  filters: JobFilters
  titles: TitleCriteria
  /** Free text. */
  q?: string
  /** The app's clock: jobs past their `expires_at` by then are left out. */
  now: Date
}

/** The filter's job titles: O*NET codes for those naming an occupation, phrases for the rest. */
export type TitleCriteria = { onetCodes: string[]; phrases: string[] }

/**
 * A job's place in the newest-first order: when it was posted (or imported, when the feed gave
 * no date) as PostgreSQL's exact text, then its id.
 */
export type ListingKey = { listedAt: string; id: string }

/**
 * The order of the feed: `listed_at` is when the job was posted, or imported when the feed gave
 * no date (a generated column); `jobs_search_walk_idx` serves it (migration 20261121003200).
 */
const LISTED_AT = 'j.listed_at'

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
  to_char(${LISTED_AT} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_key`

/**
 * True when every place asked for lies in one of the countries asked for: the countries then add
 * nothing, and leaving them out keeps the planner from counting the same restriction twice
 * (it multiplies the two, taking a city's jobs for a fraction of them).
 */
function countriesImplied({ countries, locations }: JobFilters): boolean {
  return Boolean(
    countries?.length &&
    locations?.length &&
    locations.every((place) => countries.includes(place.countryCode)),
  )
}

/**
 * Which of the filters a set of facet tokens stands for: the widened deck (ADR 0015) relaxes
 * places, work modes, levels and titles, and says of each card which of them it misses.
 */
export type FilterDimension = 'place' | 'workMode' | 'level' | 'title'

type TokenSet = { dimension: FilterDimension | null; tokens: string[] }

/**
 * The filters answered by `search_facets`, the job's filter values as tokens ('type:FULL_TIME',
 * 'country:DE', 'place:DE:berlin', 'onet:15-1252.00', 'company:globex', …; `job_search_facets`
 * in migration 20261121003200): one GIN index intersects any combination of them and the free
 * text, where separate indexes on columns that each match a quarter of the catalogue would not.
 * Each field becomes one `&&` (any of its tokens), and the fields AND; each set is labelled with
 * the filter it stands for (null: one the deck never widens).
 */
function labelledFacetTokenSets(filters: JobFilters): TokenSet[] {
  const tokens = (dimension: FilterDimension | null, prefix: string, values?: string[]) =>
    values?.length ? [{ dimension, tokens: values.map((value) => `${prefix}:${value}`) }] : []
  const lower = (values: string[] | undefined) => values?.map((value) => value.toLowerCase())
  // A remote job passes the place filters when the user asks for remote work.
  const orRemote = filters.workLocations?.includes('REMOTE') ? ['work:REMOTE'] : []
  const places = filters.locations?.map((place) =>
    place.isCountry
      ? `country:${place.countryCode}`
      : `place:${place.countryCode}:${place.name.toLowerCase()}`,
  )
  return [
    ...tokens(null, 'type', filters.types),
    ...tokens('level', 'experience', filters.experienceLevels),
    ...tokens(null, 'education', filters.educationLevels),
    ...tokens(null, 'size', filters.companySizes),
    ...tokens('workMode', 'work', filters.workLocations),
    ...tokens(null, 'industry', lower(filters.industries)),
    ...tokens(null, 'company', lower(filters.companies)),
    ...tokens(null, 'benefit', filters.benefits),
    ...(countriesImplied(filters)
      ? []
      : tokens('place', 'country', filters.countries).map((set) => ({
          ...set,
          tokens: [...set.tokens, ...orRemote],
        }))),
    ...(places?.length ? [{ dimension: 'place' as const, tokens: [...places, ...orRemote] }] : []),
  ]
}

/**
 * "The user has not reported this job": a job someone reported leaves their deck at once and
 * does not come back (`job_reports` belongs to this module; `job_reports_reported_by_idx`).
 */
function notReportedCondition(userId: string): string {
  return `not exists (select 1 from public.job_reports as r where r.reported_by = ${userId} and r.job_id = j.id)`
}

/** The WHERE conditions of a search: live, not swiped, not reported, and every filter given. */
function searchConditions(criteria: JobSearchCriteria, params: Parameters): string[] {
  return [...liveConditions(criteria, params), ...filterConditions(criteria, params)]
}

/** Live, not swiped, not reported by the user. */
function liveConditions(criteria: JobSearchCriteria, params: Parameters): string[] {
  const userId = params.add(criteria.userId, 'uuid')
  return [
    openJobCondition('j', params.add(criteria.now, 'timestamptz')),
    notSwipedCondition('j.id', userId),
    notReportedCondition(userId),
  ]
}

/**
 * The filters' and free text's conditions, each labelled with the filter it stands for; with
 * `only`, just those of the filters it names (their values alone become parameters: PostgreSQL
 * refuses a parameter the text never uses).
 */
function labelledFilterConditions(
  criteria: JobSearchCriteria,
  params: Parameters,
  only?: ReadonlySet<FilterDimension>,
): Array<{ dimension: FilterDimension | null; condition: string }> {
  const { filters } = criteria
  const wanted = (dimension: FilterDimension | null) =>
    !only || (dimension !== null && only.has(dimension))
  const conditions = labelledFacetTokenSets(filters)
    .filter(({ dimension }) => wanted(dimension))
    .map(({ dimension, tokens }) => ({
      dimension,
      condition: `j.search_facets && ${params.add(tokens, 'text[]')}`,
    }))
  if (filters.minimumSalary !== undefined && wanted(null)) {
    const minimum = params.add(filters.minimumSalary, 'integer')
    conditions.push({
      dimension: null,
      condition: `coalesce(j.salary_max_yearly, j.salary_min_yearly, ${minimum}) >= ${minimum}`,
    })
  }
  const { onetCodes, phrases } = wanted('title') ? criteria.titles : { onetCodes: [], phrases: [] }
  const onet = onetCodes.map((code) => `onet:${code}`)
  const phrase = phrases.map((title) => `phraseto_tsquery('english', ${params.add(title, 'text')})`)
  const title = (condition: string) => conditions.push({ dimension: 'title', condition })
  if (onet.length && phrase.length) {
    title(
      `(j.search_facets && ${params.add(onet, 'text[]')} or ${TITLE_VECTOR} @@ (${phrase.join(' || ')}))`,
    )
  } else if (onet.length) {
    title(`j.search_facets && ${params.add(onet, 'text[]')}`)
  } else if (phrase.length) {
    title(`${TITLE_VECTOR} @@ (${phrase.join(' || ')})`)
  }
  if (criteria.q && wanted(null)) {
    conditions.push({
      dimension: null,
      condition: `j.search_vector @@ websearch_to_tsquery('english', ${params.add(criteria.q, 'text')})`,
    })
  }
  return conditions
}

function filterConditions(criteria: JobSearchCriteria, params: Parameters): string[] {
  return labelledFilterConditions(criteria, params).map(({ condition }) => condition)
}

/**
 * A widened window (ADR 0015): the stage's criteria, leaving out what an earlier stage already
 * found (`exclude`, the previous stage's criteria: stages only ever widen), and for each row
 * whether it meets each filter of the `strict` criteria.
 */
export type Widening = { exclude: JobSearchCriteria; strict: JobSearchCriteria }

/** The columns `within_place`, `within_work_mode`, `within_level`, `within_title`. */
const WITHIN_COLUMNS: Record<FilterDimension, string> = {
  place: 'within_place',
  workMode: 'within_work_mode',
  level: 'within_level',
  title: 'within_title',
}

export type WithinColumns = { [K in (typeof WITHIN_COLUMNS)[FilterDimension]]?: boolean }

/**
 * Candidates for ranking: the live jobs matching the criteria, newest first, strictly older
 * than `before` (none: from the newest) and, when `until` is given, no older than it; at most
 * `limit` of them.
 */
export function buildCandidateQuery(
  criteria: JobSearchCriteria,
  window: { before: ListingKey | null; until: ListingKey | null; limit: number },
  widening?: Widening,
): Statement {
  const params = new Parameters()
  const conditions = searchConditions(criteria, params)
  const key = (position: ListingKey) =>
    `(${params.add(position.listedAt, 'timestamptz')}, ${params.add(position.id, 'uuid')})`
  if (window.before) conditions.push(`(${LISTED_AT}, j.id) < ${key(window.before)}`)
  if (window.until) conditions.push(`(${LISTED_AT}, j.id) >= ${key(window.until)}`)
  let within = ''
  if (widening) {
    const earlier = filterConditions(widening.exclude, params)
    if (earlier.length) conditions.push(`not coalesce((${earlier.join(' and ')}), false)`)
    const dimensions = Object.keys(WITHIN_COLUMNS) as FilterDimension[]
    const strict = labelledFilterConditions(widening.strict, params, new Set(dimensions))
    within = Object.entries(WITHIN_COLUMNS)
      .map(([dimension, column]) => {
        const parts = strict.filter((part) => part.dimension === dimension)
        const test = parts.length ? parts.map((part) => part.condition).join(' and ') : 'true'
        return `,\n  coalesce((${test}), false) as ${column}`
      })
      .join('')
  }
  const limit = params.add(window.limit, 'integer')
  // The matching ids first, from the indexes alone when the filters allow (the walk index
  // carries every facet), then the columns of just those rows.
  const text = `select ${CANDIDATE_COLUMNS}${within}
from (
  select j.id from public.jobs as j
  where ${conditions.join('\n    and ')}
  order by ${LISTED_AT} desc, j.id desc
  limit ${limit}
) as candidate
join public.jobs as j on j.id = candidate.id
order by ${LISTED_AT} desc, j.id desc`
  return { text, values: params.values }
}

/**
 * The planner's estimate of how many jobs match: the plan of the matching rows in JSON, not run;
 * its top node's `Plan Rows` is the estimate.
 */
export function buildMatchEstimateQuery(criteria: JobSearchCriteria): Statement {
  const params = new Parameters()
  const conditions = searchConditions(criteria, params)
  const text = `explain (format json) select 1 from public.jobs as j
  where ${conditions.join('\n    and ')}`
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
