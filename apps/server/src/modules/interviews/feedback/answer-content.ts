/**
 * The content analysis of one answer (issue 16): which talking points it covers, which of the
 * job's terms it uses, which STAR parts it has, the sentences that state a result with a number,
 * its length in words and, when spoken, whether it took the one to two minutes an answer should.
 */
import { ANSWER_LENGTH_SECONDS, type AnswerContent, type InterviewQuestion } from '@app/contracts'
import { jobTermsIn } from './job-terms.ts'
import { resultsWithNumbers } from './numeric-results.ts'
import { starParts } from './star-parts.ts'
import { answerStems, coversPoint } from './talking-point-coverage.ts'
import { words } from './word-stems.ts'

export type AnalyzeAnswerContentInput = {
  question: InterviewQuestion
  transcript: string
  /** Seconds of speech; null for a typed answer. */
  spokenSeconds: number | null
}

export function answerLength(spokenSeconds: number | null): AnswerContent['length'] {
  if (spokenSeconds === null) return null
  if (spokenSeconds < ANSWER_LENGTH_SECONDS.min) return 'short'
  if (spokenSeconds > ANSWER_LENGTH_SECONDS.max) return 'long'
  return 'good'
}

export function analyzeAnswerContent(input: AnalyzeAnswerContentInput): AnswerContent {
  const { question, transcript } = input
  const numbered = resultsWithNumbers(transcript)
  const star = starParts(transcript, numbered.length > 0)
  const evidence = {
    stems: answerStems(transcript),
    hasNumber: numbered.length > 0,
    hasFirstPersonAction: star.action,
    hasSituation: star.situation,
  }
  const terms = jobTermsIn(transcript, question.jobTerms)
  return {
    talkingPoints: question.talkingPoints.map((point) => ({
      point,
      covered: coversPoint(point, evidence),
    })),
    jobTermsUsed: terms.used,
    jobTermsMissed: terms.missed,
    star,
    resultsWithNumbers: numbered,
    wordCount: words(transcript).length,
    length: answerLength(input.spokenSeconds),
  }
}
