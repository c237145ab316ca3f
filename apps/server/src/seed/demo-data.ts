import type pg from 'pg'
import type { Logger } from '../platform/logger.ts'
import { hashPassword } from '../modules/auth/index.ts'
import { insertJobs } from '../modules/job-catalogue/index.ts'
import type { NormalizedJob } from '../modules/job-catalogue/index.ts'
import { normalizeJob } from '../modules/job-catalogue/index.ts'
import { parseLocationText } from '../modules/job-catalogue/index.ts'
import { DEMO_ACCOUNT, DEMO_APPLICATIONS, DEMO_JOBS } from './demo-content.ts'
import { generateDemoJobs } from './demo-jobs.ts'

/**
 * Fills a fresh development install with a demo account and its data, in one transaction.
 * Runs at every start and does nothing once the demo account exists, so it never touches
 * rows a user has changed. Creating the auth user fires the new-user hook, which creates the
 * profile, wizard and credit rows as for any sign-up.
 */
export async function seedDemoData(client: pg.PoolClient, logger: Logger): Promise<boolean> {
  const existing = await client.query('select 1 from auth.users where lower(email) = lower($1)', [
    DEMO_ACCOUNT.email,
  ])
  if (existing.rowCount) {
    return false
  }
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password)
  await client.query('begin')
  try {
    const {
      rows: [user],
    } = await client.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, now(), '{"provider":"email","providers":["email"]}', $3)
       returning id`,
      [DEMO_ACCOUNT.email, passwordHash, { full_name: DEMO_ACCOUNT.fullName }],
    )
    const userId = user!.id
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email')`,
      [userId, DEMO_ACCOUNT.email],
    )
    const jobIds = await insertDemoJobs(client)
    for (const application of DEMO_APPLICATIONS) {
      await insertApplication(client, userId, jobIds.get(application.jobSourceId)!, application)
    }
    await client.query(
      `insert into public.interviews (user_id, status, title, questions, created_at)
       values ($1, 'COMPLETED', 'Senior Frontend Engineer at Northwind Labs', $2, now() - interval '3 days'),
              ($1, 'DELETED', 'Practice run (discarded)', '[]', now() - interval '6 days')`,
      [userId, JSON.stringify(['Tell me about a project you are proud of.'])],
    )
    await client.query('commit')
    logger.info({ email: DEMO_ACCOUNT.email }, 'demo data created')
    return true
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}

/** Generated jobs a fresh install gets besides the story jobs: a catalogue worth swiping. */
export const DEMO_CATALOGUE_SIZE = 3000
const DEMO_CATALOGUE_SEED = 2026
const DAY_MS = 24 * 60 * 60 * 1000

/** A story job through the importers' normalisation, as a feed item would go. */
function storyJob(job: (typeof DEMO_JOBS)[number], now: Date): NormalizedJob {
  const location = parseLocationText(job.location)
  return normalizeJob(
    {
      sourceId: job.sourceId,
      title: job.title,
      companyName: job.company,
      companySize: job.companySize,
      industry: job.industry,
      employmentType: job.employmentType,
      descriptionHtml: job.description,
      places: location.places,
      workLocation: location.hybrid ? 'HYBRID' : location.remote ? 'REMOTE' : 'ONSITE',
      applyUrl: job.applyUrl,
      postedAt: new Date(now.getTime() - job.postedDaysAgo * DAY_MS),
    },
    { source: 'demo', board: 'demo' },
  )
}

/** The story jobs and the generated catalogue; returns the story jobs' ids by source id. */
async function insertDemoJobs(client: pg.PoolClient): Promise<Map<string, string>> {
  const now = new Date()
  const jobs = function* () {
    yield* DEMO_JOBS.map((job) => storyJob(job, now))
    yield* generateDemoJobs({ count: DEMO_CATALOGUE_SIZE, seed: DEMO_CATALOGUE_SEED, now })
  }
  await insertJobs(client, jobs())
  const { rows } = await client.query<{ source_id: string; id: string }>(
    `select source_id, id from public.jobs where source = 'demo' and source_id = any($1::text[])`,
    [DEMO_JOBS.map((job) => job.sourceId)],
  )
  return new Map(rows.map((row) => [row.source_id, row.id]))
}

async function insertApplication(
  client: pg.PoolClient,
  userId: string,
  jobId: string,
  application: (typeof DEMO_APPLICATIONS)[number],
) {
  const {
    rows: [row],
  } = await client.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id, notes, created_at)
     values ($1, $2, $3, now() - make_interval(days => $4)) returning id`,
    [userId, jobId, application.notes, application.createdDaysAgo],
  )
  // Statuses follow from events, through the database's status rule, as in real use.
  for (const event of application.events) {
    await client.query(
      `insert into public.job_application_events (job_application_id, user_id, type, payload, created_at)
       values ($1, $2, $3, $4, now() - make_interval(days => $5))`,
      [row!.id, userId, event.type, event.payload ?? {}, event.daysAgo],
    )
  }
}
