export {
  findApplicationId,
  insertApplication,
  recordApplicationEvent,
  saveJobToApplications,
} from './applications.repository.ts'
export { registerApplicationsRoutes } from './tracker.routes.ts'
export { type JobPageFacts, type ReadJobPage } from './tracker.service.ts'
export {
  countCoverLetterRegeneration,
  type CoverLetterRow,
  failCoverLetterPreparation,
  findCoverLetterRow,
  queueCoverLetterPreparation,
  regenerationsLeft,
  saveCoverLetter,
  saveCoverLetterPath,
  startCoverLetterPreparation,
} from './cover-letter-columns.repository.ts'
export {
  type ApplicationCandidate,
  findApplicationCandidate,
  listApplicationCandidates,
} from './application-candidates.ts'
