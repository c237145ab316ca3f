export { ResumeParseError } from './errors.ts'
export { parseResumePdf, type ParseOptions } from './parse.ts'
export { parseResumeInWorker, type WorkerParseOptions } from './worker.ts'
export type {
  JsonResume,
  JsonResumeBasics,
  JsonResumeEducation,
  JsonResumeProfile,
  JsonResumeSkill,
  JsonResumeWork,
  ParsedResume,
  ResumeLayout,
  ResumeLine,
  ResumeParseFailure,
  ResumeSectionKind,
} from './types.ts'
