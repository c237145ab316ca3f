import { z } from 'zod'

/**
 * What a right swipe prepares for its application (issue 14): a tailored cover letter (text on
 * the application, PDF in the `cover-letters` bucket at `<userId>/<applicationId>.pdf`) and a
 * match report. A pg-boss job (`cover-letter-preparation`) prepares both after the swipe's
 * transaction commits; its progress is the application's `cover_letter_status`.
 *
 * Reading them:
 * - `GET /api/job-applications/{id}/cover-letter` → `CoverLetterStateSchema` (the one shape the
 *   deck card and the application page read);
 * - or, through /rest/v1, the columns of `public.job_applications`: `cover_letter`,
 *   `cover_letter_path`, `cover_letter_status`, `cover_letter_status_at`, `cover_letter_error`,
 *   `cover_letter_source`, `match_report` (a `MatchReportSchema` as jsonb).
 *
 * Changing them:
 * - the user edits the text through /rest/v1 (`cover_letter` is theirs to update), then
 *   `POST /api/job-applications/{id}/cover-letter/pdf` renders the PDF from the saved text (free);
 * - `POST /api/job-applications/{id}/cover-letter/regenerate` writes a new letter and report
 *   (free, `COVER_LETTER_REGENERATIONS_PER_DAY` per application per 24 hours: beyond, 429
 *   `cover_letter_regeneration_limit` with `Retry-After`);
 * - the PDF is downloaded with a signed URL of the storage API (`createSignedUrl`) or the
 *   owner's own authenticated download: the bucket's policies keep it to its owner.
 */
export const COVER_LETTER_STATUSES = ['queued', 'preparing', 'ready', 'failed'] as const
export type CoverLetterStatus = (typeof COVER_LETTER_STATUSES)[number]

/** Who wrote the letter: the built-in offline composer, or the configured LLM (`LLM_BASE_URL`). */
export const COVER_LETTER_SOURCES = ['offline', 'llm'] as const
export type CoverLetterSource = (typeof COVER_LETTER_SOURCES)[number]

export const COVER_LETTERS_BUCKET = 'cover-letters'

/** Free regenerations of one application's letter in any 24 hours (the default of the setting). */
export const DEFAULT_COVER_LETTER_REGENERATIONS_PER_DAY = 3

/** One of the job's skills or requirements, and what of the seeker's profile shows it. */
export const MatchItemSchema = z.object({
  /** The job's own words (a skill name, or a requirement line shortened). */
  label: z.string(),
  kind: z.enum(['skill', 'requirement']),
  /** For a matched item: the profile's fact that shows it (a skill, a position), else null. */
  evidence: z.string().nullable(),
})
export type MatchItem = z.infer<typeof MatchItemSchema>

export const MatchReportSchema = z.object({
  /** 0–100: the share of the job's skills and requirements the profile shows. */
  score: z.number().int().min(0).max(100),
  matched: z.array(MatchItemSchema),
  missing: z.array(MatchItemSchema),
  /** Two or three concrete suggestions (what to stress, what to add, what to learn). */
  suggestions: z.array(z.string()).min(1).max(3),
  generatedAt: z.iso.datetime(),
})
export type MatchReport = z.infer<typeof MatchReportSchema>

/** `GET /api/job-applications/{id}/cover-letter`, and the answer of regenerate and pdf. */
export const CoverLetterStateSchema = z.object({
  applicationId: z.uuid(),
  /** null: nothing was ever prepared for this application (e.g. one added by hand). */
  status: z.enum(COVER_LETTER_STATUSES).nullable(),
  /** When the status last changed. */
  statusAt: z.iso.datetime().nullable(),
  /** Why the last preparation failed, or why the LLM was not used (the offline letter stands). */
  error: z.string().nullable(),
  source: z.enum(COVER_LETTER_SOURCES).nullable(),
  /** The letter's text (the user's edits included). */
  text: z.string().nullable(),
  /** The PDF's object name in the `cover-letters` bucket, `<userId>/<applicationId>.pdf`. */
  pdfPath: z.string().nullable(),
  matchReport: MatchReportSchema.nullable(),
  /** Free regenerations left in the current 24 hours. */
  regenerationsLeft: z.number().int().min(0),
  /** The job's apply link: the apply step opens it with the letter ready to paste or attach. */
  applyUrl: z.string().nullable(),
})
export type CoverLetterState = z.infer<typeof CoverLetterStateSchema>
