export {
  findApplicationId,
  insertApplication,
  recordApplicationEvent,
  saveJobToApplications,
} from './applications.repository.ts'
export { registerApplicationsRoutes } from './tracker.routes.ts'
export { listRecentLetterFeedback } from './tracker.repository.ts'
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
export {
  findScheduledInterview,
  listInterviewsOnDays,
  listScheduledInterviews,
  type ScheduledInterview,
  type UpcomingInterview,
} from './scheduled-interviews.repository.ts'
export { registerCsvRoutes } from './csv.routes.ts'
export { registerReminderSettingsRoutes } from './reminders.routes.ts'
export { followUpReminders, sendFollowUpReminders } from './reminders.service.ts'
export { registerStatsRoutes } from './stats.routes.ts'
