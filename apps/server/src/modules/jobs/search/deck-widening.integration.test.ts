import {
  type JobCard,
  JobCountResponseSchema,
  type JobListResponse,
  JobListResponseSchema,
  type JobSearchParams,
  jobSearchToQueryString,
  type OutsideFilter,
} from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertDemoCatalogue } from '../../../../../../test/demo-catalogue.ts'
import { startTestApp, type TestApp } from '../../../../../../test/test-app.ts'
import { api, type SignedIn, signUp } from '../../../../test/job-search-fixture.ts'

/**
 * The deck that does not run dry (ADR 0015): the demo catalogue a development start generates,
 * a typical seeker's onboarding answers, and the deck's search (`widen=true`) paged over HTTP.
 */
let testApp: TestApp
let pool: TestApp['database']['pool']
let seeker: SignedIn

/** A typical seeker: a mid-level software engineer in Berlin, hybrid, at least €60k. */
const TYPICAL_ANSWERS = {
  jobTypes: ['FULL_TIME'],
  experienceLevel: 'MID_LEVEL',
  minimumSalary: 60000,
  currency: 'EUR',
  preferences: {
    jobTitles: ['Software Engineer'],
    workLocations: ['HYBRID'],
    locations: [{ name: 'Berlin', countryCode: 'DE', isCountry: false }],
  },
}

async function signUpTypicalSeeker(): Promise<SignedIn> {
  const user = await signUp(testApp.baseUrl)
  await pool.query(
    `update public.wizard set job_types = $2, experience_level = $3, minimum_salary = $4,
       minimum_salary_currency = $5, job_preferences = $6 where user_id = $1`,
    [
      user.id,
      TYPICAL_ANSWERS.jobTypes,
      TYPICAL_ANSWERS.experienceLevel,
      TYPICAL_ANSWERS.minimumSalary,
      TYPICAL_ANSWERS.currency,
      TYPICAL_ANSWERS.preferences,
    ],
  )
  return user
}

beforeAll(async () => {
  testApp = await startTestApp()
  pool = testApp.database.pool
  await insertDemoCatalogue(pool)
  seeker = await signUpTypicalSeeker()
}, 120_000)

afterAll(async () => {
  await testApp.close()
})

async function page(params: JobSearchParams, user = seeker): Promise<JobListResponse> {
  const { status, body } = await api(
    testApp.baseUrl,
    user,
    `jobs?${jobSearchToQueryString(params)}`,
  )
  expect(status, JSON.stringify(body)).toBe(200)
  return JobListResponseSchema.strict().parse(body)
}

/** Every card of the search, page after page (at most `max`), with the cursors handed out. */
async function pages(params: JobSearchParams, max: number): Promise<JobCard[]> {
  const cards: JobCard[] = []
  let cursor: string | null = null
  do {
    const answer: JobListResponse = await page({ ...params, cursor, limit: 20 })
    cards.push(...answer.jobs)
    cursor = answer.nextCursor
  } while (cursor && cards.length < max)
  return cards
}

async function count(params: JobSearchParams): Promise<number> {
  const { status, body } = await api(
    testApp.baseUrl,
    seeker,
    `jobs/count?${jobSearchToQueryString(params)}`,
  )
  expect(status).toBe(200)
  return JobCountResponseSchema.parse(body).count
}

type Facts = {
  id: string
  onet_code: string | null
  country_codes: string[]
  location_names: string[]
  work_location: string | null
  experience_level: string | null
}

/**
 * What each card should say, worked out from the job's own columns against the typical answers
 * (independently of the search's SQL): which filters it is outside of.
 */
async function expectedOutside(cards: JobCard[]): Promise<Map<string, OutsideFilter[]>> {
  const { rows } = await pool.query<Facts>(
    `select id, onet_code, country_codes, location_names, work_location, experience_level
     from public.jobs where id = any($1::uuid[])`,
    [cards.map((card) => card.id)],
  )
  return new Map(
    rows.map((job) => {
      const inBerlin = job.country_codes.includes('DE') && job.location_names.includes('berlin')
      const hybrid = job.work_location === 'HYBRID'
      const outside: OutsideFilter[] = []
      if (job.work_location !== 'REMOTE' && !inBerlin) outside.push('location')
      if (job.experience_level !== 'MID_LEVEL') outside.push('level')
      // "Software Engineer" is O*NET's Software Developers.
      if (job.onet_code !== '15-1252.00') outside.push('title')
      if (job.work_location === 'REMOTE') outside.push('remote')
      if (job.work_location !== 'REMOTE' && !hybrid) outside.push('workMode')
      return [job.id, outside]
    }),
  )
}

describe("the deck's search widens when the filters' own matches run out", () => {
  it('offers at least 50 distinct jobs to a typical seeker, strict ones first, each widened card saying why', async () => {
    const strictCount = await count({})
    expect(strictCount).toBeLessThan(50)
    const cards = await pages({ widen: true }, 120)
    const ids = cards.map((card) => card.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThanOrEqual(50)

    // The filters' own matches first, and exactly as many as the count says.
    const widenedFrom = cards.findIndex((card) => card.outsideFilters?.length)
    expect(widenedFrom).toBe(strictCount)
    expect(cards.slice(widenedFrom).every((card) => card.outsideFilters?.length)).toBe(true)

    const expected = await expectedOutside(cards)
    for (const card of cards) {
      expect(card.outsideFilters, `${card.title}, ${card.location}`).toEqual(expected.get(card.id))
    }
    // The nearest steps come first: elsewhere in Germany before remote jobs anywhere.
    const reasons = new Set(cards.flatMap((card) => card.outsideFilters ?? []))
    expect(reasons).toContain('location')
    expect(reasons).toContain('remote')
    const firstRemote = cards.findIndex((card) => card.outsideFilters?.includes('remote'))
    const lastNearby = cards.findLastIndex(
      (card) => card.outsideFilters?.length && !card.outsideFilters.includes('remote'),
    )
    expect(cards[widenedFrom]!.outsideFilters).not.toContain('remote')
    expect(firstRemote).toBeGreaterThan(widenedFrom)
    expect(lastNearby).toBeGreaterThan(widenedFrom)
  })

  it('keeps paging without duplicates or gaps when swipes happen between pages', async () => {
    const user = await signUpTypicalSeeker()
    const everything = await pages({ widen: true, limit: 20 }, 10_000)
    expect(everything.length).toBeGreaterThan(100)
    // Page again, swiping the first card of each page before asking for the next.
    const seen: JobCard[] = []
    let cursor: string | null = null
    do {
      const answer: JobListResponse = await page({ widen: true, cursor, limit: 20 }, user)
      seen.push(...answer.jobs)
      const swiped = answer.jobs[0]
      if (swiped && answer.nextCursor) {
        await pool.query(
          `insert into public.swipes (user_id, job_id, direction, credit_cost) values ($1, $2, 'LEFT', 0)`,
          [user.id, swiped.id],
        )
      }
      cursor = answer.nextCursor
    } while (cursor)
    const seenIds = seen.map((card) => card.id)
    expect(new Set(seenIds).size).toBe(seenIds.length)
    expect([...seenIds].sort()).toEqual(everything.map((card) => card.id).sort())
  })

  it('leaves the list view and the count to the filters themselves', async () => {
    const list = await pages({}, 1000)
    expect(list.length).toBe(await count({}))
    expect(list.every((card) => !card.outsideFilters?.length)).toBe(true)
  })

  it('does not widen a search whose filters match enough jobs', async () => {
    const broad: JobSearchParams = { filters: { workLocations: ['REMOTE'] } }
    expect(await count(broad)).toBeGreaterThanOrEqual(100)
    const cards = await pages({ ...broad, widen: true }, 100)
    expect(cards.length).toBeGreaterThanOrEqual(100)
    expect(cards.filter((card) => card.outsideFilters?.length)).toEqual([])
  })

  it('refuses a widened cursor on a search that does not widen', async () => {
    const widened = await pages({ widen: true }, 60)
    expect(widened.some((card) => card.outsideFilters?.length)).toBe(true)
    // The cursor of the page that is in a widening stage.
    let cursor: string | null = null
    let inStage = false
    while (!inStage) {
      const answer: JobListResponse = await page({ widen: true, cursor, limit: 20 })
      inStage = answer.jobs.some((card) => card.outsideFilters?.length)
      cursor = answer.nextCursor
    }
    expect(cursor).not.toBeNull()
    const { status, body } = await api(
      testApp.baseUrl,
      seeker,
      `jobs?${jobSearchToQueryString({ cursor })}`,
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'validation_failed' })
  })
})
