/**
 * Arrangements of the job search tests: a known catalogue inserted row by row, signed-in users,
 * and the jobs API over HTTP.
 */
import { type JobSearchParams, jobSearchToQueryString } from '@app/contracts'
import type pg from 'pg'

export type CatalogueJob = {
  title: string
  normalizedTitle?: string | null
  onetCode?: string | null
  company?: string | null
  industry?: string | null
  companySize?: string | null
  /** City, region-less; with `countryCode`. */
  city?: string | null
  countryCode?: string | null
  workLocation?: string | null
  jobType?: string | null
  experienceLevel?: string | null
  educationLevel?: string | null
  salary?: { min: number; max: number; currency: string } | null
  benefits?: string[]
  skills?: string[]
  description?: string
  /** Days before now. */
  postedDaysAgo: number
  expiredAt?: Date | null
  expiresAt?: Date | null
  /** Grouping of test catalogues that share a database. */
  source?: string
}

/** Inserts the jobs; answers their ids by title. */
export async function insertCatalogue(
  db: pg.Pool,
  jobs: CatalogueJob[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const job of jobs) {
    const place = job.city ? { name: job.city, region: null, countryCode: job.countryCode } : null
    const { rows } = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, normalized_title, onet_code, company_name,
         industry, company_size, location, locations, country_codes, location_names,
         work_location, job_type, experience_level, education_level, salary_min, salary_max,
         salary_currency, salary_period, salary_min_yearly, salary_max_yearly, benefits, skills,
         description, description_html, apply_url, posted_at, expired_at, expires_at)
       values ($1, gen_random_uuid()::text, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         $14, $15, $16::integer, $17::integer, $18, $19, $16::integer, $17::integer, $20, $21, $22, $23, 'https://example.com/apply',
         now() - make_interval(days => $24), $25, $26)
       returning id`,
      [
        job.source ?? 'test',
        job.title,
        job.normalizedTitle ?? null,
        job.onetCode ?? null,
        job.company ?? null,
        job.industry ?? null,
        job.companySize ?? null,
        job.city
          ? `${job.city}, ${job.countryCode}`
          : job.workLocation === 'REMOTE'
            ? 'Remote'
            : null,
        JSON.stringify(place ? [place] : []),
        job.countryCode ? [job.countryCode] : [],
        job.city ? [job.city.toLowerCase()] : [],
        job.workLocation ?? null,
        job.jobType ?? null,
        job.experienceLevel ?? null,
        job.educationLevel ?? null,
        job.salary?.min ?? null,
        job.salary?.max ?? null,
        job.salary?.currency ?? null,
        job.salary ? 'YEAR' : null,
        job.benefits ?? [],
        job.skills ?? [],
        job.description ?? `${job.title}: a job in the test catalogue.`,
        `<p>${job.description ?? job.title}</p>`,
        job.postedDaysAgo,
        job.expiredAt ?? null,
        job.expiresAt ?? null,
      ],
    )
    ids.set(job.title, rows[0]!.id)
  }
  await db.query('analyze public.jobs')
  return ids
}

export type SignedIn = { id: string; email: string | null; accessToken: string }

/** Signs up a user with an email (confirmed at once in tests) or, without one, a guest. */
export async function signUp(baseUrl: string, email?: string): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(email ? { email, password: 'job-search-password' } : { data: {} }),
  })
  const session = (await response.json()) as { access_token: string; user: { id: string } }
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`)
  return { id: session.user.id, email: email ?? null, accessToken: session.access_token }
}

export type ApiAnswer<T = Record<string, unknown>> = { status: number; body: T }

export async function api<T = Record<string, unknown>>(
  baseUrl: string,
  user: SignedIn | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

/** `jobs?<query>` for the params (the whole catalogue unless `defaults` says otherwise). */
export function jobsPath(route: 'jobs' | 'jobs/count', params: JobSearchParams): string {
  return `${route}?${jobSearchToQueryString({ defaults: 'none', ...params })}`
}
