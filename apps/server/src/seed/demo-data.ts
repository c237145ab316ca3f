import type pg from 'pg'
import type { Logger } from '../platform/logger.ts'
import { createConfirmedEmailUser, findUserByEmail } from '../modules/auth/index.ts'
import { insertApplication, recordApplicationEvent } from '../modules/applications/index.ts'
import { insertInterview } from '../modules/interviews/index.ts'
import {
  findJobIdsBySourceIds,
  insertJobs,
  type NormalizedJob,
  normalizeJob,
  parseLocationText,
} from '../modules/jobs/index.ts'
import { DEMO_ACCOUNT, DEMO_APPLICATIONS, DEMO_JOBS } from './demo-content.ts'
import { generateDemoJobs } from './demo-jobs.ts'

/**
 * Fills a fresh development install with a demo account and its data, in one transaction.
 * Runs at every start and does nothing once the demo account exists, so it never touches
 * rows a user has changed. Creating the auth user fires the new-user hook, which creates the
 * profile, wizard and credit rows as for any sign-up.
 */
export async function seedDemoData(client: pg.PoolClient, logger: Logger): Promise<boolean> {
  if (await findUserByEmail(client, DEMO_ACCOUNT.email)) {
    return false
  }
  await client.query('begin')
  try {
    const { id: userId } = await createConfirmedEmailUser(client, {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      userMetadata: { full_name: DEMO_ACCOUNT.fullName },
    })
    const jobIds = await insertDemoJobs(client)
    for (const application of DEMO_APPLICATIONS) {
      await insertDemoApplication(client, userId, jobIds.get(application.jobSourceId)!, application)
    }
    await insertInterview(client, {
      userId,
      status: 'COMPLETED',
      title: 'Senior Frontend Engineer at Northwind Labs',
      questions: ['Tell me about a project you are proud of.'],
      createdAt: daysAgo(3),
    })
    await insertInterview(client, {
      userId,
      status: 'DELETED',
      title: 'Practice run (discarded)',
      questions: [],
      createdAt: daysAgo(6),
    })
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

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

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
  return findJobIdsBySourceIds(
    client,
    'demo',
    DEMO_JOBS.map((job) => job.sourceId),
  )
}

async function insertDemoApplication(
  client: pg.PoolClient,
  userId: string,
  jobId: string,
  application: (typeof DEMO_APPLICATIONS)[number],
) {
  const applicationId = await insertApplication(client, {
    userId,
    jobId,
    notes: application.notes,
    createdAt: daysAgo(application.createdDaysAgo),
  })
  // Statuses follow from events, through the database's status rule, as in real use.
  for (const event of application.events) {
    await recordApplicationEvent(client, {
      applicationId,
      userId,
      type: event.type,
      payload: event.payload ?? {},
      createdAt: daysAgo(event.daysAgo),
    })
  }
}
