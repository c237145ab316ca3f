import type { ResumeParseFailure } from './types.ts'

const MESSAGES: Record<ResumeParseFailure, string> = {
  not_pdf: 'This file is not a PDF. Upload your resume as a PDF (export it from your editor).',
  encrypted:
    'This PDF is password-protected, so we cannot read it. Export it again without a password and upload it.',
  no_text:
    'This looks like a scanned image: the PDF has no text we can read. Export your resume from your editor as a PDF with text, or upload a Word-exported PDF.',
  too_many_pages:
    'This PDF has too many pages for a resume. Upload a resume of at most {maxPages} pages.',
  unreadable:
    'We could not read this PDF: it is damaged or too complex to open. Export it again from your editor and upload the new file.',
}

/** A file that cannot be read as a resume; `message` is a clear English sentence for the seeker. */
export class ResumeParseError extends Error {
  readonly failure: ResumeParseFailure

  constructor(failure: ResumeParseFailure, options: { maxPages?: number; cause?: unknown } = {}) {
    super(MESSAGES[failure].replace('{maxPages}', String(options.maxPages ?? 10)), {
      cause: options.cause,
    })
    this.name = 'ResumeParseError'
    this.failure = failure
  }
}
