import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../test/database.ts'
import { verifyPassword } from '../modules/auth/password-hashing.ts'
import { DEMO_ACCOUNT } from './demo-content.ts'
import { seedDemoData } from './demo-data.ts'

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
