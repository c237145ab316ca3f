/**
 * The `interview-answer-analysis` queue (issue 16, ADR 0026): one job per spoken answer, sent in
 * the transaction that records it, so feedback on an answer is ready a few seconds after it is
 * given, while the seeker answers the next question.
 *
 * The job reads the recording, gets a transcript (the speech-to-text service when configured,
 * else the browser's recognition sent with the answer, else none), measures delivery from the
 * audio (speech-analysis: pace, pauses, fillers and filled pauses), analyses the content against
 * the question's talking points when there are words to read, and writes a coaching note and a
 * score. An answer replaced meanwhile (its revision moved) is left to its own job. A recording
 * that cannot be read fails the answer at once; anything else is retried, and an answer whose
 * attempts all failed is marked FAILED by the interview's completion.
 */
import type { AnswerDelivery, InterviewQuestion } from '@app/contracts'
import { INTERVIEW_ANSWER_LIMITS } from '@app/contracts'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { Database, Queryable } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { SendJob } from '../../platform/product-api.ts'
import {
  analyzeSpeech,
  decodeAudio,
  type SpeechAnalysis,
  SpeechAnalysisError,
} from '../speech-analysis/index.ts'
import type { ByteStore } from '../storage/index.ts'
import { type AnswerRow, failAnswer, findAnswer, saveAnswerFeedback } from './answers.repository.ts'
import { analyzeAnswerContent } from './feedback/answer-content.ts'
import { coachAnswer } from './feedback/coach-answer.ts'
import { INTERVIEWS_BUCKET, questionsOf } from './interview-json.ts'
import { findInterviewById } from './interviews.repository.ts'
import type { SpeechToText } from './speech-to-text.ts'

export const INTERVIEW_ANSWER_QUEUE = 'interview-answer-analysis'

const AnswerJobData = z.object({ answerId: z.uuid(), revision: z.number().int() })
type AnswerJobData = z.infer<typeof AnswerJobData>

export async function queueAnswerAnalysis(
  sendJob: SendJob,
  tx: Queryable,
  answer: AnswerRow,
): Promise<void> {
  const data: AnswerJobData = { answerId: answer.id, revision: answer.revision }
  await sendJob(tx, INTERVIEW_ANSWER_QUEUE, data)
}

export type AnswerAnalysisDeps = {
  db: Database
  logger: Logger
  byteStore: ByteStore
  /** The configured speech-to-text service, or null. */
  speechToText: SpeechToText | null
}

const minutes = (seconds: number) => seconds / 60
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/** The audio's figures as the answer's delivery (contracts' `AnswerDelivery`). */
export function deliveryOf(speech: SpeechAnalysis, hasTranscript: boolean): AnswerDelivery {
  const speakingMinutes = minutes(speech.speakingSeconds)
  return {
    speakingSeconds: speech.speakingSeconds,
    timeToFirstWordSeconds: speech.firstWordSeconds,
    wordsPerMinute: speech.speakingSeconds > 0 ? round(speech.wordsPerMinute) : null,
    paceSource: speech.speakingSeconds > 0 ? speech.paceSource : null,
    pauses: { count: speech.pauses.count, longestSeconds: speech.pauses.longestSeconds },
    fillerCount: speech.fillerCount,
    fillersPerMinute: speakingMinutes > 0 ? round(speech.fillerCount / speakingMinutes) : null,
    fillers: speech.fillers,
    // With a transcript, fillers are read from it (filled pauses heard in the audio are added
    // under their own key when the recogniser dropped every "um"); without, heard only.
    fillerSource: hasTranscript ? 'transcript' : 'audio',
    fillerMarks: speech.fillerMarks.map((mark) => ({ ...mark, text: mark.word })),
    repeatedWords: speech.repeatedWords.map((mark) => ({ ...mark, text: mark.word })),
    hedges: speech.hedges.map((mark) => ({ ...mark, text: mark.word })),
  }
}

/** A typed answer's feedback: content only, written in the caller's transaction. */
export async function typedAnswerFeedback(
  tx: Queryable,
  answer: AnswerRow,
  question: InterviewQuestion,
): Promise<void> {
  const transcript = answer.transcript ?? ''
  const content = analyzeAnswerContent({ question, transcript, spokenSeconds: null })
  const { coaching, score } = coachAnswer({ question, delivery: null, content, mode: 'typed' })
  await saveAnswerFeedback(tx, answer, {
    transcript,
    transcriptSource: 'typed',
    delivery: null,
    content,
    coaching,
    score,
    durationSeconds: null,
  })
}

async function transcribe(
  deps: AnswerAnalysisDeps,
  answer: AnswerRow,
  bytes: Uint8Array,
): Promise<{ text: string; source: 'speech_to_text' | 'browser' } | null> {
  if (deps.speechToText) {
    try {
      const text = await deps.speechToText.transcribe({
        bytes,
        mimeType: answer.audio_mime_type ?? 'audio/webm',
        fileName: answer.audio_path?.split('/').at(-1) ?? 'answer.webm',
      })
      if (text) {
        return { text, source: 'speech_to_text' }
      }
    } catch (error) {
      deps.logger.warn({ err: error, answerId: answer.id }, 'speech-to-text failed: next source')
    }
  }
  return answer.transcript ? { text: answer.transcript, source: 'browser' } : null
}

export async function analyzeAnswer(deps: AnswerAnalysisDeps, data: AnswerJobData): Promise<void> {
  const answer = await findAnswer(deps.db, data.answerId)
  if (!answer || answer.revision !== data.revision || answer.status !== 'ANALYSING') {
    return // replaced, or already analysed by an earlier attempt
  }
  const interview = await findInterviewById(deps.db, answer.interview_id)
  const question = interview && questionsOf(interview)[answer.question_index]
  const bytes =
    answer.audio_path && (await deps.byteStore.get(INTERVIEWS_BUCKET, answer.audio_path))
  if (!question || !bytes) {
    await failAnswer(deps.db, answer, 'The recording of this answer is missing: record it again')
    return
  }
  let speech: SpeechAnalysis
  let transcript: Awaited<ReturnType<typeof transcribe>>
  try {
    const pcm = await decodeAudio(bytes, {
      maxSeconds: INTERVIEW_ANSWER_LIMITS.maxSeconds,
      maxBytes: INTERVIEW_ANSWER_LIMITS.maxBytes,
    })
    transcript = await transcribe(deps, answer, bytes)
    speech = await analyzeSpeech(pcm, transcript ? { transcript: transcript.text } : {})
  } catch (error) {
    if (error instanceof SpeechAnalysisError) {
      await failAnswer(deps.db, answer, error.message)
      return
    }
    throw error
  }
  const delivery = deliveryOf(speech, transcript !== null)
  const spokenSeconds =
    speech.firstWordSeconds !== null && speech.lastWordSeconds !== null
      ? speech.lastWordSeconds - speech.firstWordSeconds
      : 0
  const content = transcript
    ? analyzeAnswerContent({ question, transcript: transcript.text, spokenSeconds })
    : null
  const { coaching, score } = coachAnswer({ question, delivery, content, mode: 'voice' })
  await saveAnswerFeedback(deps.db, answer, {
    transcript: transcript?.text ?? null,
    transcriptSource: transcript?.source ?? null,
    delivery,
    content,
    coaching,
    score,
    durationSeconds: speech.durationSeconds,
  })
}

/** The queue's declaration: two answers at a time (each is a child process and a model run). */
export function interviewAnswerAnalysis(deps: AnswerAnalysisDeps): JobFeature {
  return {
    queues: [
      {
        name: INTERVIEW_ANSWER_QUEUE,
        policy: { retryLimit: 2, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
        concurrency: 2,
        work: async (job: PgBoss.JobWithMetadata<unknown>) =>
          analyzeAnswer(deps, AnswerJobData.parse(job.data)),
      },
    ],
    tasks: [],
  }
}
