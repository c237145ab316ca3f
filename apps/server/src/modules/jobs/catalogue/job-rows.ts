/**
 * `NormalizedJob` ↔ `public.jobs` columns, and the bulk insert both the importer and the demo
 * catalogue use: a batch travels as one JSON parameter that `json_populate_recordset` turns
 * into rows of the table's own type (one round trip, no parameter limit, arrays and jsonb
 * included).
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../../../platform/db/pool.ts'
import type { NormalizedJob } from './normalized-job.ts'

/** The columns an import writes, in the order of `toJobRow`. */
export const JOB_COLUMNS = [
  'source',
  'source_id',
  'source_board',
  'title',
  'normalized_title',
  'onet_code',
  'company_name',
  'company_size',
  'industry',
  'location',
  'locations',
  'country_codes',
  'location_names',
  'work_location',
  'job_type',
  'experience_level',
  'education_level',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'salary_min_yearly',
  'salary_max_yearly',
  'benefits',
  'skills',
  'description',
  'description_html',
  'apply_url',
  'posted_at',
  'source_updated_at',
  'expires_at',
  'dedupe_key',
] as const

export type JobRow = Record<(typeof JOB_COLUMNS)[number], unknown>

function unique(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))]
}

export function toJobRow(job: NormalizedJob): JobRow {
  return {
    source: job.source,
    source_id: job.sourceId,
    source_board: job.sourceBoard,
    title: job.title,
    normalized_title: job.normalizedTitle,
    onet_code: job.onetCode,
    company_name: job.companyName,
    company_size: job.companySize,
    industry: job.industry,
    location: job.location,
    locations: job.places,
    country_codes: unique(job.places.map((place) => place.countryCode)),
    // City and region names only: a country is found through `country_codes`.
    location_names: unique(
      job.places.flatMap((place) =>
        place.region === null && place.countryCode !== null
          ? []
          : [place.name.toLowerCase(), place.region?.toLowerCase() ?? null],
      ),
    ),
    work_location: job.workLocation,
    job_type: job.jobType,
    experience_level: job.experienceLevel,
    education_level: job.educationLevel,
    salary_min: job.salary?.min ?? null,
    salary_max: job.salary?.max ?? null,
    salary_currency: job.salary?.currency ?? null,
    salary_period: job.salary?.period ?? null,
    salary_min_yearly: job.salaryYearly?.min ?? null,
    salary_max_yearly: job.salaryYearly?.max ?? null,
    benefits: job.benefits,
    skills: job.skills,
    description: job.description,
    description_html: job.descriptionHtml,
    apply_url: job.applyUrl,
    posted_at: job.postedAt?.toISOString() ?? null,
    source_updated_at: job.sourceUpdatedAt?.toISOString() ?? null,
    expires_at: job.expiresAt?.toISOString() ?? null,
    dedupe_key: job.dedupeKey,
  }
}

/** A fingerprint of everything a row stores, to tell a changed job from an unchanged one. */
export function contentHash(row: JobRow): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url')
}

/** `select <columns> from json_populate_recordset(null::public.jobs, $n::json)`, for a batch. */
export function rowsFromJson(parameter: string, columns: readonly string[] = JOB_COLUMNS): string {
  return `select ${columns.join(', ')} from json_populate_recordset(null::public.jobs, ${parameter}::json)`
}

/**
 * Inserts rows the catalogue does not have yet (by source and source id) in batches of one
 * statement each; returns how many were new. For fresh catalogues: the demo seed and the
 * search benchmark's million jobs (imports use import-feed.ts, which also updates and
 * expires). The next batch is built while the database stores the previous one.
 */
export async function insertJobs(
  db: Queryable,
  jobs: Iterable<NormalizedJob>,
  options: { batchSize?: number; onBatch?: (inserted: number) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000
  let inserted = 0
  let storing: Promise<void> = Promise.resolve()
  const store = (rows: JobRow[]) =>
    db
      .query(
        `insert into public.jobs (${JOB_COLUMNS.join(', ')}, last_seen_at)
         select *, now() from (${rowsFromJson('$1')}) as incoming
         on conflict (source, source_id) do nothing`,
        [JSON.stringify(rows)],
      )
      .then((result) => {
        inserted += result.rowCount ?? 0
        options.onBatch?.(inserted)
      })
  let batch: JobRow[] = []
  for (const job of jobs) {
    batch.push(toJobRow(job))
    if (batch.length >= batchSize) {
      await storing
      storing = store(batch)
      batch = []
    }
  }
  await storing
  if (batch.length > 0) {
    await store(batch)
  }
  return inserted
}

/** The ids of a source's jobs by their ids on that source (those that are in the catalogue). */
export async function findJobIdsBySourceIds(
  db: Queryable,
  source: string,
  sourceIds: string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ source_id: string; id: string }>(
    `select source_id, id from public.jobs where source = $1 and source_id = any($2::text[])`,
    [source, sourceIds],
  )
  return new Map(rows.map((row) => [row.source_id, row.id]))
}
