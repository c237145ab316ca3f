/** An interview's rows as the wire shapes of packages/contracts/src/interviews.ts. */
import type {
  Interview,
  InterviewAnswer,
  InterviewListItem,
  InterviewQuestion,
} from '@app/contracts'
import type { AnswerRow } from './answers.repository.ts'
import type { InterviewListRow, InterviewRow } from './interviews.repository.ts'

export { INTERVIEWS_BUCKET } from '@app/contracts'

/**
 * The interview's questions; a row written before issue 16 holds plain strings, read as
 * questions without talking points.
 */
export function questionsOf(row: Pick<InterviewRow, 'questions'>): InterviewQuestion[] {
  return row.questions.map((question, index) =>
    typeof question === 'string'
      ? { index, text: question, kind: 'behavioural', talkingPoints: [], reason: '', jobTerms: [] }
      : question,
  )
}

export function toAnswerJson(row: AnswerRow): InterviewAnswer {
  return {
    questionIndex: row.question_index,
    status: row.status,
    mode: row.mode,
    durationSeconds: row.duration_seconds,
    transcript: row.transcript,
    transcriptSource: row.transcript_source,
    delivery: row.delivery,
    content: row.content,
    coaching: row.coaching,
    score: row.score,
    recording:
      row.recording_start !== null && row.recording_end !== null
        ? { startSeconds: row.recording_start, endSeconds: row.recording_end }
        : null,
    failureReason: row.failure_reason,
  }
}

export function toInterviewJson(row: InterviewRow, answers: AnswerRow[]): Interview {
  return {
    id: row.id,
    status: row.status,
    title: row.title ?? 'Practice interview',
    focus: row.focus,
    jobApplicationId: row.job_application_id,
    jobId: row.job_id,
    company: row.company,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    questions: questionsOf(row),
    answers: answers.map(toAnswerJson),
    feedback: row.feedback,
    progressStep: row.progress_step,
    recording:
      row.audio_path && row.duration_seconds !== null
        ? { durationSeconds: row.duration_seconds }
        : null,
    failureReason: row.failure_reason,
  }
}

export function toListItemJson(row: InterviewListRow): InterviewListItem {
  return {
    id: row.id,
    title: row.title ?? 'Practice interview',
    company: row.company,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    questionCount: row.questions.length,
    answeredCount: row.answered_count,
    score: row.feedback?.score ?? null,
    wordsPerMinute: row.words_per_minute,
    fillersPerMinute: row.fillers_per_minute,
  }
}
