/**
 * Job search at a million jobs: `GET /api/jobs` (first page, ranked) and `GET /api/jobs/count`
 * over HTTP against the real server process, for a fixed-seed mix of filter combinations
 * (every filter, alone and combined, free text in some), next to the very same SQL statements
 * the server runs for them (the user's profile beside the candidate window; the planner's
 * estimate, then the bounded count unless the estimate is far above the cap), through `pg`, in
 * the same run. Goal (issue 6): p95 under 30 ms, the API within 1.5× of the SQL. Also printed:
 * how often the count's shortcut answered "1,000+" for a search with fewer matches.
 *
 * The catalogue is the demo generator's (`generateDemoJobs`, compact descriptions), stored by
 * the catalogue's bulk insert on two connections with the jobs indexes dropped, which are
 * rebuilt afterwards, then vacuumed and analysed. `JOBS_BENCH_COUNT` sets another size.
 */
import { JOB_COUNT_CAP, type JobFilters, jobSearchToQueryString } from '@app/contracts'
import pg from 'pg'
import { insertJobs } from '../apps/server/src/modules/jobs/index.ts'
import {
  CERTAINLY_ABOVE_CAP,
  estimateMatches,
  searchCriteria,
  WINDOW_SIZE,
} from '../apps/server/src/modules/jobs/index.ts'
import {
  buildCandidateQuery,
  buildCountQuery,
  type JobSearchCriteria,
  type Statement,
} from '../apps/server/src/modules/jobs/index.ts'
import { generateDemoJobs } from '../apps/server/src/seed/demo-jobs.ts'
import { startStack } from '../test/stack.ts'
import { measure, printTable } from './measure.ts'
import type { Benchmark } from './run.ts'

const JOB_COUNT = Number(process.env.JOBS_BENCH_COUNT ?? 1_000_000)
const SEARCHES = 300
const SWIPES = 500
const DURATION_MS = 20_000
const WARMUP_MS = 3_000
const MIX_SEED = 42
const CATALOGUE_SEED = 7
const GOAL_P95_MS = 30
const GOAL_RATIO = 1.5
/** A typical seeker's answers (ADR 0015): few jobs match them all, so the deck widens. */
const TYPICAL_FILTERS: JobFilters = {
  types: ['FULL_TIME'],
  experienceLevels: ['MID_LEVEL'],
  jobTitles: ['Software Engineer'],
  workLocations: ['HYBRID'],
  locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
  minimumSalary: 60_000,
}

/** What the filter mix draws its values from: a sample of the loaded catalogue's rows. */
export type JobSample = {
  title: string
  normalized_title: string | null
  company_name: string | null
  industry: string | null
  company_size: string | null
  locations: Array<{ name: string; countryCode?: string }>
  country_codes: string[]
  work_location: string | null
  job_type: string | null
  experience_level: string | null
  education_level: string | null
  salary_min_yearly: number | null
  benefits: string[]
  skills: string[]
}

export type JobQuery = { filters: JobFilters; q?: string }

/** mulberry32: a small seeded generator, so every run measures the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type FilterField = keyof JobFilters | 'q'

/**
 * Draws `count` searches: 1 to 4 fields each (35 / 30 / 20 / 15 %), every filter field and free
 * text equally likely, values taken from one sampled job (so most searches find something, as a
 * seeker's do) and, one time in four, a second value from another job (an OR).
 */
export function filterMix(samples: JobSample[], count: number, seed: number): JobQuery[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const fields: FilterField[] = [
    'locations',
    'countries',
    'types',
    'experienceLevels',
    'educationLevels',
    'companySizes',
    'jobTitles',
    'workLocations',
    'minimumSalary',
    'benefits',
    'companies',
    'industries',
    'q',
  ]
  const valueOf = (field: FilterField, job: JobSample): unknown => {
    const place = job.locations[0]
    switch (field) {
      case 'locations':
        if (!place?.countryCode) return undefined
        return random() < 0.7
          ? { name: place.name, countryCode: place.countryCode, isCountry: false }
          : { name: place.countryCode, countryCode: place.countryCode, isCountry: true }
      case 'countries':
        return job.country_codes[0]
      case 'types':
        return job.job_type
      case 'experienceLevels':
        return job.experience_level
      case 'educationLevels':
        return job.education_level
      case 'companySizes':
        return job.company_size
      case 'workLocations':
        return job.work_location
      case 'jobTitles':
        return job.normalized_title ?? job.title
      case 'benefits':
        return job.benefits.length ? pick(job.benefits) : undefined
      case 'companies':
        return job.company_name
      case 'industries':
        return job.industry
      case 'minimumSalary':
        return Math.round((job.salary_min_yearly ?? 60_000) / 1000) * 1000
      case 'q':
        return random() < 0.5 && job.skills.length
          ? pick(job.skills)
          : pick(job.title.split(/\s+/).filter((word) => word.length > 3))
    }
  }
  const searches: JobQuery[] = []
  while (searches.length < count) {
    const roll = random()
    const size = roll < 0.35 ? 1 : roll < 0.65 ? 2 : roll < 0.85 ? 3 : 4
    const chosen = new Set<FilterField>()
    while (chosen.size < size) chosen.add(pick(fields))
    const job = pick(samples)
    const search: JobQuery = { filters: {} }
    const filters = search.filters as Record<string, unknown>
    for (const field of chosen) {
      const value = valueOf(field, job)
      if (value === undefined || value === null || value === '') continue
      if (field === 'q') {
        search.q = value as string
      } else if (field === 'minimumSalary') {
        filters[field] = value
      } else {
        const values = [value]
        const other = random() < 0.25 ? valueOf(field, pick(samples)) : undefined
        if (
          other !== undefined &&
          other !== null &&
          JSON.stringify(other) !== JSON.stringify(value)
        ) {
          values.push(other)
        }
        filters[field] = values
      }
    }
    if (Object.keys(filters).length || search.q) searches.push(search)
  }
  return searches
}

/**
 * How the count's shortcut did on the mix: the searches answered "1,000+" from the planner's
 * estimate, and how many of those truly have no more than the cap (each one a wrong answer).
 */
async function reportEstimates(
  db: pg.Pool,
  searches: Array<{ criteria: JobSearchCriteria; count: Statement }>,
) {
  let fromEstimate = 0
  let wrong = 0
  for (const search of searches) {
    if ((await estimateMatches(db, search.criteria)) < CERTAINLY_ABOVE_CAP) continue
    fromEstimate += 1
    const { rows } = await db.query<{ count: number }>(search.count)
    if (rows[0]!.count <= JOB_COUNT_CAP) wrong += 1
  }
  console.log(
    `\nCounts answered from the estimate (≥ ${CERTAINLY_ABOVE_CAP.toLocaleString('en')}): ${fromEstimate} of ${searches.length}; truly ${JOB_COUNT_CAP.toLocaleString('en')} or fewer: ${wrong}`,
  )
}

type Session = { access_token: string; user: { id: string } }

async function signUp(appUrl: string): Promise<Session> {
  const response = await fetch(`${appUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'jobs-bench@example.com', password: 'benchmark-password' }),
  })
  if (!response.ok) {
    throw new Error(`signup answered ${response.status}: ${await response.text()}`)
  }
  return (await response.json()) as Session
}

/**
 * Loads `count` demo jobs: the indexes of `public.jobs` (but the constraints' own) dropped,
 * two connections storing batches of one generator in turn, the indexes rebuilt.
 */
export async function loadCatalogue(db: pg.Pool, count: number) {
  const started = performance.now()
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
     from pg_index as i
     where indrelid = 'public.jobs'::regclass
       and not exists (select 1 from pg_constraint as c where c.conindid = i.indexrelid)`,
  )
  for (const index of indexes) await db.query(`drop index ${index.name}`)
  const jobs = generateDemoJobs({ count, seed: CATALOGUE_SEED, compact: true })
  let stored = 0
  const progress = () => {
    stored += 1
    if (stored % 100 === 0) process.stdout.write(`\r  stored ${stored * 1000} of ${count} jobs`)
  }
  // Both loops pull from the one generator: each takes the next batch when its insert is done.
  await Promise.all([1, 2].map(() => insertJobs(db, jobs, { batchSize: 1000, onBatch: progress })))
  const storedAt = performance.now()
  const client = await db.connect()
  try {
    await client.query(`set maintenance_work_mem = '512MB'`)
    for (const index of indexes) await client.query(index.definition)
    await client.query('vacuum (analyze) public.jobs')
  } finally {
    client.release()
  }
  const seconds = (from: number, to = performance.now()) => ((to - from) / 1000).toFixed(0)
  console.log(
    `\r  ${count} jobs stored in ${seconds(started, storedAt)} s, indexed, vacuumed and analysed in ${seconds(storedAt)} s`,
  )
}

/** The seeker: onboarding answers, a profile with skills, and swipes on some jobs. */
async function arrangeSeeker(db: pg.Pool, userId: string) {
  await db.query(
    `update public.wizard set job_types = '{FULL_TIME}', experience_level = 'SENIOR_LEVEL',
       minimum_salary = 70000, job_preferences = $2 where user_id = $1`,
    [
      userId,
      {
        jobTitles: ['Software Engineer', 'Data Scientist'],
        workLocations: ['REMOTE', 'HYBRID'],
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
      },
    ],
  )
  await db.query(
    `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
    [userId, { skills: ['TypeScript', 'React', 'Python', 'SQL', 'Docker', 'PostgreSQL'] }],
  )
  // The newest jobs first (a seeker swipes the top of the feed), then some anywhere.
  await db.query(
    `insert into public.swipes (user_id, job_id, direction, credit_cost)
     (select $1::uuid, id, 'LEFT', 0 from public.jobs order by listed_at desc limit $2)
     union all
     (select $1::uuid, id, 'LEFT', 0 from public.jobs tablesample bernoulli (0.05) limit $2)
     on conflict do nothing`,
    [userId, SWIPES / 2],
  )
  await db.query('analyze public.swipes')
}

const SAMPLE_COLUMNS = `title, normalized_title, company_name, industry, company_size, locations,
  country_codes, work_location, job_type, experience_level, education_level, salary_min_yearly,
  benefits, skills`

type Search = {
  filters: JobFilters
  q?: string
  path: string
  list: Statement[]
  criteria: JobSearchCriteria
  count: Statement
}

export const jobsBenchmark: Benchmark = {
  name: 'jobs',
  description: `GET /api/jobs and /api/jobs/count at ${JOB_COUNT.toLocaleString('en')} jobs vs the same SQL through pg, same run`,
  run: async ({ adminUrl }) => {
    const stack = await startStack({
      adminUrl,
      env: { AUTH_RATE_LIMITS: 'false', AUTH_EMAIL_AUTOCONFIRM: 'true', SEED_DEMO_DATA: 'false' },
    })
    const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 })
    try {
      const session = await signUp(stack.appUrl)
      await loadCatalogue(db, JOB_COUNT)
      await arrangeSeeker(db, session.user.id)

      const { rows: samples } = await db.query<JobSample>(
        `select ${SAMPLE_COLUMNS} from public.jobs tablesample bernoulli (0.1) repeatable (${MIX_SEED})
         where expired_at is null order by id limit 500`,
      )
      const now = new Date()
      const searcher = { userId: session.user.id, now }
      // The two reads the server makes about the seeker (onboarding answers, latest profile).
      const profile: Statement[] = [
        {
          text: 'select to_jsonb(w) as wizard from public.wizard as w where w.user_id = $1',
          values: [session.user.id],
        },
        {
          text: `select parsed_data from public.professional_profiles
                 where user_id = $1 order by updated_at desc limit 1`,
          values: [session.user.id],
        },
      ]
      const searches: Search[] = filterMix(samples, SEARCHES, MIX_SEED).map(({ filters, q }) => {
        const criteria = searchCriteria(searcher, filters, q)
        return {
          filters,
          q,
          path: jobSearchToQueryString({ filters, q, defaults: 'none' }),
          list: [
            ...profile,
            buildCandidateQuery(criteria, { before: null, until: null, limit: WINDOW_SIZE }),
          ],
          criteria,
          count: buildCountQuery(criteria, JOB_COUNT_CAP),
        }
      })
      const headers = { authorization: `Bearer ${session.access_token}` }
      const next = (() => {
        let index = 0
        return () => searches[index++ % searches.length]!
      })()
      const viaApi =
        (route: 'jobs' | 'jobs/count', extra = '') =>
        async () => {
          const search = next()
          const path = `${search.path}${extra}`
          const response = await fetch(`${stack.appUrl}/api/${route}?${path}`, { headers })
          await response.arrayBuffer()
          if (!response.ok) throw new Error(`${route} answered ${response.status} for ${path}`)
        }
      // A typical seeker's deck, whose filters match few jobs, strict and widened (ADR 0015).
      const ownDeck = (query: string) => async () => {
        const response = await fetch(`${stack.appUrl}/api/jobs?${query}`, { headers })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`jobs answered ${response.status} for ${query}`)
      }
      // As the server runs them: side by side on two connections.
      const viaSql = (statements: (search: Search) => Statement[]) => async () => {
        await Promise.all(statements(next()).map((statement) => db.query(statement)))
      }
      const run = (name: string, operation: () => Promise<void>) =>
        measure({ name, concurrency: 1, durationMs: DURATION_MS, warmupMs: WARMUP_MS, operation })

      const sqlList = await run(
        'SQL: profile beside the candidate window',
        viaSql((search) => search.list),
      )
      const apiList = await run('GET /api/jobs (first page, ranked)', viaApi('jobs'))
      // As the server counts: the planner's estimate, then the bounded count unless the
      // estimate is far above the cap.
      const sqlCount = await run('SQL: the estimate, then the bounded count', async () => {
        const search = next()
        if ((await estimateMatches(db, search.criteria)) < CERTAINLY_ABOVE_CAP) {
          await db.query(search.count)
        }
      })
      const apiCount = await run('GET /api/jobs/count', viaApi('jobs/count'))
      // The deck's search widens once a search's own matches run out (ADR 0015): the mix's
      // first pages as the deck asks for them, and a typical deck before and after widening.
      const apiDeck = await run('GET /api/jobs?widen=true (the mix)', viaApi('jobs', '&widen=true'))
      const typical = jobSearchToQueryString({ filters: TYPICAL_FILTERS, limit: 20 })
      const ownStrict = await run('a typical deck, strict', ownDeck(typical))
      const ownWidened = await run('a typical deck, widened', ownDeck(`${typical}&widen=true`))

      printTable(
        `${SEARCHES} searches (seed ${MIX_SEED}) at ${JOB_COUNT.toLocaleString('en')} jobs, one client`,
        [sqlList, apiList, sqlCount, apiCount, apiDeck, ownStrict, ownWidened],
      )
      await reportEstimates(db, searches)
      console.log('\nRatios and goals (p95 < 30 ms, API within 1.5× of the SQL)')
      for (const [api, sql] of [
        [apiList, sqlList],
        [apiCount, sqlCount],
      ] as const) {
        const ratio = api.p95Ms / sql.p95Ms
        const verdict = api.p95Ms < GOAL_P95_MS && ratio <= GOAL_RATIO ? 'meets' : 'misses'
        console.log(
          `  ${api.name}: p95 ${api.p95Ms.toFixed(1)} ms, ${ratio.toFixed(2)}× the SQL's p95 (p50 ${(api.p50Ms / sql.p50Ms).toFixed(2)}×): ${verdict} the goal`,
        )
      }
    } finally {
      await db.end()
      await stack.stop()
    }
  },
}
