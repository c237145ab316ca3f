import type { Interview, InterviewAnswer } from '@app/contracts'

export const INTERVIEW_ID = '00000000-0000-4000-8000-0000000000c1'

export function interviewFixture(over: Partial<Interview> = {}): Interview {
  return {
    id: INTERVIEW_ID,
    status: 'CREATED',
    title: 'Backend engineer',
    focus: 'mixed',
    jobApplicationId: null,
    jobId: null,
    company: 'Acme',
    createdAt: '2026-11-26T10:00:00.000Z',
    completedAt: null,
    questions: [
      {
        index: 0,
        text: 'Tell me about a time you led a migration.',
        kind: 'behavioural',
        talkingPoints: ['The situation', 'What you did'],
        reason: 'The posting asks for leadership',
        jobTerms: ['PostgreSQL'],
      },
      {
        index: 1,
        text: 'How would you scale our API?',
        kind: 'role',
        talkingPoints: ['Caching'],
        reason: 'A task of the role',
        jobTerms: ['Kubernetes'],
      },
    ],
    answers: [],
    feedback: null,
    progressStep: 'questions_ready',
    recording: null,
    failureReason: null,
    ...over,
  }
}

export function answerFixture(over: Partial<InterviewAnswer> = {}): InterviewAnswer {
  return {
    questionIndex: 0,
    status: 'ANALYSING',
    mode: 'voice',
    durationSeconds: 3,
    transcript: null,
    transcriptSource: null,
    delivery: null,
    content: null,
    coaching: null,
    score: null,
    recording: null,
    failureReason: null,
    ...over,
  }
}
