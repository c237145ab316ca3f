export { importFeedBody, jobBoardSync, syncBoard } from './catalogue/board-sync.ts'
export { CITIES, type City } from './catalogue/cities.ts'
export { dedupeKey } from './catalogue/dedupe.ts'
export { type ImportCounts, type ImportOptions } from './catalogue/import-feed.ts'
export { findJobIdsBySourceIds, insertJobs } from './catalogue/job-rows.ts'
export { normalizeJob, yearlySalary } from './catalogue/normalize.ts'
export {
  SALARY_PERIODS,
  type JobPlace,
  type NormalizedJob,
  type Salary,
  type SalaryPeriod,
} from './catalogue/normalized-job.ts'
export {
  loadOccupationTitles,
  loadOccupations,
  loadTasks,
  loadTechnologySkills,
  type Occupation,
} from './catalogue/onet/onet-data.ts'
export { displaySkillName, extractSkills } from './catalogue/onet/skill-extractor.ts'
export { normalizeTitle } from './catalogue/onet/title-normalizer.ts'
export { isOpenJob, openJobCondition } from './catalogue/open-jobs.ts'
export { countryName, locationLabel, parseLocationText } from './catalogue/places.ts'
export { type JobRow } from './search/job-cards.ts'
export { registerJobSearchRoutes } from './search/job-search.routes.ts'
export {
  CERTAINLY_ABOVE_CAP,
  WINDOW_SIZE,
  estimateMatches,
  searchCriteria,
} from './search/job-search.service.ts'
export {
  buildCandidateQuery,
  buildCountQuery,
  buildNewJobsQuery,
  type JobSearchCriteria,
  type Statement,
} from './search/job-search.sql.ts'
export { formatAmount } from './search/match-score.ts'
export {
  convertAmount,
  exchangeRates,
  ExchangeRatesError,
  refreshExchangeRates,
  type ExchangeRates,
} from './search/exchange-rates.ts'
export { findNewJobs, type FindSavedSearch } from './search/job-search.service.ts'
export { jsonLd } from './catalogue/sources/json-ld.ts'
export { findJobForLetter, type JobLetterRow } from './catalogue/job-facts.repository.ts'
