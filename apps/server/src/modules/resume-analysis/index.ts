export {
  requestResumeAnalysis,
  RESUME_ANALYSIS_QUEUE,
  resumeAnalysisRequests,
  type ResumeAnalysisJobData,
} from './analysis-requests.ts'
