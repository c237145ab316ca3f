export { registerProfessionalProfilesRoutes } from './professional-profiles.routes.ts'
export { findLatestParsedData } from './professional-profiles.repository.ts'
export { findResumeToAnalyse } from './professional-profiles.repository.ts'
export { type RequestResumeAnalysis } from './professional-profiles.routes.ts'
