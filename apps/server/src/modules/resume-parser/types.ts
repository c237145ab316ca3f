/**
 * What the resume parser reads out of a resume: a JSON Resume (https://jsonresume.org/schema, the
 * fields the product uses) and the facts about the document the review needs (its lines in reading
 * order, its layout). Dates are `YYYY-MM` or `YYYY`; a current job has no `endDate`.
 */

export interface JsonResumeProfile {
  network: string
  username?: string
  url: string
}

export interface JsonResumeBasics {
  name?: string
  label?: string
  email?: string
  phone?: string
  url?: string
  summary?: string
  location?: { city?: string; region?: string; countryCode?: string; address?: string }
  profiles?: JsonResumeProfile[]
}

export interface JsonResumeWork {
  name?: string
  position?: string
  location?: string
  startDate?: string
  endDate?: string
  summary?: string
  highlights?: string[]
}

export interface JsonResumeEducation {
  institution?: string
  studyType?: string
  area?: string
  startDate?: string
  endDate?: string
  score?: string
}

export interface JsonResumeSkill {
  name: string
  keywords?: string[]
}

export interface JsonResume {
  basics: JsonResumeBasics
  work: JsonResumeWork[]
  education: JsonResumeEducation[]
  skills: JsonResumeSkill[]
  languages?: { language: string; fluency?: string }[]
  certificates?: { name: string; issuer?: string; date?: string }[]
  projects?: { name: string; description?: string; highlights?: string[] }[]
}

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
