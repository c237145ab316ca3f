/**
 * `interviews` (practice interviews, spec section 3), which this module owns: one row per
 * interview with its questions, where a finishing one is, its overall feedback and the path of
 * its session recording. Deletion is soft (status DELETED, spec section 4).
 */
import type {
  InterviewFeedback,
  InterviewFocus,
  InterviewProgressStep,
  InterviewQuestion,
  InterviewStatus,
} from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type InterviewRow = {
  id: string
  user_id: string
  job_application_id: string | null
  job_id: string | null
  company: string | null
  status: InterviewStatus
  focus: InterviewFocus
  title: string | null
  /** Objects since issue 16; plain strings in rows written before (the demo's past runs). */
  questions: (InterviewQuestion | string)[]
  feedback: InterviewFeedback | null
  audio_path: string | null
  duration_seconds: number | null
  progress_step: InterviewProgressStep
  failure_reason: string | null
  completed_at: Date | null
  created_at: Date
  deleted_at: Date | null
  audio_purged_at: Date | null
}

const COLUMNS = `id, user_id, job_application_id, job_id, company, status, focus, title, questions,
  feedback, audio_path, duration_seconds, progress_step, failure_reason, completed_at, created_at,
  deleted_at, audio_purged_at`

export type NewInterview = {
  /** Chosen by the caller when the questions are seeded with it; else generated. */
  id?: string
  userId: string
  /** COMPLETED, DELETED (the soft delete of spec section 4), … */
  status: InterviewStatus
  title: string
  questions: (InterviewQuestion | string)[]
  createdAt: Date
  focus?: InterviewFocus
  jobApplicationId?: string | null
  jobId?: string | null
  company?: string | null
  /** The overall feedback of an interview recorded as COMPLETED (the demo's). */
  feedback?: InterviewFeedback | null
}

export async function insertInterview(tx: Queryable, interview: NewInterview): Promise<string> {
  const result = await tx.query<{ id: string }>(
    `insert into public.interviews
       (id, user_id, status, title, questions, created_at, focus, job_application_id, job_id,
        company, feedback, completed_at, progress_step)
     values (coalesce($10, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $11,
       case $2 when 'COMPLETED' then $5::timestamptz end,
       case $2 when 'COMPLETED' then 'done' when 'FAILED' then 'failed' else 'questions_ready' end)
     returning id`,
    [
      interview.userId,
      interview.status,
      interview.title,
      JSON.stringify(interview.questions),
      interview.createdAt,
      interview.focus ?? 'mixed',
      interview.jobApplicationId ?? null,
      interview.jobId ?? null,
      interview.company ?? null,
      interview.id ?? null,
      interview.feedback ? JSON.stringify(interview.feedback) : null,
    ],
  )
  return result.rows[0]!.id
}

/** The user's interview, deleted ones included (null: not theirs, or no such one). */
export async function findInterview(
  db: Queryable,
  userId: string,
  interviewId: string,
  options: { lock?: boolean } = {},
): Promise<InterviewRow | null> {
  const result = await db.query<InterviewRow>(
    `select ${COLUMNS} from public.interviews
     where id = $1 and user_id = $2 ${options.lock ? 'for update' : ''}`,
    [interviewId, userId],
  )
  return result.rows[0] ?? null
}

/** An interview by id alone, for the background jobs. */
export async function findInterviewById(
  db: Queryable,
  interviewId: string,
  options: { lock?: boolean } = {},
): Promise<InterviewRow | null> {
  const result = await db.query<InterviewRow>(
    `select ${COLUMNS} from public.interviews where id = $1 ${options.lock ? 'for update' : ''}`,
    [interviewId],
  )
  return result.rows[0] ?? null
}

export type InterviewListRow = InterviewRow & {
  answered_count: number
  words_per_minute: number | null
  fillers_per_minute: number | null
}

/**
 * The user's interviews but the deleted ones (spec section 4), newest first, with how many
 * questions were answered and the session's pace and fillers (for the progress chart).
 */
export async function listInterviews(db: Queryable, userId: string): Promise<InterviewListRow[]> {
  const result = await db.query<InterviewListRow>(
    `select ${COLUMNS.split(',')
      .map((column) => `i.${column.trim()}`)
      .join(', ')},
       (select count(*)::int from public.interview_answers a
        where a.interview_id = i.id and a.mode <> 'skipped') as answered_count,
       (i.feedback -> 'averages' ->> 'wordsPerMinute')::real as words_per_minute,
       (i.feedback -> 'averages' ->> 'fillersPerMinute')::real as fillers_per_minute
     from public.interviews i
     where i.user_id = $1 and i.status <> 'DELETED'
     order by i.created_at desc, i.id desc
     limit 200`,
    [userId],
  )
  return result.rows
}

/** The first answer moves a CREATED interview to IN_PROGRESS. */
export async function markInProgress(tx: Queryable, interviewId: string): Promise<void> {
  await tx.query(
    `update public.interviews set status = 'IN_PROGRESS', progress_step = 'answering'
     where id = $1 and status = 'CREATED'`,
    [interviewId],
  )
}

export async function setInterviewProgress(
  tx: Queryable,
  interviewId: string,
  change: { status: InterviewStatus; step: InterviewProgressStep },
): Promise<void> {
  await tx.query(
    `update public.interviews set status = $2, progress_step = $3, failure_reason = null
     where id = $1`,
    [interviewId, change.status, change.step],
  )
}

export async function completeInterview(
  tx: Queryable,
  interviewId: string,
  done: {
    feedback: InterviewFeedback
    audioPath: string | null
    durationSeconds: number | null
    now: Date
  },
): Promise<void> {
  await tx.query(
    `update public.interviews
     set status = 'COMPLETED', progress_step = 'done', feedback = $2, audio_path = $3,
         duration_seconds = $4, completed_at = $5, failure_reason = null
     where id = $1 and status = 'PROCESSING'`,
    [interviewId, JSON.stringify(done.feedback), done.audioPath, done.durationSeconds, done.now],
  )
}

export async function failInterview(
  tx: Queryable,
  interviewId: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `update public.interviews set status = 'FAILED', progress_step = 'failed', failure_reason = $2
     where id = $1 and status = 'PROCESSING'`,
    [interviewId, reason.slice(0, 500)],
  )
}

/** The soft delete (spec section 4); the status trigger records when. False: not theirs. */
export async function markDeleted(
  tx: Queryable,
  userId: string,
  interviewId: string,
): Promise<boolean> {
  const result = await tx.query(
    `update public.interviews set status = 'DELETED' where id = $1 and user_id = $2`,
    [interviewId, userId],
  )
  return (result.rowCount ?? 0) > 0
}

/** Deleted interviews whose recordings outlived the retention period, oldest first. */
export async function findInterviewsToPurge(
  db: Queryable,
  deletedBefore: Date,
  limit: number,
): Promise<{ id: string; user_id: string }[]> {
  const result = await db.query<{ id: string; user_id: string }>(
    `select id, user_id from public.interviews
     where status = 'DELETED' and audio_purged_at is null and deleted_at < $1
     order by deleted_at
     limit $2`,
    [deletedBefore, limit],
  )
  return result.rows
}

/**
 * Records the purge of a deleted interview's recordings; false when it is no longer deleted
 * (the caller's transaction then removes nothing).
 */
export async function markAudioPurged(
  tx: Queryable,
  interviewId: string,
  now: Date,
): Promise<boolean> {
  const result = await tx.query(
    `update public.interviews set audio_purged_at = $2, audio_path = null
     where id = $1 and status = 'DELETED' and audio_purged_at is null`,
    [interviewId, now],
  )
  return (result.rowCount ?? 0) > 0
}

/** Practice interviews the user started since `since` (deleted ones count: they were held). */
export async function countInterviewsStartedSince(
  db: Queryable,
  userId: string,
  since: Date,
): Promise<number> {
  const result = await db.query<{ started: number }>(
    'select count(*)::int as started from public.interviews where user_id = $1 and created_at >= $2',
    [userId, since],
  )
  return result.rows[0]?.started ?? 0
}
