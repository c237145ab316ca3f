import type { CreditsResponse, JobCard, JobDetail, JobListResponse } from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../test/test-app.ts'
import { verifyPassword } from '../modules/auth/index.ts'
import { createLocalByteStore } from '../modules/storage/index.ts'
import {
  DEMO_ACCOUNT,
  DEMO_APPLICATIONS,
  DEMO_JOBS,
  DEMO_PASSED_JOBS,
  DEMO_RESUME_FILE_NAME,
} from './demo-content.ts'
import { DEMO_CATALOGUE_SIZE, seedDemoData } from './demo-data.ts'

/**
 * The demo account as a visitor meets it: seeded as a development start does (with this app's
 * byte store), then signed in over HTTP and used through the real API.
 */
describe('demo data', () => {
  let testApp: TestApp
  let firstRun: boolean
  let supabase: SupabaseClient
  let token: string
  const logger = pino({ level: 'silent' })

  const seed = async () => {
    const client = await testApp.database.pool.connect()
    try {
      return await seedDemoData(client, logger, createLocalByteStore(testApp.dataDir))
    } finally {
      client.release()
    }
  }
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${testApp.baseUrl}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status, path).toBe(200)
    return (await response.json()) as T
  }
  /** Up to `pages` pages of a search, in the order the deck shows them. */
  const search = async (query: string, pages: number): Promise<JobCard[]> => {
    const jobs: JobCard[] = []
    let cursor: string | null = null
    for (let page = 0; page < pages; page += 1) {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      const body: JobListResponse = await api<JobListResponse>(`jobs?limit=20${query}${after}`)
      jobs.push(...body.jobs)
      cursor = body.nextCursor
      if (!cursor) break
    }
    return jobs
  }
  const storyJobIds = async (sourceIds: string[]) => {
    const { rows } = await testApp.database.pool.query<{ id: string }>(
      `select id from public.jobs where source = 'demo' and source_id = any($1)`,
      [sourceIds],
    )
    return rows.map((row) => row.id)
  }

  beforeAll(async () => {
    testApp = await startTestApp()
    firstRun = await seed()
    supabase = testApp.client()
    const { data, error } = await supabase.auth.signInWithPassword({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    })
    expect(error).toBeNull()
    token = data.session!.access_token
  })
  afterAll(() => testApp.close())

  it('creates a demo account whose password verifies, with its profile from the sign-up hook', async () => {
    expect(firstRun).toBe(true)
    const {
      rows: [user],
    } = await testApp.database.pool.query<{ id: string; encrypted_password: string }>(
      'select id, encrypted_password from auth.users where email = $1',
      [DEMO_ACCOUNT.email],
    )
    expect(await verifyPassword(user!.encrypted_password, DEMO_ACCOUNT.password)).toBe(true)
    const { rows: profiles } = await testApp.database.pool.query(
      'select first_name, last_name from public.profiles where user_id = $1',
      [user!.id],
    )
    expect(profiles).toEqual([{ first_name: 'Alex', last_name: 'Morgan' }])
  })

  it('has finished onboarding: answers a search can use, completed weeks ago, tips delivered', async () => {
    const { data: wizard } = await supabase
      .from('wizard')
      .select(
        'current_step, completed_at, job_types, job_preferences, experience_level, minimum_salary, minimum_salary_currency',
      )
      .single<{ completed_at: string }>()
    expect(wizard).toMatchObject({
      current_step: 'success',
      job_types: ['FULL_TIME'],
      experience_level: 'SENIOR_LEVEL',
      minimum_salary: 60000,
      minimum_salary_currency: 'EUR',
      job_preferences: {
        jobTitles: ['Frontend Developer', 'Software Engineer'],
        workLocations: ['REMOTE', 'HYBRID'],
      },
    })
    expect(Date.parse(wizard!.completed_at)).toBeLessThan(Date.now() - 30 * 24 * 60 * 60 * 1000)
    const tips = await api<{ messages: unknown[] }>('onboarding/messages')
    expect(tips.messages.length).toBeGreaterThan(0)
  })

  it('has a parsed resume whose PDF, under its own file name, is in the owner’s folder', async () => {
    const { data: profile } = await supabase
      .from('latest_professional_profiles')
      .select('file_name, original_file_name, resume_path, parsed_data')
      .single<{ resume_path: string; parsed_data: { work: unknown[] } }>()
    expect(profile).toMatchObject({
      original_file_name: DEMO_RESUME_FILE_NAME,
      parsed_data: { basics: { label: 'Senior Frontend Engineer' } },
    })
    expect(profile!.resume_path).toMatch(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/)
    expect(profile!.parsed_data.work.length).toBeGreaterThanOrEqual(3)
    const { data: file, error } = await supabase.storage
      .from('resumes')
      .download(profile!.resume_path)
    expect(error).toBeNull()
    const text = Buffer.from(await file!.arrayBuffer()).toString('latin1')
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text).toContain('(Alex Morgan)')
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
  })

  it('reads the resume’s skills into the match: the Berlin job matches all four of its skills', async () => {
    const [bluepeak] = await storyJobIds(['bluepeak-fullstack'])
    const { job } = await api<{ job: JobDetail }>(`jobs/${bluepeak}`)
    expect(job.match.subScores.skills).toBe(100)
    expect(job.match.reasons.join(' | ')).toMatch(/Matches 4 of your skills/)
  })

  it('deals a deck of varied scores with reasons, without the jobs already swiped', async () => {
    const deck = await search('', 3)
    expect(deck.length).toBeGreaterThanOrEqual(10)
    expect(new Set(deck.map((job) => job.match.score)).size).toBeGreaterThanOrEqual(5)
    for (const job of deck) {
      expect(job.match.reasons.length, job.title).toBeGreaterThan(0)
    }
    const swiped = await storyJobIds([
      ...DEMO_APPLICATIONS.map((application) => application.jobSourceId),
      ...DEMO_PASSED_JOBS,
    ])
    expect(swiped).toHaveLength(DEMO_APPLICATIONS.length + DEMO_PASSED_JOBS.length)
    const everything = await search('&defaults=none', 20)
    const shown = new Set([...deck, ...everything].map((job) => job.id))
    expect(swiped.filter((id) => shown.has(id))).toEqual([])
  })

  it('scores the catalogue from poor to strong fits, not one value for every job', async () => {
    const ranked = await search('&defaults=none', 3)
    const scores = ranked.map((job) => job.match.score)
    expect(new Set(scores).size).toBeGreaterThanOrEqual(5)
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThanOrEqual(40)
    const good = ranked.filter((job) => job.match.score >= 60)
    expect(good.length).toBeGreaterThan(0)
    for (const job of good) {
      expect(job.match.reasons.length, job.title).toBeGreaterThan(0)
    }
  })

  it('tracks applications at every stage, each from a right swipe, and the passed job as a left one', async () => {
    const { data: applications } = await supabase
      .from('job_applications_with_job')
      .select('status, job_title')
      .order('job_title')
      .returns<{ status: string }[]>()
    expect(applications!.map((row) => row.status).sort()).toEqual([
      'APPLIED',
      'INTERVIEW',
      'OFFER',
      'REJECTED',
      'SAVED',
    ])
    const { data: swipes } = await supabase
      .from('swipes')
      .select('direction')
      .returns<{ direction: string }[]>()
    expect(swipes!.map((swipe) => swipe.direction).sort()).toEqual([
      ...DEMO_PASSED_JOBS.map(() => 'LEFT'),
      ...DEMO_APPLICATIONS.map(() => 'RIGHT'),
    ])
  })

  it('spent the right swipes’ credits through the ledger: the balance is what the ledger says', async () => {
    const credits = await api<CreditsResponse>('credits')
    const { rows } = await testApp.database.pool.query<{ sum: number; spends: number }>(
      `select sum(delta)::int as sum, count(*) filter (where kind = 'spend')::int as spends
       from public.credit_ledger l join auth.users u on u.id = l.user_id where u.email = $1`,
      [DEMO_ACCOUNT.email],
    )
    expect(rows[0]).toEqual({ sum: credits.remainingCredits, spends: DEMO_APPLICATIONS.length })
    expect(credits.usedCredits).toBe(DEMO_APPLICATIONS.length)
    expect(credits.remainingCredits).toBeGreaterThan(0)
  })

  it('seeds the story jobs and a generated catalogue with every filter column filled', async () => {
    const { rows } = await testApp.database.pool.query<{
      jobs: number
      unfilled: number
      story: number
    }>(
      `select count(*)::int as jobs,
              count(*) filter (where normalized_title is null or onet_code is null
                or company_name is null or company_size is null or industry is null
                or cardinality(country_codes) = 0 or location is null or work_location is null
                or job_type is null or experience_level is null or education_level is null
                or description_html is null or posted_at is null)::int as unfilled,
              count(*) filter (where source_id not like 'demo-%')::int as story
       from public.jobs where source = 'demo' and expired_at is null`,
    )
    expect(rows).toEqual([
      { jobs: DEMO_CATALOGUE_SIZE + DEMO_JOBS.length, unfilled: 0, story: DEMO_JOBS.length },
    ])
  })

  it('runs the story jobs through the importers: salary, seniority and benefits from the text', async () => {
    const { rows } = await testApp.database.pool.query(
      `select normalized_title, country_codes, work_location, experience_level, education_level,
              salary_min, salary_max, salary_currency, salary_period, benefits, skills
       from public.jobs where source = 'demo' and source_id = 'bluepeak-fullstack'`,
    )
    expect(rows).toEqual([
      {
        normalized_title: 'Software Developers',
        country_codes: ['DE'],
        work_location: 'HYBRID',
        experience_level: 'MID_LEVEL',
        education_level: 'BACHELOR',
        salary_min: '65000.00',
        salary_max: '80000.00',
        salary_currency: 'EUR',
        salary_period: 'YEAR',
        benefits: ['FLEXIBLE_HOURS', 'LEARNING_BUDGET'],
        skills: ['Node.js', 'PostgreSQL', 'React', 'TypeScript'],
      },
    ])
  })

  it('leaves the soft-deleted interview out of the list; three attempts scored by the product improve', async () => {
    const { rows } = await testApp.database.pool.query<{
      status: string
      score: number
      wpm: number
      fillers: number
      answers: number
    }>(
      `select i.status, (i.feedback ->> 'score')::int as score,
              (i.feedback -> 'averages' ->> 'wordsPerMinute')::real as wpm,
              (i.feedback -> 'averages' ->> 'fillersPerMinute')::real as fillers,
              (select count(*)::int from public.interview_answers a
               where a.interview_id = i.id and a.status = 'ANALYSED' and a.coaching is not null) as answers
       from public.active_interviews i order by i.created_at`,
    )
    expect(rows.map((row) => [row.status, row.answers])).toEqual([
      ['COMPLETED', 3],
      ['COMPLETED', 3],
      ['COMPLETED', 3],
    ])
    const [first, second, third] = rows
    expect(first!.score).toBeLessThan(second!.score)
    expect(second!.score).toBeLessThan(third!.score)
    expect(first!.fillers).toBeGreaterThan(third!.fillers)
    expect(first!.wpm).toBeGreaterThan(165) // rushed at first
    expect(third!.wpm).toBeGreaterThanOrEqual(130)
    expect(third!.wpm).toBeLessThanOrEqual(165)
  })

  it('does nothing on the next start', async () => {
    const snapshot = () =>
      testApp.database.pool.query(
        `select (select count(*)::int from auth.users) as users,
                (select count(*)::int from public.jobs) as jobs,
                (select count(*)::int from public.swipes) as swipes,
                (select count(*)::int from public.job_applications) as applications,
                (select count(*)::int from public.job_application_events) as events,
                (select count(*)::int from public.professional_profiles) as profiles,
                (select count(*)::int from storage.objects) as files,
                (select count(*)::int from public.credit_ledger) as ledger,
                (select json_agg(w) from public.wizard w) as wizard`,
      )
    const before = (await snapshot()).rows
    expect(await seed()).toBe(false)
    expect((await snapshot()).rows).toEqual(before)
    expect(before[0]).toMatchObject({ users: 1, files: 1, profiles: 1 })
  })
})
