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
import type { Database } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'

export const RESUME_ANALYSIS_QUEUE = 'resume-analysis'

export const ResumeAnalysisJobData = z.object({ professionalProfileId: z.uuid() })
export type ResumeAnalysisJobData = z.infer<typeof ResumeAnalysisJobData>

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
    const recorded = await db.query<{ id: string }>(
      `insert into public.resume_analyses (user_id, professional_profile_id, source, document_path)
       select profile.user_id, profile.id, 'resume', profile.resume_path
       from public.professional_profiles as profile
       where profile.id = $1
         and profile.resume_path is not null
         and not exists (
           select 1 from public.resume_analyses as analysis
           where analysis.professional_profile_id = profile.id)
       returning id`,
      [professionalProfileId],
    )
    const analysisId = recorded.rows[0]?.id
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
