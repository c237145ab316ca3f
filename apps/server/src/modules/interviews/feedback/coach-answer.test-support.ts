import type { AnswerContent, AnswerDelivery, InterviewQuestion } from '@app/contracts'

/** Builders of answers for the coaching and summary tests. */
export const QUESTION: InterviewQuestion = {
  index: 2,
  kind: 'behavioural',
  text: 'Tell me about a time you had to deliver under a tight deadline. How did you make it?',
  talkingPoints: [
    'the deadline and what was at stake',
    'how you planned the time and what you cut',
    'whether you met the deadline, and the result',
  ],
  reason: '',
  jobTerms: ['Kubernetes'],
}

/** A strong answer's content: every point, full STAR, a figure, a good length. */
export function content(overrides: Partial<AnswerContent> = {}): AnswerContent {
  return {
    talkingPoints: QUESTION.talkingPoints.map((point) => ({ point, covered: true })),
    jobTermsUsed: ['Kubernetes'],
    jobTermsMissed: [],
    star: { situation: true, task: true, action: true, result: true },
    resultsWithNumbers: ['We shipped two days early and cut the backlog by 40%.'],
    wordCount: 210,
    length: 'good',
    ...overrides,
  }
}

/** A calm, clean delivery: 150 wpm, 1 filler a minute, few pauses. */
export function delivery(overrides: Partial<AnswerDelivery> = {}): AnswerDelivery {
  return {
    speakingSeconds: 90,
    timeToFirstWordSeconds: 1.2,
    wordsPerMinute: 150,
    paceSource: 'transcript',
    pauses: { count: 3, longestSeconds: 1.5 },
    fillerCount: 2,
    fillersPerMinute: 1.3,
    fillers: { um: 2 },
    fillerSource: 'transcript',
    fillerMarks: [],
    repeatedWords: [],
    hedges: [],
    ...overrides,
  }
}
