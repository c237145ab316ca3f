export { registerProfessionalProfilesRoutes } from './professional-profiles.routes.ts'
export { findLatestParsedData } from './professional-profiles.repository.ts'
export { findResumeToAnalyse } from './professional-profiles.repository.ts'
export { insertParsedProfile, RESUMES_BUCKET } from './professional-profiles.repository.ts'
export { type RequestResumeAnalysis } from './professional-profiles.routes.ts'
export {
  findProfileById,
  findUserProfile,
  insertLinkedinExportProfile,
  type ProfessionalProfileRow,
  storeLinkedinUrl,
  storeParsedResume,
} from './professional-profiles.repository.ts'
export { overlayCorrections } from './resume-corrections.ts'
export { PROFILE_NOT_FOUND } from './profile-resume.service.ts'
