export {
  queueAnalysis,
  requestResumeAnalysis,
  RESUME_ANALYSIS_QUEUE,
  resumeAnalysisRequests,
  resumeAnalysisSettingsFromConfig,
  type ResumeAnalysisJobData,
  type ResumeAnalysisSettings,
} from './analysis-requests.ts'
export {
  DEFAULT_RESUME_ANALYSIS_ROUTE_SETTINGS,
  registerResumeAnalysisRoutes,
  resumeAnalysisRouteSettingsFromConfig,
  type ResumeAnalysisRouteSettings,
} from './resume-analysis.routes.ts'
export {
  DEFAULT_LINKEDIN_EXPORT_LIMITS,
  type LinkedinExport,
  LinkedinExportError,
  readLinkedinExport,
} from './linkedin-export.ts'
export { type LinkedinProfileProvider, linkedinProviderFromConfig } from './linkedin-provider.ts'
export { llmBulletRewriter } from './bullet-rewriter.ts'
export { analysisVideos, type AnalysisVideoWorkerDeps } from './analysis-videos.ts'
export { findCompletedVideo, findUserVideo, type VideoRow } from './analysis-videos.repository.ts'
export { findUserAnalysis } from './resume-analyses.repository.ts'
export { toAnalysisVideoJson } from './analysis-videos.ts'
