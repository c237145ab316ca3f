export { insertInterview, type NewInterview } from './interviews.repository.ts'
export { registerInterviewsRoutes, type InterviewRouteDeps } from './interviews.routes.ts'
export { interviewAnswerAnalysis, type AnswerAnalysisDeps } from './answer-analysis.ts'
export {
  interviewCompletion,
  purgeDeletedInterviewAudio,
  type InterviewCompletionDeps,
} from './interview-completion.ts'
export { speechToTextFromConfig, type SpeechToText } from './speech-to-text.ts'
export { recordPastInterview, type PastInterview } from './past-interviews.ts'
