export { type JobRow } from './job-cards.ts'
export { registerJobSearchRoutes } from './job-search.routes.ts'
export {
  CERTAINLY_ABOVE_CAP,
  WINDOW_SIZE,
  estimateMatches,
  searchCriteria,
} from './job-search.service.ts'
export {
  buildCandidateQuery,
  buildCountQuery,
  buildNewJobsQuery,
  type JobSearchCriteria,
  type Statement,
} from './job-search.sql.ts'
export { formatAmount } from './match-score.ts'
export { seekerProfileStatement } from './seeker-profile.ts'
