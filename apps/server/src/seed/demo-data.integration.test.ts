import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { verifyPassword } from '../modules/auth/index.ts'
import { DEMO_ACCOUNT } from './demo-content.ts'
import { DEMO_CATALOGUE_SIZE, seedDemoData } from './demo-data.ts'

describe('demo data', () => {
  let database: TestDatabase
  let firstRun: boolean
  const logger = pino({ level: 'silent' })

  beforeAll(async () => {
    database = await createTestDatabase()
    const client = await database.pool.connect()
    try {
      firstRun = await seedDemoData(client, logger)
    } finally {
      client.release()
    }
  })
  afterAll(() => database.drop())

  it('creates a demo account whose password verifies, with its profile from the sign-up hook', async () => {
    expect(firstRun).toBe(true)
    const {
      rows: [user],
    } = await database.pool.query<{ id: string; encrypted_password: string }>(
      'select id, encrypted_password from auth.users where email = $1',
      [DEMO_ACCOUNT.email],
    )
    expect(await verifyPassword(user!.encrypted_password, DEMO_ACCOUNT.password)).toBe(true)
    const { rows: profiles } = await database.pool.query(
      'select first_name, last_name from public.profiles where user_id = $1',
      [user!.id],
    )
    expect(profiles).toEqual([{ first_name: 'Alex', last_name: 'Morgan' }])
  })

  it('derives application statuses from events through the database rule', async () => {
    const { rows } = await database.pool.query<{ title: string; status: string }>(
      `select j.title, a.status from public.job_applications a join public.jobs j on j.id = a.job_id
       order by j.title`,
    )
    expect(rows).toEqual([
      { title: 'Data Analyst', status: 'REJECTED' },
      { title: 'Full-Stack Developer', status: 'OFFER' },
      { title: 'Product Manager, Growth', status: 'SAVED' },
      { title: 'Senior Frontend Engineer', status: 'INTERVIEW' },
    ])
  })

  it('seeds the story jobs and a generated catalogue with every filter column filled', async () => {
    const { rows } = await database.pool.query<{ jobs: number; unfilled: number; story: number }>(
      `select count(*)::int as jobs,
              count(*) filter (where normalized_title is null or onet_code is null
                or company_name is null or company_size is null or industry is null
                or cardinality(country_codes) = 0 or location is null or work_location is null
                or job_type is null or experience_level is null or education_level is null
                or description_html is null or posted_at is null)::int as unfilled,
              count(*) filter (where source_id not like 'demo-%')::int as story
       from public.jobs where source = 'demo' and expired_at is null`,
    )
    expect(rows).toEqual([{ jobs: DEMO_CATALOGUE_SIZE + 5, unfilled: 0, story: 5 }])
  })

  it('runs the story jobs through the importers: salary, seniority and benefits from the text', async () => {
    const { rows } = await database.pool.query(
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

  it('leaves the soft-deleted interview out of the interview list', async () => {
    const { rows } = await database.pool.query('select status from public.active_interviews')
    expect(rows).toEqual([{ status: 'COMPLETED' }])
  })

  it('does nothing on the next start', async () => {
    const client = await database.pool.connect()
    try {
      expect(await seedDemoData(client, logger)).toBe(false)
    } finally {
      client.release()
    }
    const { rows } = await database.pool.query('select count(*)::int as n from auth.users')
    expect(rows).toEqual([{ n: 1 }])
  })
})
