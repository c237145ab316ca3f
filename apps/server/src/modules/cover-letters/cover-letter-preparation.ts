/**
 * The `cover-letter-preparation` queue (issue 14): after a right swipe's transaction commits,
 * one job writes the application's cover letter (text on the row, PDF in the `cover-letters`
 * bucket at `<userId>/<applicationId>.pdf`) and its match report. A regeneration queues another.
 *
 * Progress is the application's `cover_letter_status`: queued (in the swipe's transaction) →
 * preparing → ready, or failed with the reason (retried as the policy says). Idempotent: each
 * request has an id stored on the application, and a job writes only while its request is the
 * current one and not yet ready, so a retried job after success, or one superseded by a newer
 * request, writes nothing.
 */
import { randomUUID } from 'node:crypto'
import { COVER_LETTERS_BUCKET } from '@app/contracts'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { SendJob } from '../../platform/product-api.ts'
import {
  type CoverLetterRow,
  failCoverLetterPreparation,
  listRecentLetterFeedback,
  queueCoverLetterPreparation,
  saveCoverLetter,
  startCoverLetterPreparation,
} from '../applications/index.ts'
import { type ByteStore, storeFileAsServer } from '../storage/index.ts'
import { applicationJob, gatherLetterFacts } from './application-job.ts'
import type { LetterFacts } from './letter-facts.ts'
import { renderLetterPdf } from './letter-pdf.ts'
import { FEEDBACK_CONSIDERED, letterStyleFrom } from './letter-style.ts'
import { buildMatchReport } from './match-report.ts'
import { type TextGenerator, writeLetter } from './text-generation.ts'

export const COVER_LETTER_QUEUE = 'cover-letter-preparation'

const JobData = z.object({ applicationId: z.uuid(), requestId: z.uuid() })
type JobData = z.infer<typeof JobData>

/**
 * Queues the preparation of an application's letter and report, in the caller's transaction
 * (the right swipe's, or a regeneration's): the status is `queued` from that commit on.
 */
export async function requestCoverLetter(
  sendJob: SendJob,
  tx: Queryable,
  request: { applicationId: string; userId: string; now: Date },
): Promise<void> {
  const requestId = randomUUID()
  const job: JobData = { applicationId: request.applicationId, requestId }
  // Both statements issued at once, so a caller batching its statements sends them in one
  // round trip (issue 21). A job whose request was not queued (no such application of the
  // user's) finds nothing to do and ends: its request id is on no application.
  await Promise.all([
    queueCoverLetterPreparation(tx, { ...request, requestId }),
    sendJob(tx, COVER_LETTER_QUEUE, job),
  ])
}

export type CoverLetterDependencies = {
  db: Database
  logger: Logger
  byteStore: ByteStore
  /** The configured LLM (`LLM_BASE_URL`), or null for the offline composer. */
  generator: TextGenerator | null
  now: Clock
}

export function coverLetterPreparation(deps: CoverLetterDependencies): JobFeature {
  return {
    queues: [
      {
        name: COVER_LETTER_QUEUE,
        policy: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
        concurrency: 2,
        work: (job: PgBoss.JobWithMetadata<unknown>) =>
          prepareCoverLetter(deps, JobData.parse(job.data)),
      },
    ],
    tasks: [],
  }
}

class NothingToWriteAbout extends Error {}

export async function prepareCoverLetter(
  deps: CoverLetterDependencies,
  { applicationId, requestId }: JobData,
): Promise<void> {
  const { db, logger } = deps
  const row = await withTransaction(db, (tx) =>
    startCoverLetterPreparation(tx, applicationId, requestId, deps.now()),
  )
  if (!row) {
    return // done already, superseded, or the application is gone
  }
  try {
    const [facts, feedback] = await Promise.all([
      loadLetterFacts(db, row),
      listRecentLetterFeedback(db, row.user_id, FEEDBACK_CONSIDERED),
    ])
    const letter = await writeLetter(deps.generator, facts, letterStyleFrom(feedback))
    const now = deps.now()
    const report = buildMatchReport(facts, now)
    const pdf = await renderLetterPdf(letter.text, {
      title: `Cover letter: ${facts.job.title}${facts.job.company ? ` at ${facts.job.company}` : ''}`,
      author: facts.seeker.name,
      date: now,
    })
    const pdfPath = `${row.user_id}/${row.id}.pdf`
    await withTransaction(db, async (tx) => {
      const saved = await saveCoverLetter(tx, {
        applicationId,
        requestId,
        text: letter.text,
        pdfPath,
        source: letter.source,
        note: letter.fallbackReason,
        matchReport: report,
        now,
      })
      if (saved) {
        await storeFileAsServer(tx, deps.byteStore, {
          bucket: COVER_LETTERS_BUCKET,
          name: pdfPath,
          owner: row.user_id,
          bytes: pdf,
          mimeType: 'application/pdf',
          now,
          upsert: true,
        })
      }
    })
    logger.info({ applicationId, source: letter.source }, 'cover letter prepared')
  } catch (error) {
    const reason =
      error instanceof NothingToWriteAbout ? error.message : 'The letter could not be prepared'
    await withTransaction(db, (tx) =>
      failCoverLetterPreparation(tx, applicationId, requestId, reason, deps.now()),
    )
    if (error instanceof NothingToWriteAbout) {
      return // a retry would find the same: no job to write about
    }
    throw error
  }
}

async function loadLetterFacts(db: Database, row: CoverLetterRow): Promise<LetterFacts> {
  const job = await applicationJob(db, row)
  if (!job) {
    throw new NothingToWriteAbout('There is no job to write about: add its title first')
  }
  return gatherLetterFacts(db, row.user_id, job, row.additional_context)
}
