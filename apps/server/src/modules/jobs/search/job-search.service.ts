/**
 * Job search for one user: the filters that apply (the query's, a saved alert's, or the
 * onboarding defaults), a page of jobs ranked by match, the bounded count, and one job's detail.
 *
 * Ranking (ADR 0013): a match score depends on the user, so the catalogue cannot be sorted by
 * it. A page is taken from a window of the newest matching jobs (`WINDOW_SIZE` of them, found
 * through the indexes by a user-independent order), scored here, and returned best first; the
 * next pages continue down the window's ranking, then move on to the next window.
 */
import {
  type JobCard,
  JOB_COUNT_CAP,
  type JobCountResponse,
  type JobDetail,
  type JobFilters,
  JobFiltersSchema,
  type JobListResponse,
  type JobSearchQuery,
  OUTSIDE_FILTERS,
  type OutsideFilter,
} from '@app/contracts'
import type { Queryable } from '../../../platform/db/pool.ts'
import { AppError } from '../../../platform/errors/app-error.ts'
import { normalizeTitle } from '../catalogue/onet/title-normalizer.ts'
import { toJobCard, toJobDetail, toMatchableJob, type DetailRow, type JobRow } from './job-cards.ts'
import {
  compareRank,
  decodeCursor,
  encodeCursor,
  FIRST_PAGE,
  invalidCursor,
  type JobCursor,
  type RankPosition,
} from './job-cursor.ts'
import {
  buildCandidateQuery,
  buildCountQuery,
  buildMatchEstimateQuery,
  buildNewJobsQuery,
  JOB_COLUMNS,
  type JobSearchCriteria,
  type ListingKey,
  type TitleCriteria,
  type WithinColumns,
} from './job-search.sql.ts'
import { wideningStages } from './widening.ts'
import { matchJob, type Seeker } from './match-score.ts'
import { loadSeekerProfile, type SeekerProfile } from './seeker-profile.ts'

/** Jobs ranked together: three pages of 20. Larger windows rank better and cost more. */
export const WINDOW_SIZE = 60
/** A window re-read for a later page normally holds WINDOW_SIZE jobs; this bounds odd cases. */
const WINDOW_REREAD_LIMIT = 4 * WINDOW_SIZE
/** Windows one request reads at most to fill its page (sparse results end pages early). */
const MAX_WINDOWS_PER_PAGE = 3

/** Who searches, and when (the app's clock decides which jobs have expired). */
export type Searcher = { userId: string; now: Date }

/**
 * Reads one of the user's saved searches (a job alert: job-alerts owns them and the wiring
 * passes its reader in, so this module need not know that one): its filters and text, or null.
 */
export type FindSavedSearch = (
  db: Queryable,
  userId: string,
  id: string,
) => Promise<{ filters: unknown; q: string | null } | null>

type CandidateRow = JobRow & { summary: string; listed_key: string } & WithinColumns

type Ranked = { position: RankPosition; card: JobCard }

/** The criteria of a search: the filters, their titles resolved to O*NET occupations. */
export function searchCriteria(
  { userId, now }: Searcher,
  filters: JobFilters,
  q: string | undefined,
): JobSearchCriteria {
  const titles: TitleCriteria = { onetCodes: [], phrases: [] }
  for (const title of filters.jobTitles ?? []) {
    // Only a title O*NET names exactly stands for its occupation: a near match ("Chief Vibes
    // Officer" is 82% "Security Managers") would search the wrong jobs.
    const occupation = normalizeTitle(title)
    if (occupation?.score === 1) titles.onetCodes.push(occupation.code)
    else titles.phrases.push(title)
  }
  return { userId, now, filters, titles, q }
}

function hasFilters(filters: JobFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined)
}

/**
 * What a request searches for. The user's profile is read once, and only waited for here when
 * the onboarding defaults apply; otherwise it loads while the search runs (`profile`).
 */
async function resolveSearch(
  db: Queryable,
  searcher: Searcher,
  query: Pick<JobSearchQuery, 'filters' | 'q' | 'defaults' | 'alertId'>,
  profile: () => Promise<SeekerProfile>,
  findSavedSearch: FindSavedSearch,
): Promise<JobSearchCriteria> {
  let { filters, q } = query
  if (query.alertId) {
    const saved = await findSavedSearch(db, searcher.userId, query.alertId)
    if (!saved) throw new AppError('not_found', 'Job alert not found')
    filters = JobFiltersSchema.parse(saved.filters)
    q = q ?? saved.q ?? undefined
  } else if (!hasFilters(filters) && query.defaults === 'onboarding') {
    filters = (await profile()).defaultFilters
  }
  return searchCriteria(searcher, filters, q)
}

/** Loads a user's profile at most once, on first use. */
function lazyProfile(db: Queryable, userId: string): () => Promise<SeekerProfile> {
  let loading: Promise<SeekerProfile> | undefined
  return () => (loading ??= loadSeekerProfile(db, userId))
}

/** Which of the strict filters a widened row misses, from its `within_*` columns. */
function outsideFiltersOf(row: CandidateRow): OutsideFilter[] {
  const outside = new Set<OutsideFilter>()
  if (row.within_place === false || row.within_work_mode === false) {
    if (row.work_location === 'REMOTE') {
      outside.add('remote')
    } else {
      if (row.within_place === false) outside.add('location')
      if (row.within_work_mode === false) outside.add('workMode')
    }
  }
  if (row.within_level === false) outside.add('level')
  if (row.within_title === false) outside.add('title')
  return OUTSIDE_FILTERS.filter((reason) => outside.has(reason))
}

function rankWindow(rows: CandidateRow[], seeker: Seeker): Ranked[] {
  return rows
    .map((row) => {
      const match = matchJob(toMatchableJob(row), seeker)
      const key: ListingKey = { listedAt: row.listed_key, id: row.id }
      const card = toJobCard(row, row.summary, match, outsideFiltersOf(row))
      return { position: { score: match.score, key }, card }
    })
    .sort((a, b) => compareRank(a.position, b.position))
}

export async function searchJobs(
  db: Queryable,
  searcher: Searcher,
  query: JobSearchQuery,
  findSavedSearch: FindSavedSearch,
): Promise<JobListResponse> {
  const profile = lazyProfile(db, searcher.userId)
  // Ranking needs the profile: start reading it now, beside the search.
  void profile().catch(() => undefined)
  const criteria = await resolveSearch(db, searcher, query, profile, findSavedSearch)
  // The deck widens once the filters' own matches run out; the list and the count never do.
  const stages = query.widen ? wideningStages(criteria) : [criteria]
  let cursor: JobCursor | null = query.cursor ? decodeCursor(query.cursor) : FIRST_PAGE
  if (cursor.stage >= stages.length) throw invalidCursor()
  // Each stage a page moves on to costs a read even when it finds nothing.
  const maxReads = MAX_WINDOWS_PER_PAGE + stages.length - 1
  const page: JobCard[] = []
  for (let reads = 0; cursor && page.length < query.limit && reads < maxReads; reads += 1) {
    const { stage, before, reading }: JobCursor = cursor
    const { rows }: { rows: CandidateRow[] } = await db.query<CandidateRow>(
      buildCandidateQuery(
        stages[stage]!,
        reading
          ? { before, until: reading.until, limit: WINDOW_REREAD_LIMIT }
          : { before, until: null, limit: WINDOW_SIZE },
        stage > 0 ? { exclude: stages[stage - 1]!, strict: stages[0]! } : undefined,
      ),
    )
    // A window read for the first time ends at its last job, unless it reached the end.
    const last = rows.at(-1)
    const until: ListingKey | null = reading
      ? reading.until
      : last && rows.length === WINDOW_SIZE
        ? { listedAt: last.listed_key, id: last.id }
        : null
    const { seeker } = await profile()
    const unseen: Ranked[] = rankWindow(rows, seeker).filter(
      (job) => !reading || compareRank(job.position, reading.after) > 0,
    )
    const taken = unseen.slice(0, query.limit - page.length)
    page.push(...taken.map((job) => job.card))
    cursor =
      taken.length < unseen.length
        ? { stage, before, reading: { until, after: taken.at(-1)!.position } }
        : until
          ? { stage, before: until, reading: null }
          : stage + 1 < stages.length
            ? { stage: stage + 1, before: null, reading: null }
            : null
  }
  return {
    jobs: page,
    nextCursor: cursor && encodeCursor(cursor),
    filters: criteria.filters,
  }
}

/**
 * Estimated matches from which a count answers "more than the cap" without counting (ADR 0013).
 * On the bench's searches the planner's estimate was within about 5× of the true count for 95% of
 * them, and no estimate of this size had a true count under the cap.
 */
export const CERTAINLY_ABOVE_CAP = 10 * JOB_COUNT_CAP

type ExplainRow = { 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }

/** The planner's estimate of how many jobs match the criteria (planned, not run). */
export async function estimateMatches(db: Queryable, criteria: JobSearchCriteria): Promise<number> {
  const { rows } = await db.query<ExplainRow>(buildMatchEstimateQuery(criteria))
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0
}

/**
 * How many jobs match, exactly up to JOB_COUNT_CAP. A broad search is answered from the
 * planner's estimate: counting its first thousand matches reads long posting lists (50–115 ms
 * at a million jobs) only to say "1,000+".
 */
export async function countJobs(
  db: Queryable,
  searcher: Searcher,
  query: JobSearchQuery,
  findSavedSearch: FindSavedSearch,
): Promise<JobCountResponse> {
  const criteria = await resolveSearch(
    db,
    searcher,
    query,
    lazyProfile(db, searcher.userId),
    findSavedSearch,
  )
  if ((await estimateMatches(db, criteria)) >= CERTAINLY_ABOVE_CAP) {
    return { count: JOB_COUNT_CAP, capped: true }
  }
  const result = await db.query<{ count: number }>(buildCountQuery(criteria, JOB_COUNT_CAP))
  const count = result.rows[0]?.count ?? 0
  return { count: Math.min(count, JOB_COUNT_CAP), capped: count > JOB_COUNT_CAP }
}

/** One job, live or not (a saved link keeps working), with its match for this user. */
export async function getJob(db: Queryable, userId: string, jobId: string): Promise<JobDetail> {
  const [result, profile] = await Promise.all([
    db.query<DetailRow>(
      `select ${JOB_COLUMNS}, j.description, j.description_html, j.expires_at
       from public.jobs as j where j.id = $1`,
      [jobId],
    ),
    loadSeekerProfile(db, userId),
  ])
  const row = result.rows[0]
  if (!row) throw new AppError('not_found', 'Job not found')
  return toJobDetail(row, matchJob(toMatchableJob(row), profile.seeker))
}

/**
 * Live jobs matching `filters` and `q` listed since `since` that the user has not swiped,
 * newest first, at most `limit`, and how many there are in all (job-alert digests).
 */
export async function findNewJobs(
  db: Queryable,
  searcher: Searcher,
  search: { filters: JobFilters; q: string | undefined; since: Date; limit: number },
): Promise<{ jobs: JobRow[]; total: number }> {
  const criteria = searchCriteria(searcher, search.filters, search.q)
  const found = await db.query<JobRow & { total: number }>(
    buildNewJobsQuery(criteria, search.since, search.limit),
  )
  return { jobs: found.rows, total: found.rows[0]?.total ?? 0 }
}
