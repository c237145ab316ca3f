import {
  JobCountResponseSchema,
  type JobDetailResponse,
  JobDetailResponseSchema,
  type JobFilters,
  type JobListResponse,
  JobListResponseSchema,
  JobReportResponseSchema,
  type JobSearchParams,
} from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../../test/test-app.ts'
import { CERTAINLY_ABOVE_CAP, estimateMatches, searchCriteria } from './job-search.service.ts'
import {
  api,
  type CatalogueJob,
  insertCatalogue,
  jobsPath,
  type SignedIn,
  signUp,
} from '../../../../test/job-search-fixture.ts'

/**
 * GET /api/jobs, /api/jobs/count, /api/jobs/:id and POST /api/jobs/:id/reports against the real
 * app and a known catalogue: each filter alone and combined, free text, paging, what is left
 * out (swiped, expired), ranking, the onboarding defaults, and every error answered.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']
let ids: Map<string, string>
let seeker: SignedIn

const DAY = 24 * 60 * 60 * 1000

/** The known catalogue: each filter picks a different set of these. */
const CATALOGUE: CatalogueJob[] = [
  {
    title: 'Frontend Engineer',
    normalizedTitle: 'Web Developers',
    onetCode: '15-1254.00',
    company: 'Acme Robotics',
    industry: 'Software',
    companySize: '51-200',
    city: 'Berlin',
    countryCode: 'DE',
    workLocation: 'HYBRID',
    jobType: 'FULL_TIME',
    experienceLevel: 'SENIOR_LEVEL',
    educationLevel: 'BACHELOR',
    salary: { min: 70000, max: 90000, currency: 'EUR' },
    benefits: ['EQUITY', 'HEALTH_INSURANCE'],
    skills: ['TypeScript', 'React'],
    postedDaysAgo: 1,
  },
  {
    title: 'Backend Engineer',
    normalizedTitle: 'Software Developers',
    onetCode: '15-1252.00',
    company: 'Globex',
    industry: 'Software',
    companySize: '1001-5000',
    city: 'Munich',
    countryCode: 'DE',
    workLocation: 'ONSITE',
    jobType: 'FULL_TIME',
    experienceLevel: 'MID_LEVEL',
    educationLevel: 'MASTER',
    salary: { min: 60000, max: 80000, currency: 'EUR' },
    benefits: ['BONUS'],
    skills: ['Go', 'PostgreSQL'],
    postedDaysAgo: 2,
  },
  {
    title: 'Registered Nurse',
    normalizedTitle: 'Registered Nurses',
    onetCode: '29-1141.00',
    company: 'St. Mary Health',
    industry: 'Healthcare',
    companySize: '501-1000',
    city: 'Paris',
    countryCode: 'FR',
    workLocation: 'ONSITE',
    jobType: 'PART_TIME',
    experienceLevel: 'ENTRY_LEVEL',
    educationLevel: 'ASSOCIATE',
    benefits: ['HEALTH_INSURANCE', 'PAID_TIME_OFF'],
    postedDaysAgo: 3,
  },
  {
    title: 'Data Scientist',
    normalizedTitle: 'Data Scientists',
    onetCode: '15-2051.00',
    company: 'Initech',
    industry: 'Finance',
    companySize: '201-500',
    countryCode: 'US',
    workLocation: 'REMOTE',
    jobType: 'CONTRACT',
    experienceLevel: 'SENIOR_LEVEL',
    educationLevel: 'DOCTORATE',
    salary: { min: 150000, max: 180000, currency: 'USD' },
    benefits: ['VISA_SPONSORSHIP'],
    skills: ['Python', 'SQL'],
    postedDaysAgo: 4,
  },
  {
    title: 'Software Developer',
    normalizedTitle: 'Software Developers',
    onetCode: '15-1252.00',
    company: 'Acme Robotics',
    industry: 'Software',
    companySize: '51-200',
    workLocation: 'REMOTE',
    jobType: 'FULL_TIME',
    experienceLevel: 'LEAD',
    educationLevel: 'BACHELOR',
    salary: { min: 120000, max: 140000, currency: 'USD' },
    benefits: ['EQUITY', 'REMOTE_STIPEND'],
    skills: ['TypeScript', 'Node.js'],
    postedDaysAgo: 5,
  },
  {
    title: 'Warehouse Associate',
    normalizedTitle: 'Laborers and Freight, Stock, and Material Movers, Hand',
    onetCode: '53-7062.00',
    company: 'Globex',
    industry: 'Logistics',
    companySize: '1001-5000',
    city: 'Berlin',
    countryCode: 'DE',
    workLocation: 'ONSITE',
    jobType: 'TEMPORARY',
    experienceLevel: 'ENTRY_LEVEL',
    educationLevel: 'HIGH_SCHOOL',
    salary: { min: 25000, max: 28000, currency: 'EUR' },
    postedDaysAgo: 6,
  },
  {
    title: 'Marketing Intern',
    company: 'Initech',
    industry: 'Media',
    companySize: '11-50',
    city: 'London',
    countryCode: 'GB',
    workLocation: 'HYBRID',
    jobType: 'INTERNSHIP',
    experienceLevel: 'INTERNSHIP',
    educationLevel: 'NONE',
    salary: { min: 18000, max: 20000, currency: 'GBP' },
    benefits: ['LEARNING_BUDGET'],
    skills: ['Excel'],
    postedDaysAgo: 7,
  },
  {
    title: 'Chief Vibes Officer',
    company: 'Vibe Co',
    industry: 'Hospitality',
    companySize: '1-10',
    city: 'Paris',
    countryCode: 'FR',
    workLocation: 'ONSITE',
    jobType: 'FULL_TIME',
    experienceLevel: 'EXECUTIVE',
    educationLevel: 'NONE',
    salary: { min: 200000, max: 250000, currency: 'EUR' },
    description: 'Keep the office happy and the kombucha flowing.',
    postedDaysAgo: 8,
  },
]

/** Jobs that match nearly every filter above, and must never be listed. */
const NEVER_LISTED: CatalogueJob[] = [
  { ...CATALOGUE[0]!, title: 'Expired Frontend Engineer', expiredAt: new Date(Date.now() - DAY) },
  { ...CATALOGUE[0]!, title: 'Overdue Frontend Engineer', expiresAt: new Date(Date.now() - DAY) },
  { ...CATALOGUE[0]!, title: 'Swiped Frontend Engineer', postedDaysAgo: 0 },
]

const ALL = CATALOGUE.map((job) => job.title)

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
  ids = await insertCatalogue(pool, [...CATALOGUE, ...NEVER_LISTED])
  seeker = await signUp(testApp.baseUrl)
  await pool.query(
    `insert into public.swipes (user_id, job_id, direction, credit_cost) values ($1, $2, 'LEFT', 0)`,
    [seeker.id, ids.get('Swiped Frontend Engineer')],
  )
})

afterAll(async () => {
  await testApp.close()
})

async function list(params: JobSearchParams, user: SignedIn = seeker): Promise<JobListResponse> {
  const { status, body } = await api(testApp.baseUrl, user, jobsPath('jobs', params))
  expect(status, JSON.stringify(body)).toBe(200)
  return JobListResponseSchema.strict().parse(body)
}

async function count(params: JobSearchParams, user: SignedIn = seeker) {
  const { status, body } = await api(testApp.baseUrl, user, jobsPath('jobs/count', params))
  expect(status, JSON.stringify(body)).toBe(200)
  return JobCountResponseSchema.strict().parse(body)
}

/** The titles a search lists (all pages), sorted, after checking the count agrees. */
async function titlesFor(filters: JobFilters, q?: string): Promise<string[]> {
  const page = await list({ filters, q, limit: 50 })
  expect(page.nextCursor).toBeNull()
  expect(await count({ filters, q })).toEqual({ count: page.jobs.length, capped: false })
  return page.jobs.map((job) => job.title).sort()
}

const sorted = (titles: string[]) => [...titles].sort()

describe('each filter alone', () => {
  it.each<[string, JobFilters, string[]]>([
    ['no filter: every live, unswiped job', {}, ALL],
    [
      'types',
      { types: ['FULL_TIME'] },
      ['Frontend Engineer', 'Backend Engineer', 'Software Developer', 'Chief Vibes Officer'],
    ],
    [
      'experienceLevels',
      { experienceLevels: ['ENTRY_LEVEL'] },
      ['Registered Nurse', 'Warehouse Associate'],
    ],
    [
      'educationLevels',
      { educationLevels: ['DOCTORATE', 'MASTER'] },
      ['Backend Engineer', 'Data Scientist'],
    ],
    ['companySizes', { companySizes: ['51-200'] }, ['Frontend Engineer', 'Software Developer']],
    [
      'workLocations',
      { workLocations: ['ONSITE'] },
      ['Backend Engineer', 'Registered Nurse', 'Warehouse Associate', 'Chief Vibes Officer'],
    ],
    ['countries', { countries: ['FR'] }, ['Registered Nurse', 'Chief Vibes Officer']],
    [
      'locations: a city, within its country',
      { locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }] },
      ['Frontend Engineer', 'Warehouse Associate'],
    ],
    [
      'locations: a city of another country of that name finds nothing',
      { locations: [{ name: 'Berlin', countryCode: 'US', isCountry: false }] },
      [],
    ],
    [
      'locations: a country',
      { locations: [{ name: 'Germany', countryCode: 'DE', isCountry: true }] },
      ['Frontend Engineer', 'Backend Engineer', 'Warehouse Associate'],
    ],
    [
      'minimumSalary: ranges that reach it, and jobs that publish none',
      { minimumSalary: 100000 },
      ['Registered Nurse', 'Data Scientist', 'Software Developer', 'Chief Vibes Officer'],
    ],
    [
      'benefits: any of them',
      { benefits: ['EQUITY', 'BONUS'] },
      ['Frontend Engineer', 'Backend Engineer', 'Software Developer'],
    ],
    [
      'companies, case-insensitively',
      { companies: ['acme ROBOTICS'] },
      ['Frontend Engineer', 'Software Developer'],
    ],
    [
      'industries, case-insensitively',
      { industries: ['SOFTWARE'] },
      ['Frontend Engineer', 'Backend Engineer', 'Software Developer'],
    ],
    [
      'jobTitles: by O*NET occupation',
      { jobTitles: ['Software Engineer'] },
      ['Backend Engineer', 'Software Developer'],
    ],
    [
      'jobTitles: a phrase when O*NET has no such title',
      { jobTitles: ['chief vibes officers'] },
      ['Chief Vibes Officer'],
    ],
  ])('%s', async (_, filters, expected) => {
    expect(await titlesFor(filters)).toEqual(sorted(expected))
  })
})

describe('filters combined', () => {
  it.each<[string, JobFilters, string[]]>([
    [
      'type and country',
      { types: ['FULL_TIME'], countries: ['DE'] },
      ['Frontend Engineer', 'Backend Engineer'],
    ],
    [
      'type, remote work and a minimum salary',
      { types: ['FULL_TIME'], workLocations: ['REMOTE'], minimumSalary: 100000 },
      ['Software Developer'],
    ],
    [
      'industry, company size and a benefit',
      { industries: ['Software'], companySizes: ['51-200'], benefits: ['EQUITY'] },
      ['Frontend Engineer', 'Software Developer'],
    ],
    [
      'a city with remote work: hybrid jobs there, remote jobs anywhere',
      {
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
        workLocations: ['REMOTE', 'HYBRID'],
      },
      ['Frontend Engineer', 'Data Scientist', 'Software Developer'],
    ],
    [
      'a country with remote work',
      { countries: ['FR'], workLocations: ['REMOTE'] },
      ['Data Scientist', 'Software Developer'],
    ],
    [
      'every filter at once',
      {
        locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
        countries: ['DE'],
        types: ['FULL_TIME'],
        experienceLevels: ['SENIOR_LEVEL'],
        educationLevels: ['BACHELOR'],
        companySizes: ['51-200'],
        jobTitles: ['Frontend Developer'],
        workLocations: ['HYBRID'],
        minimumSalary: 90000,
        benefits: ['EQUITY'],
        companies: ['Acme Robotics'],
        industries: ['Software'],
      },
      ['Frontend Engineer'],
    ],
    ['filters that exclude each other', { types: ['PART_TIME'], countries: ['DE'] }, []],
  ])('%s', async (_, filters, expected) => {
    expect(await titlesFor(filters)).toEqual(sorted(expected))
  })

  it.each<[string, string, JobFilters, string[]]>([
    ['in the occupation', 'freight', {}, ['Warehouse Associate']],
    ['in the skills', 'react', {}, ['Frontend Engineer']],
    // The skills stand for the description (ADR 0013): its other words are not searched.
    ['not in the description', 'kombucha', {}, []],
    ['in the company name', 'globex', {}, ['Backend Engineer', 'Warehouse Associate']],
    [
      'stemmed, with a filter',
      'engineers',
      { countries: ['DE'] },
      ['Frontend Engineer', 'Backend Engineer'],
    ],
    ['with exclusions', 'engineer -react', {}, ['Backend Engineer']],
  ])('free text %s: %s', async (_, q, filters, expected) => {
    expect(await titlesFor(filters, q)).toEqual(sorted(expected))
  })
})

describe('what a search leaves out', () => {
  it('never lists expired jobs, overdue jobs or the user’s swipes, whatever the filters', async () => {
    const page = await list({ filters: { companies: ['Acme Robotics'] } })
    expect(page.jobs.map((job) => job.title).sort()).toEqual([
      'Frontend Engineer',
      'Software Developer',
    ])
    // Another user still sees the job this one swiped.
    const other = await signUp(testApp.baseUrl)
    const theirs = await list({ filters: { companies: ['Acme Robotics'] } }, other)
    expect(theirs.jobs.map((job) => job.title)).toContain('Swiped Frontend Engineer')
  })

  it('drops a job once it passes its expiry date on the app’s clock', async () => {
    const soon = await insertCatalogue(pool, [
      {
        ...CATALOGUE[1]!,
        title: 'Expiring Backend Engineer',
        source: 'expiring',
        expiresAt: new Date(Date.now() + DAY),
      },
    ])
    const filters = { companies: ['Globex'], types: ['FULL_TIME' as const] }
    expect((await list({ filters })).jobs.map((job) => job.title)).toContain(
      'Expiring Backend Engineer',
    )
    testApp.advanceClock(2 * DAY)
    try {
      expect((await list({ filters })).jobs.map((job) => job.title)).not.toContain(
        'Expiring Backend Engineer',
      )
    } finally {
      testApp.advanceClock(-2 * DAY)
      await pool.query('delete from public.jobs where id = $1', [
        soon.get('Expiring Backend Engineer'),
      ])
    }
  })
})

describe('ranking', () => {
  it('ranks by match with the profile and onboarding answers, with sub-scores and reasons', async () => {
    const ranked = await signUp(testApp.baseUrl)
    await pool.query(
      `update public.wizard set experience_level = 'SENIOR_LEVEL', minimum_salary = 60000,
         job_preferences = $2 where user_id = $1`,
      [
        ranked.id,
        {
          jobTitles: ['Frontend Developer'],
          workLocations: ['HYBRID'],
          locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
        },
      ],
    )
    await pool.query(
      `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
      [ranked.id, { skills: ['TypeScript', 'React', 'Node.js'] }],
    )
    await pool.query(
      `insert into public.swipes (user_id, job_id, direction, credit_cost) values ($1, $2, 'LEFT', 0)`,
      [ranked.id, ids.get('Swiped Frontend Engineer')],
    )
    const page = await list({ filters: { types: ['FULL_TIME'] } }, ranked)
    const scores = page.jobs.map((job) => job.match.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const best = page.jobs[0]!
    expect(best.title).toBe('Frontend Engineer')
    expect(best.match).toEqual({
      score: 100,
      band: 'STRONG',
      subScores: { skills: 100, titleAndLevel: 100, locationAndWorkMode: 100, salary: 100 },
      reasons: [
        "The role you're after: Frontend Developer",
        'In Berlin, where you want to work',
        'Matches 2 of your skills: TypeScript, React',
      ],
      concerns: [],
    })
    const vibes = page.jobs.find((job) => job.title === 'Chief Vibes Officer')!
    expect(vibes.match.band).toBe('FAIR')
    expect(vibes.match.subScores.skills).toBeNull()
  })

  it('answers a card with the essentials, and the detail with the whole description', async () => {
    const page = await list({ filters: { companies: ['Vibe Co'] } })
    expect(page.jobs).toEqual([
      expect.objectContaining({
        id: ids.get('Chief Vibes Officer'),
        title: 'Chief Vibes Officer',
        company: 'Vibe Co',
        companySize: '1-10',
        industry: 'Hospitality',
        location: 'Paris, FR',
        locations: [{ name: 'Paris', region: null, countryCode: 'FR' }],
        workLocation: 'ONSITE',
        jobType: 'FULL_TIME',
        experienceLevel: 'EXECUTIVE',
        educationLevel: 'NONE',
        salary: {
          min: 200000,
          max: 250000,
          currency: 'EUR',
          period: 'YEAR',
          minYearly: 200000,
          maxYearly: 250000,
        },
        benefits: [],
        skills: [],
        applyUrl: 'https://example.com/apply',
        summary: 'Keep the office happy and the kombucha flowing.',
      }),
    ])
    const { status, body } = await api<JobDetailResponse>(
      testApp.baseUrl,
      seeker,
      `jobs/${ids.get('Chief Vibes Officer')}`,
    )
    expect(status).toBe(200)
    const { job } = JobDetailResponseSchema.strict().parse(body)
    expect(job).toMatchObject({
      title: 'Chief Vibes Officer',
      description: 'Keep the office happy and the kombucha flowing.',
      descriptionHtml: '<p>Keep the office happy and the kombucha flowing.</p>',
      expiresAt: null,
      match: { band: 'FAIR' },
    })
  })

  it('opens an expired job’s detail (a saved link keeps working)', async () => {
    const { status, body } = await api<JobDetailResponse>(
      testApp.baseUrl,
      seeker,
      `jobs/${ids.get('Expired Frontend Engineer')}`,
    )
    expect(status).toBe(200)
    expect(body.job.title).toBe('Expired Frontend Engineer')
  })
})

describe('paging', () => {
  const FILLER = 150
  beforeAll(async () => {
    await pool.query(
      `insert into public.jobs (source, source_id, title, industry, job_type, skills, posted_at)
       select 'filler', n::text, 'Filler job ' || n, 'Filler',
              (array['FULL_TIME', 'PART_TIME', 'CONTRACT'])[1 + n % 3],
              case when n % 4 = 0 then array['TypeScript'] else '{}' end,
              now() - n * interval '1 minute' - (n % 7) * interval '1 second'
       from generate_series(1, $1::int) as n`,
      [FILLER],
    )
    await pool.query('analyze public.jobs')
  })

  async function allPages(
    params: JobSearchParams,
    user: SignedIn,
    between?: (page: JobListResponse) => Promise<void>,
  ) {
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 100; pages += 1) {
      const page: JobListResponse = await list({ ...params, cursor }, user)
      seen.push(...page.jobs.map((job) => job.id))
      await between?.(page)
      cursor = page.nextCursor
      if (!cursor) return seen
    }
    throw new Error('paging did not end')
  }

  it.each([7, 20, 50])(
    'continues page after page (%i a page) without duplicates or gaps, across ranking windows',
    async (limit) => {
      const user = await signUp(testApp.baseUrl)
      await pool.query(
        `insert into public.professional_profiles (user_id, parsed_data) values ($1, $2)`,
        [user.id, { skills: ['TypeScript'] }],
      )
      const seen = await allPages({ filters: { industries: ['Filler'] }, limit }, user)
      expect(seen).toHaveLength(FILLER)
      expect(new Set(seen).size).toBe(FILLER)
      expect(await count({ filters: { industries: ['Filler'] } }, user)).toEqual({
        count: FILLER,
        capped: false,
      })
    },
  )

  it('neither skips nor repeats when the user swipes between pages', async () => {
    const user = await signUp(testApp.baseUrl)
    const swiped = new Set<string>()
    const seen = await allPages(
      { filters: { industries: ['Filler'] }, limit: 20 },
      user,
      async (page) => {
        // Swipe half of each page, as the deck does while the user reads on.
        for (const job of page.jobs.filter((_, index) => index % 2 === 0)) {
          swiped.add(job.id)
          await pool.query(
            `insert into public.swipes (user_id, job_id, direction, credit_cost) values ($1, $2, 'LEFT', 0)`,
            [user.id, job.id],
          )
        }
      },
    )
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toHaveLength(FILLER)
    expect(await count({ filters: { industries: ['Filler'] } }, user)).toEqual({
      count: FILLER - swiped.size,
      capped: false,
    })
  })

  it('counts exactly up to 1,000 and says when there are more', async () => {
    await pool.query(
      `insert into public.jobs (source, source_id, title, industry, posted_at)
       select 'bulk', n::text, 'Bulk job ' || n, 'Bulk', now() - n * interval '1 second'
       from generate_series(1, 1001) as n`,
    )
    expect(await count({ filters: { industries: ['Bulk'] } })).toEqual({
      count: 1000,
      capped: true,
    })
    await pool.query(`delete from public.jobs where source = 'bulk' and source_id = '1'`)
    expect(await count({ filters: { industries: ['Bulk'] } })).toEqual({
      count: 1000,
      capped: false,
    })
    await pool.query(`delete from public.jobs where source = 'bulk'`)
  })

  it("answers a broad search from the planner's estimate, without counting", async () => {
    await pool.query(
      `insert into public.jobs (source, source_id, title, industry, posted_at)
       select 'broad', n::text, 'Broad job ' || n, 'Broad', now() - n * interval '1 second'
       from generate_series(1, $1::integer) as n`,
      [CERTAINLY_ABOVE_CAP + 2000],
    )
    await pool.query('analyze public.jobs')
    const criteria = searchCriteria(
      { userId: seeker.id, now: new Date() },
      { industries: ['Broad'] },
      undefined,
    )
    expect(await estimateMatches(pool, criteria)).toBeGreaterThanOrEqual(CERTAINLY_ABOVE_CAP)
    expect(await count({ filters: { industries: ['Broad'] } })).toEqual({
      count: 1000,
      capped: true,
    })
    await pool.query(`delete from public.jobs where source = 'broad'`)
    await pool.query('analyze public.jobs')
  })
})

describe('defaults from onboarding', () => {
  it('searches with the onboarding answers when the query names no filter, and says so', async () => {
    const user = await signUp(testApp.baseUrl)
    await pool.query(
      `update public.wizard set job_types = '{PART_TIME,TEMPORARY}', job_preferences = $2
       where user_id = $1`,
      [user.id, { locations: [{ name: 'France', countryCode: 'FR', isCountry: true }] }],
    )
    const expected: JobFilters = {
      types: ['PART_TIME', 'TEMPORARY'],
      locations: [{ name: 'France', countryCode: 'FR', isCountry: true }],
    }
    const page = await list({ defaults: 'onboarding' }, user)
    expect(page.filters).toEqual(expected)
    expect(page.jobs.map((job) => job.title)).toEqual(['Registered Nurse'])
    expect(await count({ defaults: 'onboarding' }, user)).toEqual({ count: 1, capped: false })

    // Free text alone keeps the defaults; any filter replaces them; `defaults=none` drops them.
    expect((await list({ defaults: 'onboarding', q: 'nurse' }, user)).filters).toEqual(expected)
    const typed = await list({ defaults: 'onboarding', filters: { countries: ['DE'] } }, user)
    expect(typed.filters).toEqual({ countries: ['DE'] })
    const everything = await list({ defaults: 'none', filters: { companies: ['Initech'] } }, user)
    expect(everything.jobs.map((job) => job.title).sort()).toEqual([
      'Data Scientist',
      'Marketing Intern',
    ])
  })

  it('searches everything for a user who gave no answers', async () => {
    const user = await signUp(testApp.baseUrl)
    const page = await list({ defaults: 'onboarding', limit: 50, filters: {} }, user)
    expect(page.filters).toEqual({})
  })
})

describe('job reports', () => {
  it('records a report with the reason, details (empty by default), filters and reporter', async () => {
    const jobId = ids.get('Marketing Intern')!
    const filters: JobFilters = { types: ['INTERNSHIP'] }
    const first = await api(testApp.baseUrl, seeker, `jobs/${jobId}/reports`, {
      method: 'POST',
      body: { reason: 'SCAM', details: 'Asks for a fee to apply', filters },
    })
    expect(first.status).toBe(201)
    const { report } = JobReportResponseSchema.strict().parse(first.body)
    expect(report).toMatchObject({
      jobId,
      reason: 'SCAM',
      details: 'Asks for a fee to apply',
      filters,
    })

    const second = await api(testApp.baseUrl, seeker, `jobs/${jobId}/reports`, {
      method: 'POST',
      body: { reason: 'EXPIRED' },
    })
    expect(second.status).toBe(201)
    const { rows } = await pool.query(
      `select reason, details, filters, reported_by from public.job_reports
       where job_id = $1 order by created_at`,
      [jobId],
    )
    expect(rows).toEqual([
      { reason: 'SCAM', details: 'Asks for a fee to apply', filters, reported_by: seeker.id },
      { reason: 'EXPIRED', details: '', filters: null, reported_by: seeker.id },
    ])
  })

  it.each([
    ['an unknown reason', { reason: 'BORING' }, 'reason'],
    ['no reason', {}, 'reason'],
    ['details over 2,000 characters', { reason: 'OTHER', details: 'x'.repeat(2001) }, 'details'],
    [
      'filters outside the vocabulary',
      { reason: 'OTHER', filters: { types: ['GIG'] } },
      'filters.types.0',
    ],
  ])('refuses %s with 400 validation_failed', async (_, body, path) => {
    const { status, body: answer } = await api<{ code: string; details: Array<{ path: string }> }>(
      testApp.baseUrl,
      seeker,
      `jobs/${ids.get('Marketing Intern')}/reports`,
      { method: 'POST', body },
    )
    expect(status).toBe(400)
    expect(answer.code).toBe('validation_failed')
    expect(answer.details.map((detail) => detail.path)).toContain(path)
  })

  it('leaves a reported job out of its reporter’s lists and count, not out of others’', async () => {
    const reporter = await signUp(testApp.baseUrl)
    const other = await signUp(testApp.baseUrl)
    const filters: JobFilters = { companies: ['Globex'] }
    const before = await list({ filters, limit: 50 }, reporter)
    const reported = before.jobs.find((job) => job.title === 'Backend Engineer')
    expect(reported).toBeDefined()

    const { status } = await api(testApp.baseUrl, reporter, `jobs/${reported!.id}/reports`, {
      method: 'POST',
      body: { reason: 'SPAM' },
    })
    expect(status).toBe(201)

    const after = await list({ filters, limit: 50 }, reporter)
    expect(after.jobs.map((job) => job.id)).not.toContain(reported!.id)
    expect(after.jobs).toHaveLength(before.jobs.length - 1)
    expect(await count({ filters }, reporter)).toEqual({
      count: before.jobs.length - 1,
      capped: false,
    })
    const theirs = await list({ filters, limit: 50 }, other)
    expect(theirs.jobs.map((job) => job.id)).toContain(reported!.id)
  })

  it('answers 404 for a job that does not exist', async () => {
    const { status, body } = await api<{ code: string }>(
      testApp.baseUrl,
      seeker,
      `jobs/00000000-0000-4000-8000-000000000000/reports`,
      { method: 'POST', body: { reason: 'SPAM' } },
    )
    expect(status).toBe(404)
    expect(body.code).toBe('not_found')
  })
})

describe('errors', () => {
  it.each([
    ['jobs?types=GIG', 'types.0'],
    ['jobs/count?types=GIG', 'types.0'],
    ['jobs?locations=Berlin', 'locations.0'],
    ['jobs?minimumSalary=-5', 'minimumSalary'],
    ['jobs?limit=51', 'limit'],
    ['jobs?cursor=not-a-cursor', 'cursor'],
    ['jobs?alertId=7', 'alertId'],
    ['jobs/not-a-uuid', 'id'],
  ])('GET %s is 400 validation_failed naming %s', async (path, detail) => {
    const { status, body } = await api<{ code: string; details: Array<{ path: string }> }>(
      testApp.baseUrl,
      seeker,
      path,
    )
    expect(status).toBe(400)
    expect(body.code).toBe('validation_failed')
    expect(body.details.map((entry) => entry.path)).toContain(detail)
  })

  it('GET jobs/:id is 404 not_found for an unknown job', async () => {
    const { status, body } = await api<{ code: string }>(
      testApp.baseUrl,
      seeker,
      'jobs/00000000-0000-4000-8000-000000000000',
    )
    expect(status).toBe(404)
    expect(body.code).toBe('not_found')
  })

  it('GET jobs?alertId= is 404 not_found for an alert that is not the user’s', async () => {
    const { status, body } = await api<{ code: string }>(
      testApp.baseUrl,
      seeker,
      'jobs?alertId=00000000-0000-4000-8000-000000000000',
    )
    expect(status).toBe(404)
    expect(body.code).toBe('not_found')
  })

  it.each([
    ['GET', 'jobs'],
    ['GET', 'jobs/count'],
    ['GET', 'jobs/00000000-0000-4000-8000-000000000000'],
    ['POST', 'jobs/00000000-0000-4000-8000-000000000000/reports'],
  ])('%s %s is 401 not_authenticated without a session', async (method, path) => {
    const { status, body } = await api<{ code: string }>(testApp.baseUrl, null, path, {
      method,
      body: method === 'POST' ? { reason: 'SPAM' } : undefined,
    })
    expect(status).toBe(401)
    expect(body.code).toBe('not_authenticated')
  })
})
