import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { Logger } from '../platform/logger.ts'
import { createConfirmedEmailUser, findUserByEmail } from '../modules/auth/index.ts'
import { insertApplication, recordApplicationEvent } from '../modules/applications/index.ts'
import { grant, readBalance, readPrice, spend } from '../modules/credits/index.ts'
import { insertInterview, recordPastInterview } from '../modules/interviews/index.ts'
import {
  findJobIdsBySourceIds,
  insertJobs,
  type NormalizedJob,
  normalizeJob,
  parseLocationText,
} from '../modules/jobs/index.ts'
import { saveWizardAnswers } from '../modules/onboarding/index.ts'
import { insertParsedProfile, RESUMES_BUCKET } from '../modules/professional-profiles/index.ts'
import { type ByteStore, storeFileAsServer } from '../modules/storage/index.ts'
import { insertSwipe } from '../modules/swipes/index.ts'
import {
  DEMO_ACCOUNT,
  DEMO_APPLICATIONS,
  DEMO_JOBS,
  DEMO_ONBOARDED_DAYS_AGO,
  DEMO_PASSED_JOBS,
  DEMO_PRACTICE_INTERVIEWS,
  DEMO_RESUME,
  DEMO_RESUME_FILE_NAME,
  DEMO_WIZARD,
} from './demo-content.ts'
import { type DemoJobFocus, generateDemoJobs } from './demo-jobs.ts'
import { renderResumePdf, type ResumeLine } from './demo-resume-pdf.ts'

/**
 * Fills a fresh development install with a demo account and its data, in one transaction.
 * Runs at every start and does nothing once the demo account exists, so it never touches
 * rows a user has changed. Creating the auth user fires the new-user hook, which creates the
 * profile, wizard and credit rows as for any sign-up; the demo seeker then has what a real one
 * would after a few weeks: onboarding answers, a parsed resume (its PDF in the `resumes` bucket
 * when `files`, this server's byte store, is given), right swipes that saved jobs to
 * applications at every stage and spent their credits through the ledger, a passed job, and
 * practice interviews.
 */
export async function seedDemoData(
  client: pg.PoolClient,
  logger: Logger,
  files?: ByteStore,
): Promise<boolean> {
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
    const now = new Date()
    await saveWizardAnswers(client, userId, {
      ...DEMO_WIZARD,
      completedAt: daysAgo(DEMO_ONBOARDED_DAYS_AGO).toISOString(),
    })
    await insertDemoProfile(client, userId, files, now)
    const jobIds = await insertDemoJobs(client)
    const jobId = (sourceId: string) => jobIds.get(sourceId)!
    const creditCost = await readPrice(client, 'right_swipe')
    await coverSwipeHistory(client, userId, creditCost * DEMO_APPLICATIONS.length, now)
    for (const application of DEMO_APPLICATIONS) {
      const job = jobId(application.jobSourceId)
      await insertDemoApplication(client, userId, job, creditCost, application, now)
    }
    for (const sourceId of DEMO_PASSED_JOBS) {
      await insertSwipe(client, {
        userId,
        jobId: jobId(sourceId),
        direction: 'LEFT',
        creditCost: 0,
        idempotencyKey: null,
      })
    }
    for (const practice of DEMO_PRACTICE_INTERVIEWS) {
      await recordPastInterview(client, {
        userId,
        title: 'Senior Frontend Engineer',
        company: 'Northwind Labs',
        jobApplicationId: null,
        createdAt: daysAgo(practice.daysAgo),
        answers: practice.answers.map(
          ({ question, kind, reason, talkingPoints, jobTerms, ...said }) => ({
            question: { index: 0, text: question, kind, talkingPoints, jobTerms, reason },
            ...said,
          }),
        ),
      })
    }
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

/** The resume as its own PDF: name, headline, experience, skills, education. */
function resumeLines(): ResumeLine[] {
  const { basics, work, skills, education, languages } = DEMO_RESUME
  return [
    { text: basics.name, style: 'title' },
    { text: `${basics.label} - ${basics.location.city} - ${basics.email}` },
    { text: basics.summary },
    { text: 'Experience', style: 'heading' },
    ...work.flatMap((job) => [
      { text: `${job.position}, ${job.name} (${job.startDate} to ${job.endDate ?? 'today'})` },
      ...job.highlights.map((highlight) => ({ text: `  - ${highlight}` })),
    ]),
    { text: 'Skills', style: 'heading' },
    ...skills.map((group) => ({ text: `${group.name}: ${group.keywords.join(', ')}` })),
    { text: 'Education', style: 'heading' },
    ...education.map((school) => ({
      text: `${school.studyType}, ${school.area}, ${school.institution} (${school.endDate.slice(0, 4)})`,
    })),
    { text: 'Languages', style: 'heading' },
    { text: languages.map((entry) => `${entry.language} (${entry.fluency})`).join(', ') },
  ]
}

/**
 * The demo seeker's professional profile: the parsed resume, and its PDF stored in the user's
 * folder as the upload page stores one (`<user id>/<random>.pdf`) when there is a byte store.
 */
async function insertDemoProfile(
  client: pg.PoolClient,
  userId: string,
  files: ByteStore | undefined,
  now: Date,
) {
  let stored: { fileName: string; resumePath: string } | null = null
  if (files) {
    const fileName = `${randomUUID()}.pdf`
    const resumePath = `${userId}/${fileName}`
    await storeFileAsServer(client, files, {
      bucket: RESUMES_BUCKET,
      name: resumePath,
      owner: userId,
      bytes: renderResumePdf(resumeLines()),
      mimeType: 'application/pdf',
      now,
    })
    stored = { fileName, resumePath }
  }
  await insertParsedProfile(client, {
    userId,
    fileName: stored?.fileName ?? null,
    originalFileName: stored ? DEMO_RESUME_FILE_NAME : null,
    resumePath: stored?.resumePath ?? null,
    parsedData: DEMO_RESUME,
    createdAt: daysAgo(DEMO_ONBOARDED_DAYS_AGO - 1),
  })
}

/** Generated jobs a fresh install gets besides the story jobs: a catalogue worth swiping. */
export const DEMO_CATALOGUE_SIZE = 3000
const DEMO_CATALOGUE_SEED = 2026
/**
 * The demo seeker's local market: nearly a third of the catalogue is software, web and data work,
 * mostly in Germany and its neighbours, so their deck reads like a Berlin developer's.
 */
export const DEMO_CATALOGUE_FOCUS: DemoJobFocus = {
  share: 0.3,
  onetCodes: [
    '15-1252.00', // Software Developers
    '15-1254.00', // Web Developers
    '15-1255.00', // Web and Digital Interface Designers
    '15-1253.00', // Software Quality Assurance Analysts and Testers
    '15-2051.00', // Data Scientists
    '15-1211.00', // Computer Systems Analysts
  ],
  countries: { DE: 6, NL: 1, AT: 1, CH: 0.5, GB: 1, IE: 0.5, FR: 0.5, US: 0.5 },
}
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
    yield* generateDemoJobs({
      count: DEMO_CATALOGUE_SIZE,
      seed: DEMO_CATALOGUE_SEED,
      now,
      focus: DEMO_CATALOGUE_FOCUS,
    })
  }
  await insertJobs(client, jobs())
  return findJobIdsBySourceIds(
    client,
    'demo',
    DEMO_JOBS.map((job) => job.sourceId),
  )
}

/**
 * When the free allowance is configured below what the demo's right swipes cost, a grant
 * (`demo:<user id>`) makes up the difference first, so the spends go through the ledger like
 * any swipe's and the balance is always what the ledger says.
 */
async function coverSwipeHistory(client: pg.PoolClient, userId: string, cost: number, now: Date) {
  const { balance, allowance } = await readBalance(client, userId, now)
  if (allowance !== null && balance < cost) {
    await grant(
      client,
      { userId, amount: cost - balance, idempotencyKey: `demo:${userId}`, reason: 'demo' },
      now,
    )
  }
}

/**
 * One application as the app makes it: a right swipe at the server's price, the job saved to
 * the tracker, the credits spent through the ledger under the swipe's key (`swipe:<id>`, as a
 * real swipe spends them), then the events the user logged.
 */
async function insertDemoApplication(
  client: pg.PoolClient,
  userId: string,
  jobId: string,
  creditCost: number,
  application: (typeof DEMO_APPLICATIONS)[number],
  now: Date,
) {
  const swipe = await insertSwipe(client, {
    userId,
    jobId,
    direction: 'RIGHT',
    creditCost,
    idempotencyKey: null,
  })
  const applicationId = await insertApplication(client, {
    userId,
    jobId,
    notes: application.notes,
    createdAt: daysAgo(application.createdDaysAgo),
  })
  const spent = await spend(
    client,
    {
      userId,
      amount: creditCost,
      idempotencyKey: `swipe:${swipe!.id}`,
      reason: 'swipe',
      metadata: { swipeId: swipe!.id, jobId },
    },
    now,
  )
  if (spent.status === 'insufficient') {
    throw new Error(`The demo's right swipe ${swipe!.id} found too few credits`)
  }
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
