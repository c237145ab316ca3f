export {
  COVER_LETTER_QUEUE,
  coverLetterPreparation,
  prepareCoverLetter,
  requestCoverLetter,
} from './cover-letter-preparation.ts'
export { registerCoverLettersRoutes } from './cover-letters.routes.ts'
export { composeOfflineLetter } from './offline-composer.ts'
export { buildMatchReport } from './match-report.ts'
export { mentions, requirementsFrom, seekerFacts, type LetterFacts } from './letter-facts.ts'
export { openAiCompatibleGenerator, type TextGenerator, writeLetter } from './text-generation.ts'
export { textGeneratorFromConfig } from './text-generator-config.ts'
export { applicationJob, catalogueJob, gatherLetterFacts } from './application-job.ts'
export { type JobFacts } from './letter-facts.ts'
