import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../../test/database.ts'
import { importFeedBody } from './board-sync.ts'
import { expireOverdueJobs } from './import-feed.ts'
import type { JobBoard } from '../../../platform/job-boards.ts'
import { FeedFormatError } from './sources/feed-source.ts'

function fixture(name: string): string {
  return readFileSync(new URL(`./sources/fixtures/${name}`, import.meta.url), 'utf8')
}

const greenhouseBoard: JobBoard = { source: 'greenhouse', board: 'northwindrobotics' }
const careersBoard: JobBoard = {
  source: 'jsonld',
  board: 'https://careers.northwind-robotics.example/jobs',
}
const leverBoard: JobBoard = { source: 'lever', board: 'bluepeak' }

type Feed = { jobs: Array<Record<string, unknown>> }
const greenhouseFeed = () => JSON.parse(fixture('greenhouse-northwindrobotics.json')) as Feed

const day1 = new Date('2026-11-18T06:00:00Z')
const day2 = new Date('2026-11-19T06:00:00Z')
const day3 = new Date('2026-11-20T06:00:00Z')

describe('importing a feed', () => {
  let database: TestDatabase

  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(() => database.drop())

  const importGreenhouse = (body: string | Feed, now: Date) =>
    importFeedBody(
      database.pool,
      greenhouseBoard,
      typeof body === 'string' ? body : JSON.stringify(body),
      {
        companyName: 'Northwind Robotics',
        now,
      },
    )

  async function liveJobs() {
    const { rows } = await database.pool.query<{ source: string; source_id: string }>(
      `select source, source_id from public.jobs where expired_at is null order by source, source_id`,
    )
    return rows.map((row) => `${row.source}:${row.source_id}`)
  }

  it('stores a feed once, with every catalogue column; the second run finds it unchanged', async () => {
    const first = await importGreenhouse(fixture('greenhouse-northwindrobotics.json'), day1)
    expect(first).toEqual({
      added: 3,
      updated: 0,
      unchanged: 0,
      expired: 0,
      skipped: [
        { sourceId: '4011005', reason: expect.stringMatching(/^unreadable item/) as string },
        { sourceId: '4011004', reason: 'same job as 4011001 in the feed' },
      ],
    })
    const { rows } = await database.pool.query(
      `select title, normalized_title, onet_code, company_name, company_size, location, locations,
              country_codes, location_names, work_location, experience_level, education_level,
              salary_min, salary_max, salary_currency, salary_period, salary_min_yearly,
              salary_max_yearly, benefits, skills, source_board, last_seen_at, expired_at,
              posted_at, dedupe_key, description_html like '<div><p><strong>About%' as html
       from public.jobs where source = 'greenhouse' and source_id = '4011001'`,
    )
    expect(rows[0]).toEqual({
      title: 'Sr. Software Engineer II (Remote)',
      normalized_title: 'Software Developers',
      onet_code: '15-1252.00',
      company_name: 'Northwind Robotics',
      company_size: '51-200',
      location: 'Remote (San Francisco, United States)',
      locations: [{ name: 'San Francisco', region: 'California', countryCode: 'US' }],
      country_codes: ['US'],
      location_names: ['san francisco', 'california'],
      work_location: 'REMOTE',
      experience_level: 'SENIOR_LEVEL',
      education_level: 'BACHELOR',
      salary_min: '150000.00',
      salary_max: '190000.00',
      salary_currency: 'USD',
      salary_period: 'YEAR',
      salary_min_yearly: 150000,
      salary_max_yearly: 190000,
      benefits: ['HEALTH_INSURANCE', 'DENTAL_VISION', 'RETIREMENT_PLAN', 'PAID_TIME_OFF', 'EQUITY'],
      skills: ['Go', 'TypeScript', 'AWS', 'Kubernetes', 'PostgreSQL', 'Kafka'],
      source_board: 'northwindrobotics',
      last_seen_at: day1,
      expired_at: null,
      posted_at: new Date('2026-10-28T18:02:11Z'),
      dedupe_key: 'northwind robotics|senior software engineer ii|san francisco',
      html: true,
    })

    const second = await importGreenhouse(fixture('greenhouse-northwindrobotics.json'), day2)
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 3, expired: 0 })
    const seen = await database.pool.query(
      `select distinct last_seen_at from public.jobs where source = 'greenhouse'`,
    )
    expect(seen.rows).toEqual([{ last_seen_at: day2 }])
  })

  it('updates a job whose posting changed', async () => {
    await importGreenhouse(greenhouseFeed(), day1)
    const changed = greenhouseFeed()
    changed.jobs[1]!.title = 'Senior Product Designer'
    const counts = await importGreenhouse(changed, day2)
    expect(counts).toMatchObject({ added: 0, updated: 1, unchanged: 2, expired: 0 })
    const { rows } = await database.pool.query(
      `select title, experience_level from public.jobs where source_id = '4011002'`,
    )
    expect(rows).toEqual([{ title: 'Senior Product Designer', experience_level: 'SENIOR_LEVEL' }])
  })

  it("expires the jobs gone from the board's feed, leaves other boards alone, revives a returning one", async () => {
    await importGreenhouse(greenhouseFeed(), day1)
    await importFeedBody(database.pool, leverBoard, fixture('lever-bluepeak.json'), {
      companyName: 'Bluepeak Analytics',
      now: day1,
    })
    const shorter = greenhouseFeed()
    shorter.jobs = shorter.jobs.filter((job) => job.id !== 4011003)
    expect(await importGreenhouse(shorter, day2)).toMatchObject({
      added: 0,
      unchanged: 2,
      expired: 1,
    })
    const { rows } = await database.pool.query(
      `select expired_at from public.jobs where source_id = '4011003'`,
    )
    expect(rows).toEqual([{ expired_at: day2 }])
    expect((await liveJobs()).filter((job) => job.startsWith('lever:'))).toHaveLength(4)

    expect(await importGreenhouse(greenhouseFeed(), day3)).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 2,
      expired: 0,
    })
    expect(await liveJobs()).toContain('greenhouse:4011003')
  })

  it('skips a job past its validThrough and expires a stored one when its date passes', async () => {
    const page = fixture('jsonld-northwind-careers.html')
    const early = await importFeedBody(database.pool, careersBoard, page, {
      now: new Date('2026-09-01T00:00:00Z'),
    })
    expect(early).toMatchObject({ added: 3, expired: 0 })
    const late = await importFeedBody(database.pool, careersBoard, page, { now: day1 })
    expect(late).toMatchObject({ added: 0, unchanged: 2, expired: 1 })
    expect(late.skipped).toContainEqual({
      sourceId: '4471',
      reason: 'past its expiry date (2026-09-30)',
    })
    expect(await liveJobs()).toEqual(['jsonld:NR-FT-3', 'jsonld:NR-PD-7'])
  })

  it('sweeps jobs past their expiry date out of the catalogue, whatever board they came from', async () => {
    await importFeedBody(database.pool, careersBoard, fixture('jsonld-northwind-careers.html'), {
      now: new Date('2026-09-01T00:00:00Z'),
    })
    expect(await expireOverdueJobs(database.pool, new Date('2026-09-29T00:00:00Z'))).toBe(0)
    expect(await expireOverdueJobs(database.pool, day1)).toBe(1)
    expect(await liveJobs()).toEqual(['jsonld:NR-FT-3', 'jsonld:NR-PD-7'])
  })

  it("stores a job seen on the company's ATS and on its career page once: the ATS feed wins", async () => {
    await importGreenhouse(greenhouseFeed(), day1)
    const page = await importFeedBody(
      database.pool,
      careersBoard,
      fixture('jsonld-northwind-careers.html'),
      { now: day1 },
    )
    expect(page).toMatchObject({ added: 1, expired: 0 })
    expect(page.skipped).toContainEqual({
      sourceId: 'NR-PD-7',
      reason: 'same job as greenhouse:4011002, stored already',
    })
    const { rows } = await database.pool.query(
      `select source from public.jobs
       where dedupe_key = 'northwind robotics|product designer|london' and expired_at is null`,
    )
    expect(rows).toEqual([{ source: 'greenhouse' }])
  })

  it('lets the ATS feed replace a copy the career page brought first', async () => {
    await importFeedBody(database.pool, careersBoard, fixture('jsonld-northwind-careers.html'), {
      now: day1,
    })
    const counts = await importGreenhouse(greenhouseFeed(), day2)
    expect(counts).toMatchObject({ added: 3, expired: 1 })
    const { rows } = await database.pool.query(
      `select source, expired_at from public.jobs
       where dedupe_key = 'northwind robotics|product designer|london' order by source`,
    )
    expect(rows).toEqual([
      { source: 'greenhouse', expired_at: null },
      { source: 'jsonld', expired_at: day2 },
    ])
  })

  it('refuses a feed of the wrong shape and leaves the catalogue as it was', async () => {
    await importGreenhouse(greenhouseFeed(), day1)
    await expect(importGreenhouse('{"postings": []}', day2)).rejects.toThrow(FeedFormatError)
    expect(await liveJobs()).toEqual([
      'greenhouse:4011001',
      'greenhouse:4011002',
      'greenhouse:4011003',
    ])
  })
})
