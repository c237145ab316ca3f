/**
 * The `interview-completion` queue (issue 16, ADR 0026), sent when the seeker finishes an
 * interview (status PROCESSING): the job waits for the answers still being analysed, joins the
 * spoken answers into the session recording (`joining_recording`), writes the overall feedback
 * (`writing_feedback`) and completes the interview. Its last attempt fails what is still
 * unanalysed rather than wait for ever; a failure of its own leaves the interview FAILED with the
 * reason, the answers and their feedback kept.
 *
 * Also the periodic purge of deleted interviews' recordings, a retention period after the
 * deletion (`INTERVIEW_AUDIO_RETENTION_DAYS`): it only ever touches interviews whose status is
 * DELETED, checked again in the transaction that removes the files.
 */
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import { decodeAudio } from '../speech-analysis/index.ts'
import { type ByteStore, deleteFilesAsServer, storeFileAsServer } from '../storage/index.ts'
import {
  type AnswerRow,
  clearAnswerRecordings,
  failAnswer,
  findAnswers,
  saveRecordingSpans,
} from './answers.repository.ts'
import { summarizeInterview } from './feedback/summarize-interview.ts'
import { INTERVIEWS_BUCKET, questionsOf } from './interview-json.ts'
import {
  completeInterview,
  failInterview,
  findInterviewById,
  findInterviewsToPurge,
  type InterviewRow,
  markAudioPurged,
  setInterviewProgress,
} from './interviews.repository.ts'
import { type AnswerAudio, joinAnswers } from './session-recording.ts'

export const INTERVIEW_COMPLETION_QUEUE = 'interview-completion'

const CompletionJobData = z.object({ interviewId: z.uuid() })

export type InterviewCompletionDeps = {
  db: Database
  logger: Logger
  byteStore: ByteStore
  now: Clock
  /** Days a deleted interview's recordings are kept. */
  audioRetentionDays: number
}

/** Thrown while answers are still being analysed: the attempt is retried a little later. */
class AnswersStillAnalysing extends Error {}

/** Attempts 3 s apart: answers get about two minutes to finish their analysis. */
const WAIT_ATTEMPTS = 40
const NOT_ANALYSED = 'This answer could not be analysed in time: its recording is kept.'

export async function completeInterviewJob(
  deps: InterviewCompletionDeps,
  interviewId: string,
  options: { lastAttempt: boolean },
): Promise<void> {
  const interview = await findInterviewById(deps.db, interviewId)
  if (!interview || interview.status !== 'PROCESSING') {
    return // finished by an earlier attempt, or deleted meanwhile
  }
  let answers = await findAnswers(deps.db, interviewId)
  const analysing = answers.filter((answer) => answer.status === 'ANALYSING')
  if (analysing.length > 0) {
    if (!options.lastAttempt) {
      throw new AnswersStillAnalysing(`${analysing.length} answers are still being analysed`)
    }
    for (const answer of analysing) {
      await failAnswer(deps.db, answer, NOT_ANALYSED)
    }
    answers = await findAnswers(deps.db, interviewId)
  }
  try {
    const recording = await joinRecording(deps, interview, answers)
    await setInterviewProgress(deps.db, interviewId, {
      status: 'PROCESSING',
      step: 'writing_feedback',
    })
    await writeFeedback(deps, interview, await findAnswers(deps.db, interviewId), recording)
  } catch (error) {
    if (!options.lastAttempt) {
      throw error
    }
    deps.logger.error({ err: error, interviewId }, 'interview completion failed')
    await failInterview(
      deps.db,
      interviewId,
      'We could not finish this interview on our side: your answers and their feedback are kept.',
    )
  }
}

type Recording = { path: string; durationSeconds: number } | null

/** Joins the spoken answers into the session MP3 and drops their own files (once committed). */
async function joinRecording(
  deps: InterviewCompletionDeps,
  interview: InterviewRow,
  answers: AnswerRow[],
): Promise<Recording> {
  const spoken: AnswerAudio[] = []
  for (const answer of answers) {
    const bytes =
      answer.mode === 'voice' && answer.audio_path
        ? await deps.byteStore.get(INTERVIEWS_BUCKET, answer.audio_path)
        : null
    if (bytes) {
      spoken.push({ answerId: answer.id, samples: (await decodeAudio(bytes)).samples })
    }
  }
  const path = `${interview.user_id}/${interview.id}.mp3`
  if (spoken.length === 0) {
    // Nothing spoken, or an earlier attempt joined them already (their spans are saved).
    const ends = answers.flatMap((answer) => answer.recording_end ?? [])
    return ends.length > 0 ? { path, durationSeconds: Math.ceil(Math.max(...ends)) } : null
  }
  const joined = await joinAnswers(spoken)
  const answerFiles = answers.flatMap((answer) => (answer.audio_path ? [answer.audio_path] : []))
  const removeAnswerFiles = await withTransaction(deps.db, async (tx) => {
    await storeFileAsServer(tx, deps.byteStore, {
      bucket: INTERVIEWS_BUCKET,
      name: path,
      owner: interview.user_id,
      bytes: joined.mp3,
      mimeType: 'audio/mpeg',
      now: deps.now(),
      upsert: true,
    })
    await saveRecordingSpans(tx, joined.spans)
    return deleteFilesAsServer(tx, deps.byteStore, INTERVIEWS_BUCKET, answerFiles)
  })
  await removeAnswerFiles.afterCommit()
  return { path, durationSeconds: Math.ceil(joined.durationSeconds) }
}

async function writeFeedback(
  deps: InterviewCompletionDeps,
  interview: InterviewRow,
  answers: AnswerRow[],
  recording: Recording,
): Promise<void> {
  const questions = questionsOf(interview)
  const feedback = summarizeInterview({
    questions,
    answers: answers.flatMap((answer) => {
      const question = questions[answer.question_index]
      return question
        ? [
            {
              question,
              delivery: answer.delivery,
              content: answer.content,
              score: answer.score,
              mode: answer.mode,
            },
          ]
        : []
    }),
  })
  await completeInterview(deps.db, interview.id, {
    feedback,
    audioPath: recording?.path ?? null,
    durationSeconds: recording?.durationSeconds ?? null,
    now: deps.now(),
  })
}

/** Removes the recordings of interviews deleted more than the retention period ago. */
export async function purgeDeletedInterviewAudio(deps: InterviewCompletionDeps): Promise<number> {
  const deletedBefore = new Date(deps.now().getTime() - deps.audioRetentionDays * 86_400_000)
  const due = await findInterviewsToPurge(deps.db, deletedBefore, 100)
  let purged = 0
  for (const interview of due) {
    const removeFiles = await withTransaction(deps.db, async (tx) => {
      if (!(await markAudioPurged(tx, interview.id, deps.now()))) {
        return null // restored or already purged meanwhile: nothing is removed
      }
      const answers = await findAnswers(tx, interview.id)
      const files = [
        `${interview.user_id}/${interview.id}.mp3`,
        ...answers.flatMap((answer) => (answer.audio_path ? [answer.audio_path] : [])),
      ]
      await clearAnswerRecordings(tx, interview.id)
      return deleteFilesAsServer(tx, deps.byteStore, INTERVIEWS_BUCKET, files)
    })
    if (removeFiles) {
      await removeFiles.afterCommit()
      purged++
    }
  }
  return purged
}

export function interviewCompletion(deps: InterviewCompletionDeps): JobFeature {
  return {
    queues: [
      {
        name: INTERVIEW_COMPLETION_QUEUE,
        policy: { retryLimit: WAIT_ATTEMPTS, retryDelay: 3, expireInSeconds: 300 },
        work: async (job: PgBoss.JobWithMetadata<unknown>) => {
          const { interviewId } = CompletionJobData.parse(job.data)
          try {
            await completeInterviewJob(deps, interviewId, {
              lastAttempt: job.retryCount >= job.retryLimit,
            })
          } catch (error) {
            if (error instanceof AnswersStillAnalysing) {
              deps.logger.debug({ interviewId }, error.message)
            }
            throw error
          }
        },
      },
    ],
    tasks: [
      {
        name: 'interview-audio-purge',
        intervalMs: 60 * 60 * 1000,
        run: async () => {
          const purged = await purgeDeletedInterviewAudio(deps)
          if (purged > 0) {
            deps.logger.info({ purged }, 'purged the recordings of deleted interviews')
          }
        },
      },
    ],
  }
}
