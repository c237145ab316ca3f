/**
 * A finished interview recorded from its transcripts, with no audio: each answer's delivery is
 * read from its words and how long it took (pace, fillers, repeated words, hedges; pauses as
 * given), its content, coaching and score, and the overall feedback, all by the same functions
 * as a live interview's. The demo seeker's past attempts are recorded this way, so what the
 * Practice page shows of them is what the product would have said.
 */
import type { AnswerDelivery, InterviewQuestion } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import {
  countWords,
  findFillers,
  findHedges,
  findRepeatedWords,
  type TextMark,
} from '../speech-analysis/index.ts'
import { saveAnswerFeedback, saveRecordingSpans, upsertAnswer } from './answers.repository.ts'
import { analyzeAnswerContent } from './feedback/answer-content.ts'
import { coachAnswer } from './feedback/coach-answer.ts'
import { summarizeInterview } from './feedback/summarize-interview.ts'
import {
  completeInterview,
  insertInterview,
  setInterviewProgress,
} from './interviews.repository.ts'

export type PastAnswer = {
  question: InterviewQuestion
  /** What was said, fillers included. */
  transcript: string
  /** From the first word to the last. */
  speakingSeconds: number
  pauses: { count: number; longestSeconds: number }
}

export type PastInterview = {
  userId: string
  title: string
  company: string | null
  jobApplicationId: string | null
  createdAt: Date
  answers: PastAnswer[]
}

const marks = (found: TextMark[]) => found.map((mark) => ({ ...mark, text: mark.word }))

function deliveryFromTranscript(answer: PastAnswer): AnswerDelivery {
  const minutes = answer.speakingSeconds / 60
  const fillerMarks = findFillers(answer.transcript)
  const fillers: Record<string, number> = {}
  for (const mark of fillerMarks) fillers[mark.word] = (fillers[mark.word] ?? 0) + 1
  return {
    speakingSeconds: answer.speakingSeconds,
    timeToFirstWordSeconds: 1.2,
    wordsPerMinute: Math.round((countWords(answer.transcript) / minutes) * 10) / 10,
    paceSource: 'transcript',
    pauses: answer.pauses,
    fillerCount: fillerMarks.length,
    fillersPerMinute: Math.round((fillerMarks.length / minutes) * 10) / 10,
    fillers,
    fillerSource: 'transcript',
    fillerMarks: marks(fillerMarks),
    repeatedWords: marks(findRepeatedWords(answer.transcript)),
    hedges: marks(findHedges(answer.transcript)),
  }
}

export async function recordPastInterview(tx: Queryable, past: PastInterview): Promise<string> {
  const questions = past.answers.map((answer, index) => ({ ...answer.question, index }))
  const interviewId = await insertInterview(tx, {
    userId: past.userId,
    status: 'IN_PROGRESS',
    title: past.title,
    company: past.company,
    jobApplicationId: past.jobApplicationId,
    focus: 'mixed',
    questions,
    createdAt: past.createdAt,
  })
  const summarized = []
  const spans = []
  let offset = 0
  for (const [index, answer] of past.answers.entries()) {
    const question = questions[index]!
    const { row } = await upsertAnswer(tx, {
      interviewId,
      userId: past.userId,
      questionIndex: index,
      status: 'ANALYSING',
      mode: 'voice',
      audioPath: `${past.userId}/${interviewId}/answer-${index + 1}.webm`,
      audioMimeType: 'audio/webm',
      durationSeconds: answer.speakingSeconds + 1.5,
      transcript: answer.transcript,
      transcriptSource: 'speech_to_text',
    })
    const delivery = deliveryFromTranscript(answer)
    const content = analyzeAnswerContent({
      question,
      transcript: answer.transcript,
      spokenSeconds: answer.speakingSeconds,
    })
    const { coaching, score } = coachAnswer({ question, delivery, content, mode: 'voice' })
    await saveAnswerFeedback(tx, row, {
      transcript: answer.transcript,
      transcriptSource: 'speech_to_text',
      delivery,
      content,
      coaching,
      score,
      durationSeconds: answer.speakingSeconds + 1.5,
    })
    // No recording is kept: the spans only say where each answer was in the session.
    spans.push({ answerId: row.id, start: offset, end: offset + answer.speakingSeconds + 1.5 })
    offset += answer.speakingSeconds + 2.3
    summarized.push({ question, delivery, content, score, mode: 'voice' as const })
  }
  await saveRecordingSpans(tx, spans)
  await setInterviewProgress(tx, interviewId, { status: 'PROCESSING', step: 'writing_feedback' })
  await completeInterview(tx, interviewId, {
    feedback: summarizeInterview({ questions, answers: summarized }),
    audioPath: null,
    durationSeconds: null,
    now: past.createdAt,
  })
  return interviewId
}
