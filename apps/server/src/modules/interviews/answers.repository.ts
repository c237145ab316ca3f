/**
 * `interview_answers`, which this module owns: one row per answered or skipped question, with
 * the recording the browser sent (until the session recording is joined), the transcript and
 * the feedback. Answering a question again replaces its row.
 */
import type {
  AnswerContent,
  AnswerDelivery,
  InterviewAnswerStatus,
  TranscriptSource,
} from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type AnswerMode = 'voice' | 'typed' | 'skipped'

export type AnswerRow = {
  id: string
  interview_id: string
  user_id: string
  question_index: number
  status: InterviewAnswerStatus
  mode: AnswerMode
  audio_path: string | null
  audio_mime_type: string | null
  duration_seconds: number | null
  transcript: string | null
  transcript_source: TranscriptSource | null
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  coaching: string | null
  score: number | null
  recording_start: number | null
  recording_end: number | null
  failure_reason: string | null
  /** Bumped when the answer is replaced (an analysis of the old one then stores nothing). */
  revision: number
}

const COLUMNS = `id, interview_id, user_id, question_index, status, mode, audio_path,
  audio_mime_type, duration_seconds, transcript, transcript_source, delivery, content, coaching,
  score, recording_start, recording_end, failure_reason, revision`

export type NewAnswer = {
  interviewId: string
  userId: string
  questionIndex: number
  status: InterviewAnswerStatus
  mode: AnswerMode
  audioPath: string | null
  audioMimeType: string | null
  durationSeconds: number | null
  transcript: string | null
  transcriptSource: TranscriptSource | null
}

/**
 * Records an answer, replacing an earlier one to the same question (its feedback and recording
 * spans cleared). Returns the row and the recording path it replaced, if any.
 */
export async function upsertAnswer(
  tx: Queryable,
  answer: NewAnswer,
): Promise<{ row: AnswerRow; replacedAudioPath: string | null }> {
  const previous = await tx.query<{ audio_path: string | null }>(
    `select audio_path from public.interview_answers
     where interview_id = $1 and question_index = $2 for update`,
    [answer.interviewId, answer.questionIndex],
  )
  const result = await tx.query<AnswerRow>(
    `insert into public.interview_answers
       (interview_id, user_id, question_index, status, mode, audio_path, audio_mime_type,
        duration_seconds, transcript, transcript_source)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (interview_id, question_index) do update set
       status = excluded.status, mode = excluded.mode, audio_path = excluded.audio_path,
       audio_mime_type = excluded.audio_mime_type, duration_seconds = excluded.duration_seconds,
       transcript = excluded.transcript, transcript_source = excluded.transcript_source,
       delivery = null, content = null, coaching = null, score = null, recording_start = null,
       recording_end = null, failure_reason = null,
       revision = public.interview_answers.revision + 1
     returning ${COLUMNS}`,
    [
      answer.interviewId,
      answer.userId,
      answer.questionIndex,
      answer.status,
      answer.mode,
      answer.audioPath,
      answer.audioMimeType,
      answer.durationSeconds,
      answer.transcript,
      answer.transcriptSource,
    ],
  )
  const replaced = previous.rows[0]?.audio_path ?? null
  return {
    row: result.rows[0]!,
    replacedAudioPath: replaced === answer.audioPath ? null : replaced,
  }
}

export async function findAnswers(db: Queryable, interviewId: string): Promise<AnswerRow[]> {
  const result = await db.query<AnswerRow>(
    `select ${COLUMNS} from public.interview_answers
     where interview_id = $1 order by question_index`,
    [interviewId],
  )
  return result.rows
}

export async function findAnswer(
  db: Queryable,
  answerId: string,
  options: { lock?: boolean } = {},
): Promise<AnswerRow | null> {
  const result = await db.query<AnswerRow>(
    `select ${COLUMNS} from public.interview_answers where id = $1
     ${options.lock ? 'for update' : ''}`,
    [answerId],
  )
  return result.rows[0] ?? null
}

export type AnswerFeedback = {
  transcript: string | null
  transcriptSource: TranscriptSource | null
  delivery: AnswerDelivery | null
  content: AnswerContent | null
  coaching: string | null
  score: number | null
  durationSeconds: number | null
}

/** Stores the analysis of an answer, unless it was replaced meanwhile (its revision moved). */
export async function saveAnswerFeedback(
  tx: Queryable,
  answer: Pick<AnswerRow, 'id' | 'revision'>,
  feedback: AnswerFeedback,
): Promise<boolean> {
  const result = await tx.query(
    `update public.interview_answers
     set status = 'ANALYSED', transcript = $3, transcript_source = $4, delivery = $5,
         content = $6, coaching = $7, score = $8,
         duration_seconds = coalesce($9, duration_seconds), failure_reason = null
     where id = $1 and revision = $2`,
    [
      answer.id,
      answer.revision,
      feedback.transcript,
      feedback.transcriptSource,
      feedback.delivery && JSON.stringify(feedback.delivery),
      feedback.content && JSON.stringify(feedback.content),
      feedback.coaching,
      feedback.score,
      feedback.durationSeconds,
    ],
  )
  return (result.rowCount ?? 0) > 0
}

export async function failAnswer(
  tx: Queryable,
  answer: Pick<AnswerRow, 'id' | 'revision'>,
  reason: string,
): Promise<void> {
  await tx.query(
    `update public.interview_answers set status = 'FAILED', failure_reason = $3
     where id = $1 and revision = $2`,
    [answer.id, answer.revision, reason.slice(0, 500)],
  )
}

/** Where each answer sits in the joined session recording; their own files are then gone. */
export async function saveRecordingSpans(
  tx: Queryable,
  spans: { answerId: string; start: number; end: number }[],
): Promise<void> {
  for (const span of spans) {
    await tx.query(
      `update public.interview_answers
       set recording_start = $2, recording_end = $3, audio_path = null
       where id = $1`,
      [span.answerId, span.start, span.end],
    )
  }
}

/** The answers' own recordings still kept (a deleted interview's, before the purge). */
export async function clearAnswerRecordings(tx: Queryable, interviewId: string): Promise<void> {
  await tx.query(
    `update public.interview_answers
     set audio_path = null, recording_start = coalesce(recording_start, 0),
         recording_end = coalesce(recording_end, 0)
     where interview_id = $1 and audio_path is not null`,
    [interviewId],
  )
}
