/**
 * What the resume parser reads out of a resume: a JSON Resume (https://jsonresume.org/schema, the
 * fields the product uses) and the facts about the document the review needs (its lines in reading
 * order, its layout). Dates are `YYYY-MM` or `YYYY`; a current job has no `endDate`.
 */

import type { z } from 'zod'
import type {
  JsonResumeBasicsSchema,
  JsonResumeBody,
  JsonResumeEducationSchema,
  JsonResumeProfileSchema,
  JsonResumeSkillSchema,
  JsonResumeWorkSchema,
} from '@app/contracts'

// The JSON Resume shapes are the contracts' (the app edits what the parser writes): one
// definition, in packages/contracts/src/resume-analysis.ts.
export type JsonResumeProfile = z.infer<typeof JsonResumeProfileSchema>
export type JsonResumeBasics = z.infer<typeof JsonResumeBasicsSchema>
export type JsonResumeWork = z.infer<typeof JsonResumeWorkSchema>
export type JsonResumeEducation = z.infer<typeof JsonResumeEducationSchema>
export type JsonResumeSkill = z.infer<typeof JsonResumeSkillSchema>
export type JsonResume = JsonResumeBody

export type ResumeSectionKind =
  | 'contact'
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'certificates'
  | 'projects'
  | 'other'

/** One line of the resume as a reader sees it, in reading order. */
export interface ResumeLine {
  text: string
  page: number
  /** The section the line sits in (`null` above the first heading). */
  section: ResumeSectionKind | null
  /** A section heading itself. */
  heading: boolean
}

/** What an applicant tracking system may trip over, read from the PDF itself. */
export interface ResumeLayout {
  pages: number
  /** Text columns side by side on the main pages (2 for a sidebar or two-column layout). */
  columns: number
  /** Rows of cells laid out as a table (dates right-aligned on the same line are not a table). */
  tables: boolean
  /** Images drawn on the pages (photos, icons, logos). */
  images: number
  /** Text in the top or bottom margin repeated on every page (headers and footers an ATS drops). */
  repeatedHeaderOrFooter: boolean
}

export interface ParsedResume {
  resume: JsonResume
  lines: ResumeLine[]
  layout: ResumeLayout
}

/** Why a file cannot be read as a resume; each is a clear message for the seeker. */
export type ResumeParseFailure =
  | 'not_pdf' // the bytes are not a PDF
  | 'encrypted' // password-protected
  | 'no_text' // no text layer: a scanned image
  | 'too_many_pages' // over the page cap
  | 'unreadable' // a damaged PDF, or one that takes too long to read (a PDF bomb)
