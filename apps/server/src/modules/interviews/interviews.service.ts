/**
 * The rules of practice interviews (issue 16, ADR 0026): starting one with questions for the
 * job, taking each answer (a recording, typed text or a skip) as soon as it is given, finishing
 * (the session recording and the overall feedback are made in the background), reading, the
 * soft delete and the recording's signed URL.
 */
import { randomUUID } from 'node:crypto'
import {
  INTERVIEW_ANSWER_LIMITS,
  type InterviewRecording,
  type StartInterviewBody,
  type TypedAnswerBody,
} from '@app/contracts'
import type { Clock } from '../../platform/clock.ts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { SendJob } from '../../platform/product-api.ts'
import type { TextGenerator } from '../cover-letters/index.ts'
import { requirePlanFeature } from '../credits/index.ts'
import { decodeAudio, SpeechAnalysisError } from '../speech-analysis/index.ts'
import {
  type ByteStore,
  deleteFilesAsServer,
  type ObjectUrlSigner,
  storeFileAsServer,
} from '../storage/index.ts'
import { type AnswerRow, findAnswers, upsertAnswer } from './answers.repository.ts'
import { queueAnswerAnalysis, typedAnswerFeedback } from './answer-analysis.ts'
import { INTERVIEW_COMPLETION_QUEUE } from './interview-completion.ts'
import { interviewFacts } from './interview-facts.ts'
import {
  countInterviewsStartedSince,
  findInterview,
  insertInterview,
  type InterviewRow,
  markDeleted,
  markInProgress,
  setInterviewProgress,
} from './interviews.repository.ts'
import { INTERVIEWS_BUCKET, questionsOf } from './interview-json.ts'
import { generateQuestions } from './questions/generate-questions.ts'
import { withLlmQuestions } from './questions/llm-questions.ts'

export type InterviewDeps = {
  db: Database
  now: Clock
  sendJob: SendJob
  byteStore: ByteStore
  /** The configured LLM (`LLM_BASE_URL`), which may improve the questions; null offline. */
  textGenerator: TextGenerator | null
}

export type StartedInterview = { interview: InterviewRow; answers: AnswerRow[] }

export async function startInterview(
  deps: InterviewDeps,
  userId: string,
  body: StartInterviewBody & {
    focus: NonNullable<StartInterviewBody['focus']>
    questionCount: number
  },
): Promise<StartedInterview> {
  // The plan's weekly allowance (ADR 0028): 402 `plan_required` once it is used up.
  const weekStart = startOfIsoWeek(deps.now())
  const started = await countInterviewsStartedSince(deps.db, userId, weekStart)
  await requirePlanFeature(deps.db, userId, 'practiceInterviewsPerWeek', started)
  const { facts, tasks, jobApplicationId, jobId } = await interviewFacts(deps.db, userId, body)
  const id = randomUUID()
  const offline = generateQuestions({
    facts,
    tasks,
    focus: body.focus,
    count: body.questionCount,
    seed: id,
  })
  const questions = deps.textGenerator
    ? (
        await withLlmQuestions(
          deps.textGenerator,
          { facts, tasks, focus: body.focus, count: body.questionCount },
          offline,
        )
      ).questions
    : offline
  const title = facts.job.title
  await insertInterview(deps.db, {
    id,
    userId,
    status: 'CREATED',
    title,
    questions,
    createdAt: deps.now(),
    focus: body.focus,
    jobApplicationId,
    jobId,
    company: facts.job.company,
  })
  return { interview: (await findInterview(deps.db, userId, id))!, answers: [] }
}

export async function readInterview(
  db: Queryable,
  userId: string,
  interviewId: string,
): Promise<StartedInterview> {
  const interview = await findInterview(db, userId, interviewId)
  if (!interview || interview.status === 'DELETED') {
    throw new AppError('interview_not_found', 'Interview not found')
  }
  return { interview, answers: await findAnswers(db, interviewId) }
}

/** The interview, locked, if it still takes answers (else 404 or 409). */
async function answerableInterview(
  tx: Queryable,
  userId: string,
  interviewId: string,
  questionIndex: number,
): Promise<InterviewRow> {
  const interview = await findInterview(tx, userId, interviewId, { lock: true })
  if (!interview || interview.status === 'DELETED') {
    throw new AppError('interview_not_found', 'Interview not found')
  }
  if (interview.status !== 'CREATED' && interview.status !== 'IN_PROGRESS') {
    throw new AppError(
      'interview_finished',
      'This interview is finished: start a new one to practise again',
    )
  }
  if (!Number.isInteger(questionIndex) || !questionsOf(interview)[questionIndex]) {
    throw new AppError(
      'interview_question_not_found',
      `This interview has no question ${questionIndex + 1}`,
    )
  }
  return interview
}

export type VoiceAnswer = {
  bytes: Uint8Array
  mimeType: string
  /** The browser's live recognition of the answer, when it has one. */
  browserTranscript: string | null
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
}

/** The bare media type a browser's recording was labelled with ("audio/webm;codecs=opus"). */
function audioType(mimeType: string): string {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase()
  if (bare === 'video/webm') return 'audio/webm' // Chromium labels some audio-only recordings so
  if (bare === 'video/mp4') return 'audio/mp4'
  return bare
}

/**
 * A spoken answer: read (decoded) at once, so that a file that is not audio, or is longer than
 * an answer may be, is refused here with a clear 4xx; then stored as the browser sent it and
 * analysed in the background.
 */
export async function answerByVoice(
  deps: InterviewDeps,
  userId: string,
  interviewId: string,
  questionIndex: number,
  answer: VoiceAnswer,
): Promise<AnswerRow> {
  const type = audioType(answer.mimeType)
  const extension = EXTENSIONS[type]
  if (!extension) {
    throw new AppError(
      'audio_unreadable',
      'Send the recording as WebM/Opus, Ogg, MP4/AAC, MP3 or WAV audio',
    )
  }
  let durationSeconds: number
  try {
    const pcm = await decodeAudio(answer.bytes, {
      maxSeconds: INTERVIEW_ANSWER_LIMITS.maxSeconds,
      maxBytes: INTERVIEW_ANSWER_LIMITS.maxBytes,
    })
    durationSeconds = pcm.durationSeconds
  } catch (error) {
    if (error instanceof SpeechAnalysisError) {
      throw new AppError(
        error.code === 'audio_too_large' ? 'payload_too_large' : error.code,
        error.message,
        { details: { maxSeconds: INTERVIEW_ANSWER_LIMITS.maxSeconds } },
      )
    }
    throw error
  }
  const path = `${userId}/${interviewId}/answer-${questionIndex + 1}.${extension}`
  let removeReplaced = async () => {}
  const row = await withTransaction(deps.db, async (tx) => {
    await answerableInterview(tx, userId, interviewId, questionIndex)
    await storeFileAsServer(tx, deps.byteStore, {
      bucket: INTERVIEWS_BUCKET,
      name: path,
      owner: userId,
      bytes: answer.bytes,
      mimeType: type,
      now: deps.now(),
      upsert: true,
    })
    const transcript = answer.browserTranscript?.trim() || null
    const { row, replacedAudioPath } = await upsertAnswer(tx, {
      interviewId,
      userId,
      questionIndex,
      status: 'ANALYSING',
      mode: 'voice',
      audioPath: path,
      audioMimeType: type,
      durationSeconds,
      transcript,
      transcriptSource: transcript ? 'browser' : null,
    })
    if (replacedAudioPath) {
      removeReplaced = (
        await deleteFilesAsServer(tx, deps.byteStore, INTERVIEWS_BUCKET, [replacedAudioPath])
      ).afterCommit
    }
    await markInProgress(tx, interviewId)
    await queueAnswerAnalysis(deps.sendJob, tx, row)
    return row
  })
  await removeReplaced()
  return row
}

/** A typed answer (analysed at once: no audio to wait for) or a skipped question. */
export async function answerInWriting(
  deps: InterviewDeps,
  userId: string,
  interviewId: string,
  questionIndex: number,
  body: TypedAnswerBody,
): Promise<AnswerRow> {
  let removeReplaced = async () => {}
  const row = await withTransaction(deps.db, async (tx) => {
    const interview = await answerableInterview(tx, userId, interviewId, questionIndex)
    const typed = 'typedAnswer' in body ? body.typedAnswer : null
    const { row, replacedAudioPath } = await upsertAnswer(tx, {
      interviewId,
      userId,
      questionIndex,
      status: typed ? 'ANALYSED' : 'SKIPPED',
      mode: typed ? 'typed' : 'skipped',
      audioPath: null,
      audioMimeType: null,
      durationSeconds: null,
      transcript: typed,
      transcriptSource: typed ? 'typed' : null,
    })
    if (typed) {
      await typedAnswerFeedback(tx, row, questionsOf(interview)[questionIndex]!)
    }
    if (replacedAudioPath) {
      removeReplaced = (
        await deleteFilesAsServer(tx, deps.byteStore, INTERVIEWS_BUCKET, [replacedAudioPath])
      ).afterCommit
    }
    await markInProgress(tx, interviewId)
    return (await findAnswers(tx, interviewId)).find(
      (answer) => answer.question_index === questionIndex,
    )!
  })
  await removeReplaced()
  return row
}

/**
 * Finishes the interview: PROCESSING, and a job joins the recordings and writes the overall
 * feedback. Finishing one already finishing or finished answers its state (idempotent).
 */
export async function finishInterview(
  deps: InterviewDeps,
  userId: string,
  interviewId: string,
): Promise<StartedInterview> {
  return withTransaction(deps.db, async (tx) => {
    const interview = await findInterview(tx, userId, interviewId, { lock: true })
    if (!interview || interview.status === 'DELETED') {
      throw new AppError('interview_not_found', 'Interview not found')
    }
    const answers = await findAnswers(tx, interviewId)
    if (interview.status === 'CREATED' || interview.status === 'IN_PROGRESS') {
      if (answers.length === 0) {
        throw new AppError(
          'interview_not_answered',
          'Answer (or skip) at least one question before finishing',
        )
      }
      await setInterviewProgress(tx, interviewId, {
        status: 'PROCESSING',
        step: 'joining_recording',
      })
      await deps.sendJob(tx, INTERVIEW_COMPLETION_QUEUE, { interviewId })
    }
    return { interview: (await findInterview(tx, userId, interviewId))!, answers }
  })
}

/** The soft delete (spec section 4); the recordings are purged after the retention period. */
export async function deleteInterview(
  db: Database,
  userId: string,
  interviewId: string,
): Promise<void> {
  const interview = await findInterview(db, userId, interviewId)
  if (
    !interview ||
    interview.status === 'DELETED' ||
    !(await markDeleted(db, userId, interviewId))
  ) {
    throw new AppError('interview_not_found', 'Interview not found')
  }
}

/** Spec section 7: signed file URLs are valid for 86,400 seconds. */
const RECORDING_URL_SECONDS = 86_400

export async function recordingUrl(
  deps: { db: Database; now: Clock; signer: ObjectUrlSigner },
  userId: string,
  interviewId: string,
): Promise<InterviewRecording> {
  const { interview, answers } = await readInterview(deps.db, userId, interviewId)
  if (!interview.audio_path || interview.duration_seconds === null) {
    throw new AppError(
      'recording_not_ready',
      interview.status === 'COMPLETED'
        ? 'This interview has no recording: every answer was typed or skipped'
        : 'The recording is not ready yet: it is made when the interview is finished',
    )
  }
  const url = await deps.signer.signDownloadUrl(
    INTERVIEWS_BUCKET,
    interview.audio_path,
    RECORDING_URL_SECONDS,
  )
  return {
    url,
    expiresAt: new Date(deps.now().getTime() + RECORDING_URL_SECONDS * 1000).toISOString(),
    durationSeconds: interview.duration_seconds,
    answers: answers
      .filter((answer) => answer.recording_start !== null && answer.recording_end !== null)
      .map((answer) => ({
        questionIndex: answer.question_index,
        startSeconds: answer.recording_start!,
        endSeconds: answer.recording_end!,
      })),
  }
}

/** Monday 00:00 UTC of the week holding `at`: the week the plans' interview allowance counts. */
function startOfIsoWeek(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
  const daysSinceMonday = (at.getUTCDay() + 6) % 7
  return new Date(midnight - daysSinceMonday * 86_400_000)
}
