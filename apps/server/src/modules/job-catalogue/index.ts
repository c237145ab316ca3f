export { importFeedBody, jobBoardSync, syncBoard } from './board-sync.ts'
export { CITIES, type City } from './cities.ts'
export { dedupeKey } from './dedupe.ts'
export { type ImportCounts, type ImportOptions } from './import-feed.ts'
export { insertJobs } from './job-rows.ts'
export { normalizeJob, yearlySalary } from './normalize.ts'
export {
  SALARY_PERIODS,
  type JobPlace,
  type NormalizedJob,
  type Salary,
  type SalaryPeriod,
} from './normalized-job.ts'
export {
  loadOccupationTitles,
  loadOccupations,
  loadTasks,
  loadTechnologySkills,
  type Occupation,
} from './onet/onet-data.ts'
export { displaySkillName, extractSkills } from './onet/skill-extractor.ts'
export { normalizeTitle } from './onet/title-normalizer.ts'
export { openJobCondition } from './open-jobs.ts'
export { countryName, locationLabel, parseLocationText } from './places.ts'
