/**
 * The `resume-analysis` queue: one job per uploaded resume, sent by POST /api/professional-profiles
 * in the transaction that records the profile.
 *
 * For now the worker only records that an analysis was asked for: a `resume_analyses` row in
 * status PENDING for the profile's resume, which the app can show as "analysis queued". Analysing
 * the resume (parsing it, scoring it, filling `result` and moving the row on to COMPLETED or
 * FAILED) is the resume-analysis feature's work and replaces this worker; the queue, its jobs'
 * data and the row it starts from stay.
 */
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { SendJob } from '../../platform/product-api.ts'
import { findResumeToAnalyse } from '../professional-profiles/index.ts'
import { insertPendingAnalysis } from './resume-analyses.repository.ts'

export const RESUME_ANALYSIS_QUEUE = 'resume-analysis'

export const ResumeAnalysisJobData = z.object({ professionalProfileId: z.uuid() })
export type ResumeAnalysisJobData = z.infer<typeof ResumeAnalysisJobData>

/** Queues the analysis of a profile's resume, in the caller's transaction. */
export async function requestResumeAnalysis(
  sendJob: SendJob,
  tx: Queryable,
  professionalProfileId: string,
): Promise<void> {
  const job: ResumeAnalysisJobData = { professionalProfileId }
  await sendJob(tx, RESUME_ANALYSIS_QUEUE, job)
}

export function resumeAnalysisRequests({
  db,
  logger,
}: {
  db: Database
  logger: Logger
}): JobFeature {
  async function recordRequest(job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const { professionalProfileId } = ResumeAnalysisJobData.parse(job.data)
    // One analysis per profile, however often the job runs (a retry after a lost completion);
    // a profile deleted in the meantime has nothing left to analyse.
    const analysisId = await withTransaction(db, async (tx) => {
      const resume = await findResumeToAnalyse(tx, professionalProfileId)
      return resume && insertPendingAnalysis(tx, { professionalProfileId, ...resume })
    })
    if (analysisId) {
      logger.info({ professionalProfileId, analysisId }, 'resume analysis requested')
    }
  }

  return {
    queues: [
      {
        name: RESUME_ANALYSIS_QUEUE,
        policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
        work: recordRequest,
      },
    ],
    tasks: [],
  }
}
