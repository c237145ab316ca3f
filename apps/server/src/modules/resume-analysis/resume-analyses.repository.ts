/** SQL over `public.resume_analyses`, which this module owns. */
import {
  RESUME_ANALYSIS_STEP_PERCENT,
  type ResumeAnalysis,
  type ResumeAnalysisFailure,
  type ResumeAnalysisInput,
  type ResumeAnalysisStatus,
  type ResumeAnalysisStep,
} from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type AnalysisRow = {
  id: string
  user_id: string
  professional_profile_id: string | null
  source: 'resume' | 'linkedin'
  input: ResumeAnalysisInput
  document_path: string | null
  linkedin_url: string | null
  status: ResumeAnalysisStatus
  progress_step: ResumeAnalysisStep
  progress: number
  score: number | null
  result: Record<string, unknown> | null
  error: string | null
  failure: ResumeAnalysisFailure | null
  started_at: Date | null
  completed_at: Date | null
  created_at: Date
  updated_at: Date
}

export function toResumeAnalysisJson(row: AnalysisRow): ResumeAnalysis {
  return {
    id: row.id,
    professionalProfileId: row.professional_profile_id,
    source: row.source,
    input: row.input,
    documentPath: row.document_path,
    linkedinUrl: row.linkedin_url,
    status: row.status,
    progress: { step: row.progress_step, percent: row.progress },
    failure: row.failure,
    error: row.error,
    score: row.score,
    result: row.result as ResumeAnalysis['result'],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  }
}

export type NewAnalysis = {
  userId: string
  professionalProfileId: string
  input: ResumeAnalysisInput
  documentPath: string | null
  linkedinUrl: string | null
}

/** The queued or running analysis of this profile and input, or null. */
export async function findActiveAnalysis(
  db: Queryable,
  request: Pick<NewAnalysis, 'professionalProfileId' | 'input' | 'documentPath'>,
): Promise<AnalysisRow | null> {
  const result = await db.query<AnalysisRow>(
    `select * from public.resume_analyses
     where professional_profile_id = $1 and input = $2
       and coalesce(document_path, '') = coalesce($3, '')
       and status in ('PENDING', 'PROCESSING')
     order by created_at desc limit 1`,
    [request.professionalProfileId, request.input, request.documentPath],
  )
  return result.rows[0] ?? null
}

/**
 * Records a PENDING analysis, or finds the one already queued or running for the same profile
 * and input (`created` false): one active analysis per profile and document, however often it
 * is asked for (the partial unique index holds it under concurrency).
 */
export async function insertOrFindAnalysis(
  tx: Queryable,
  request: NewAnalysis,
): Promise<{ row: AnalysisRow; created: boolean }> {
  const inserted = await tx.query<AnalysisRow>(
    `insert into public.resume_analyses
       (user_id, professional_profile_id, source, input, document_path, linkedin_url)
     values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing
     returning *`,
    [
      request.userId,
      request.professionalProfileId,
      request.input === 'pdf' ? 'resume' : 'linkedin',
      request.input,
      request.documentPath,
      request.linkedinUrl,
    ],
  )
  if (inserted.rows[0]) {
    return { row: inserted.rows[0], created: true }
  }
  const existing = await findActiveAnalysis(tx, request)
  if (!existing) {
    throw new Error('An active analysis conflicted, then could not be found')
  }
  return { row: existing, created: false }
}

/** The newest analysis of one owner's: a profile's or a user's, or null. */
async function findNewestAnalysis(
  db: Queryable,
  owner: 'professional_profile_id' | 'user_id',
  id: string,
): Promise<AnalysisRow | null> {
  const result = await db.query<AnalysisRow>(
    `select * from public.resume_analyses where ${owner} = $1
     order by created_at desc, id desc limit 1`,
    [id],
  )
  return result.rows[0] ?? null
}

/** The newest analysis of a profile (the worker's start for a job sent before analysis ids). */
export const findLatestProfileAnalysis = (db: Queryable, professionalProfileId: string) =>
  findNewestAnalysis(db, 'professional_profile_id', professionalProfileId)

/** The user's newest analysis, or null. */
export const findLatestUserAnalysis = (db: Queryable, userId: string) =>
  findNewestAnalysis(db, 'user_id', userId)

/** The user's own analysis with this id, or null (someone else's is not found either). */
export async function findUserAnalysis(
  db: Queryable,
  userId: string,
  analysisId: string,
): Promise<AnalysisRow | null> {
  const result = await db.query<AnalysisRow>(
    'select * from public.resume_analyses where id = $1 and user_id = $2',
    [analysisId, userId],
  )
  return result.rows[0] ?? null
}

/** The analysis, locked for the caller's transaction (the worker's claim), or null. */
export async function lockAnalysis(tx: Queryable, analysisId: string): Promise<AnalysisRow | null> {
  const result = await tx.query<AnalysisRow>(
    'select * from public.resume_analyses where id = $1 for update',
    [analysisId],
  )
  return result.rows[0] ?? null
}

/** Moves a queued or running analysis to a step (PROCESSING, or PENDING `awaiting_export`). */
export async function setAnalysisStep(
  db: Queryable,
  analysisId: string,
  step: Exclude<ResumeAnalysisStep, 'done' | 'failed'>,
): Promise<void> {
  const status = step === 'queued' || step === 'awaiting_export' ? 'PENDING' : 'PROCESSING'
  await db.query(
    `update public.resume_analyses
     set status = $2, progress_step = $3, progress = $4,
         started_at = case when $2 = 'PROCESSING' then coalesce(started_at, now()) else started_at end
     where id = $1 and status in ('PENDING', 'PROCESSING')`,
    [analysisId, status, step, RESUME_ANALYSIS_STEP_PERCENT[step]],
  )
}

/** COMPLETED with the review. */
export async function completeAnalysis(
  db: Queryable,
  analysisId: string,
  review: { score: number; result: Record<string, unknown> },
): Promise<void> {
  await db.query(
    `update public.resume_analyses
     set status = 'COMPLETED', progress_step = 'done', progress = 100, score = $2, result = $3,
         error = null, failure = null, completed_at = now()
     where id = $1`,
    [analysisId, review.score, review.result],
  )
}

/** FAILED with a stable reason and a sentence for the seeker. */
export async function failAnalysis(
  db: Queryable,
  analysisId: string,
  failure: ResumeAnalysisFailure,
  message: string,
): Promise<void> {
  await db.query(
    `update public.resume_analyses
     set status = 'FAILED', progress_step = 'failed', progress = 100, failure = $2, error = $3,
         completed_at = now()
     where id = $1 and status in ('PENDING', 'PROCESSING')`,
    [analysisId, failure, message],
  )
}

/**
 * A profile's LinkedIn analysis waiting for LinkedIn's export, now that it came: it becomes the
 * export's analysis, queued again. Null when the profile has none waiting.
 */
export async function resumeAwaitingAnalysis(
  tx: Queryable,
  professionalProfileId: string,
): Promise<AnalysisRow | null> {
  const result = await tx.query<AnalysisRow>(
    `update public.resume_analyses
     set input = 'linkedin_export', progress_step = 'queued', progress = 0
     where id = (
       select id from public.resume_analyses
       where professional_profile_id = $1 and status = 'PENDING'
         and progress_step = 'awaiting_export'
       order by created_at desc limit 1
       for update)
     returning *`,
    [professionalProfileId],
  )
  return result.rows[0] ?? null
}

/**
 * Fails analyses left PROCESSING longer than `staleAfterSeconds` (a process died during their
 * last attempt, and pg-boss will not run them again). Answers how many.
 */
export async function failStaleAnalyses(
  db: Queryable,
  staleAfterSeconds: number,
  message: string,
): Promise<number> {
  const result = await db.query(
    `update public.resume_analyses
     set status = 'FAILED', progress_step = 'failed', progress = 100, failure = 'internal',
         error = $2, completed_at = now()
     where status = 'PROCESSING' and started_at < now() - make_interval(secs => $1)`,
    [staleAfterSeconds, message],
  )
  return result.rowCount ?? 0
}
