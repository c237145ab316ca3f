import { z } from 'zod'
import { ResumeJobMatchSchema, ResumeReviewSchema } from './resume-review.ts'

/**
 * Resume analysis (issue 15): a seeker's resume (a PDF in the `resumes` bucket, or LinkedIn's
 * data-export ZIP) is parsed into a JSON Resume, stored on their professional profile, and
 * reviewed. Everything here is the wire shape of `/api/resume-analysis/*` and of the resume
 * routes of `/api/professional-profiles/*`; the server's ADR is docs/decisions/0023.
 *
 * The flow the app follows:
 * 1. upload the PDF to `resumes/<userId>/<random>.pdf` (storage API), then
 *    `POST /api/professional-profiles {fileName}`: the profile, with its analysis queued; or
 *    `POST /api/professional-profiles/linkedin-export` (the ZIP as the raw body);
 * 2. or `POST /api/resume-analysis/analyze {id, documentUrl?, linkedinUrl?}` to (re)analyse a
 *    profile: 202 with the queued analysis (`ResumeAnalysisSchema`);
 * 3. poll `GET /api/resume-analysis/{id}` (or `/latest`) every second or two while `status` is
 *    PENDING or PROCESSING: `progress.step` and `progress.percent` say how far it is;
 * 4. COMPLETED: `score` and `result` (the review); the profile's resume is
 *    `GET /api/professional-profiles/{id}/resume`, corrected with
 *    `PUT /api/professional-profiles/{id}/resume`;
 * 5. `POST /api/resume-analysis/{id}/match {jobId | jobApplicationId}`: the resume against a job.
 */

// ---------------------------------------------------------------------------------------------
// What an install does with an analysis (the account page's estimate).

/**
 * What happens to a resume's analysis on this install, stated once for the server and the app.
 * An upload (POST /api/professional-profiles) or POST /api/resume-analysis/analyze queues a
 * `resume-analysis` job; its worker reads the resume, parses it, reviews it and moves the
 * `resume_analyses` row from PENDING through PROCESSING to COMPLETED or FAILED.
 */
export type ResumeAnalysisProcessing = {
  /** Whether this install analyses resumes at all. */
  processed: boolean
  /** How long an analysis usually takes once it runs; null when nothing runs them. */
  typicalSeconds: number | null
  /** How soon the queue's worker records a request (its row), in seconds. */
  recordedWithinSeconds: number
}

/**
 * Measured (resume-analysis.integration.test.ts, the shared 2-core machine under load): a
 * two-page PDF goes from POST /api/professional-profiles to COMPLETED in 3.7–4.0 s, most of it
 * the worker's 1 s queue polling and the parser thread's start; 5 s is the usual time. The row is
 * recorded with the profile, in the same transaction.
 */
export const RESUME_ANALYSIS_PROCESSING: ResumeAnalysisProcessing = {
  processed: true,
  typicalSeconds: 5,
  recordedWithinSeconds: 5,
}

/** `resume_analyses.status`. */
export const RESUME_ANALYSIS_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const
export type ResumeAnalysisStatus = (typeof RESUME_ANALYSIS_STATUSES)[number]

/**
 * `resume_analyses.progress_step`: where a running analysis is, for the app to show.
 * - `queued` (PENDING): waiting for the worker;
 * - `awaiting_export` (PENDING): a LinkedIn-only analysis: LinkedIn cannot be read by a server,
 *   so it waits for LinkedIn's own export ("Save to PDF" uploaded as a resume, or the data-export
 *   ZIP sent to `POST /api/professional-profiles/linkedin-export?profileId=…`);
 * - `reading` (PROCESSING): fetching the resume from storage;
 * - `parsing` (PROCESSING): reading the PDF's text and layout;
 * - `reviewing` (PROCESSING): scoring it and writing suggestions;
 * - `done` (COMPLETED), `failed` (FAILED).
 */
export const RESUME_ANALYSIS_STEPS = [
  'queued',
  'awaiting_export',
  'reading',
  'parsing',
  'reviewing',
  'done',
  'failed',
] as const
export type ResumeAnalysisStep = (typeof RESUME_ANALYSIS_STEPS)[number]

/** The percentage each step stands for (a bar the app can draw). */
export const RESUME_ANALYSIS_STEP_PERCENT: Record<ResumeAnalysisStep, number> = {
  queued: 0,
  awaiting_export: 0,
  reading: 10,
  parsing: 30,
  reviewing: 70,
  done: 100,
  failed: 100,
}

/**
 * Why an analysis FAILED (`resume_analyses.failure`), beside a sentence for the seeker in
 * `error`. The first five are the parser's (a bad file: never retried):
 * - `not_pdf`: the file is not a PDF; `encrypted`: password-protected;
 * - `no_text`: no text layer ("this looks like a scanned image…");
 * - `too_many_pages`: over `RESUME_PARSE_MAX_PAGES`;
 * - `unreadable`: damaged, or too slow to read (`RESUME_PARSE_TIMEOUT_MS`: a PDF bomb);
 * - `file_missing`: the resume is no longer in storage;
 * - `internal`: our side failed on every retry.
 */
export const RESUME_ANALYSIS_FAILURES = [
  'not_pdf',
  'encrypted',
  'no_text',
  'too_many_pages',
  'unreadable',
  'file_missing',
  'internal',
] as const
export type ResumeAnalysisFailure = (typeof RESUME_ANALYSIS_FAILURES)[number]

/** Where the analysed resume came from (`resume_analyses.input`). */
export const RESUME_ANALYSIS_INPUTS = ['pdf', 'linkedin_url', 'linkedin_export'] as const
export type ResumeAnalysisInput = (typeof RESUME_ANALYSIS_INPUTS)[number]

// ---------------------------------------------------------------------------------------------
// JSON Resume (https://jsonresume.org/schema): the fields the product reads and the seeker edits.

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (the parser writes `YYYY-MM` or `YYYY`). */
export const ResumeDateSchema = z
  .string()
  .regex(
    /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/,
    'A date as YYYY, YYYY-MM or YYYY-MM-DD',
  )

const text = (max: number) => z.string().trim().max(max)

/** A link of the seeker's: LinkedIn, GitHub, a portfolio… */
export const JsonResumeProfileSchema = z.object({
  network: text(100),
  username: text(200).optional(),
  url: text(2000),
})

/** Who the seeker is and how to reach them. */
export const JsonResumeBasicsSchema = z.object({
  name: text(200).optional(),
  /** A headline ("Senior Frontend Engineer"). */
  label: text(200).optional(),
  email: text(320).optional(),
  phone: text(60).optional(),
  url: text(2000).optional(),
  summary: text(5000).optional(),
  location: z
    .object({
      city: text(200).optional(),
      region: text(200).optional(),
      countryCode: text(10).optional(),
      address: text(500).optional(),
    })
    .optional(),
  profiles: z.array(JsonResumeProfileSchema).max(50).optional(),
})

/** One position; a current one has no `endDate`. */
export const JsonResumeWorkSchema = z.object({
  /** The company. */
  name: text(300).optional(),
  position: text(300).optional(),
  location: text(300).optional(),
  startDate: ResumeDateSchema.optional(),
  endDate: ResumeDateSchema.optional(),
  summary: text(5000).optional(),
  highlights: z.array(text(2000)).max(100).optional(),
})

/** One school; `studyType` is the degree ("Bachelor of Science"), `area` the subject. */
export const JsonResumeEducationSchema = z.object({
  institution: text(300).optional(),
  studyType: text(300).optional(),
  area: text(300).optional(),
  startDate: ResumeDateSchema.optional(),
  endDate: ResumeDateSchema.optional(),
  score: text(100).optional(),
})

/** A skill, or a group of them (`name` the group, `keywords` the skills). */
export const JsonResumeSkillSchema = z.object({
  name: text(200).min(1),
  keywords: z.array(text(200)).max(200).optional(),
})

/**
 * A whole JSON Resume: the body of `PUT /api/professional-profiles/{id}/resume` and the
 * `resume` of its answer. Unknown keys are refused (a typo is a 400, not a silent loss).
 */
export const JsonResumeSchema = z.strictObject({
  basics: JsonResumeBasicsSchema,
  work: z.array(JsonResumeWorkSchema).max(100),
  education: z.array(JsonResumeEducationSchema).max(50),
  skills: z.array(JsonResumeSkillSchema).max(300),
  languages: z
    .array(z.object({ language: text(100).min(1), fluency: text(100).optional() }))
    .max(50)
    .optional(),
  certificates: z
    .array(
      z.object({
        name: text(300).min(1),
        issuer: text(300).optional(),
        date: ResumeDateSchema.optional(),
      }),
    )
    .max(100)
    .optional(),
  projects: z
    .array(
      z.object({
        name: text(300).min(1),
        description: text(5000).optional(),
        highlights: z.array(text(2000)).max(100).optional(),
      }),
    )
    .max(100)
    .optional(),
})
export type JsonResumeBody = z.infer<typeof JsonResumeSchema>

/** The sections a correction can name (`correctedFields` lists `basics.<key>` or a section). */
export const RESUME_SECTIONS = [
  'work',
  'education',
  'skills',
  'languages',
  'certificates',
  'projects',
] as const

// ---------------------------------------------------------------------------------------------
// Requests.

/**
 * `POST /api/resume-analysis/analyze` (spec section 7). Body:
 * - `id`: the caller's professional profile the analysis is for (404
 *   `professional_profile_not_found` "Profile not found" when it is not theirs or not there);
 * - `documentUrl`: the resume to read: a path in the caller's folder of the `resumes` bucket
 *   (`<userId>/<file>.pdf`, or `resumes/<userId>/<file>.pdf`), or a URL of this server's storage
 *   API naming such an object (`…/storage/v1/object/sign/resumes/<userId>/…?token=…`, `…/object/
 *   authenticated/resumes/<userId>/…`). Nothing else is fetched: any other URL is 400
 *   `document_url_refused`; a file not in the caller's folder is 404 `not_found`;
 * - `linkedinUrl`: `https://(www.|<country>.)linkedin.com/in/<slug>`, stored on the profile (400
 *   `linkedin_url_invalid` otherwise).
 *
 * With neither `documentUrl` nor `linkedinUrl` (absent, null or blank): 400
 * `resume_source_missing` "Either a resume file or LinkedIn URL must be provided". A LinkedIn URL
 * alone queues an analysis that waits (`awaiting_export`) for LinkedIn's own export.
 * Answers 202 with the queued `ResumeAnalysis`; asked again for the same profile and document
 * while that analysis is still PENDING or PROCESSING, 200 with the same one. Rate-limited with
 * the upload (`analyses` bucket: 429 `over_request_rate_limit`).
 */
export const AnalyzeResumeBodySchema = z.object({
  id: z.uuid(),
  documentUrl: z.string().trim().max(4000).nullish(),
  linkedinUrl: z.string().trim().max(2000).nullish(),
})
export type AnalyzeResumeBody = z.infer<typeof AnalyzeResumeBodySchema>

/**
 * `POST /api/resume-analysis/{id}/match`: exactly one of `jobId` (a job of the catalogue) or
 * `jobApplicationId` (one of the caller's applications: its saved job). 404
 * `job_not_found` / `job_application_not_found`; 409 `resume_not_parsed` when the analysis has
 * no parsed resume yet.
 */
export const MatchResumeBodySchema = z.union([
  z.strictObject({ jobId: z.uuid() }),
  z.strictObject({ jobApplicationId: z.uuid() }),
])
export type MatchResumeBody = z.infer<typeof MatchResumeBodySchema>

/**
 * A LinkedIn URL as the analyze call accepts it: https, linkedin.com or a country subdomain,
 * `/in/<slug>` with an optional trailing slash (query and fragment dropped when stored).
 */
export const LINKEDIN_PROFILE_URL =
  /^https:\/\/(?:(?:www|[a-z]{2})\.)?linkedin\.com\/in\/([A-Za-z0-9\-_%]{3,100})\/?(?:[?#].*)?$/

// ---------------------------------------------------------------------------------------------
// Answers.

/**
 * One analysis: `GET /api/resume-analysis/{id}`, `GET /api/resume-analysis/latest` (404
 * `resume_analysis_not_found` "Resume analysis not found" when the caller has none), and the
 * answer of analyze. The same row is readable over /rest/v1 (`resume_analyses`, owner only) in
 * snake_case.
 */
export const ResumeAnalysisSchema = z.object({
  id: z.uuid(),
  professionalProfileId: z.uuid().nullable(),
  /** `resume` (a PDF) or `linkedin` (a LinkedIn URL or export). */
  source: z.enum(['resume', 'linkedin']),
  input: z.enum(RESUME_ANALYSIS_INPUTS),
  /** The resume's path in the `resumes` bucket, when the analysis reads one. */
  documentPath: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  status: z.enum(RESUME_ANALYSIS_STATUSES),
  progress: z.object({
    step: z.enum(RESUME_ANALYSIS_STEPS),
    /** 0–100. */
    percent: z.number().int().min(0).max(100),
  }),
  /** FAILED: why, as a stable code, beside `error`. */
  failure: z.enum(RESUME_ANALYSIS_FAILURES).nullable(),
  /** FAILED: a sentence for the seeker ("This looks like a scanned image…"). */
  error: z.string().nullable(),
  /** COMPLETED: the review's overall score, 0–100. */
  score: z.number().int().min(0).max(100).nullable(),
  /** COMPLETED: the review (`ResumeReview` of packages/contracts/src/resume-review.ts). */
  result: ResumeReviewSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
})
export type ResumeAnalysis = z.infer<typeof ResumeAnalysisSchema>

/**
 * `GET /api/professional-profiles/{id}/resume` and the answer of `PUT` (200): the resume the app
 * shows and every feature reads (`resume`: what the parser read, overlaid by the seeker's
 * corrections), and what it is made of. A later parse replaces `parsed` only: a corrected field
 * keeps the seeker's value. 404 `professional_profile_not_found` "Profile not found".
 *
 * `PUT` takes a whole `JsonResumeSchema` (400 `validation_failed` with `details`): whatever
 * differs from `parsed` is stored as a correction; a field set back to the parsed value is no
 * longer one.
 */
export const ProfileResumeSchema = z.object({
  professionalProfileId: z.uuid(),
  resume: JsonResumeSchema,
  /** What the parser read last (a JSON Resume; `{}`-like sections when nothing was read yet). */
  parsed: z.record(z.string(), z.unknown()),
  /** The seeker's corrections: `basics` field by field, the other sections whole. */
  corrections: z.record(z.string(), z.unknown()),
  /** Which fields are the seeker's: `basics.name`, `basics.location`, `work`, `skills`, … */
  correctedFields: z.array(z.string()),
  linkedinUrl: z.string().nullable(),
  updatedAt: z.iso.datetime(),
})
export type ProfileResume = z.infer<typeof ProfileResumeSchema>

/**
 * `POST /api/professional-profiles/linkedin-export` (raw body, `Content-Type: application/zip`,
 * at most `LINKEDIN_EXPORT_MAX_BYTES`; optional `?profileId=` to fill that profile and resume its
 * `awaiting_export` analysis, else a new profile is made): 201 with the profile and its queued
 * analysis. 415 `unsupported_media_type` for another type, 413 `payload_too_large`, 422
 * `linkedin_export_invalid` for a file that is not LinkedIn's export (not a ZIP, no
 * `Profile.csv`, too many entries or too large unpacked).
 */
export const LinkedinExportAnswerSchema = z.object({
  professionalProfileId: z.uuid(),
  analysis: ResumeAnalysisSchema,
  /** The CSV files of the ZIP that were read (`Profile.csv`, `Positions.csv`, …). */
  filesRead: z.array(z.string()),
})
export type LinkedinExportAnswer = z.infer<typeof LinkedinExportAnswerSchema>

/**
 * `POST /api/resume-analysis/{id}/match`: the review engineer's `JobMatch` (see
 * packages/contracts/src/resume-review.ts), with the job it was made against.
 */
export const ResumeJobMatchAnswerSchema = z.object({
  analysisId: z.uuid(),
  jobId: z.uuid().nullable(),
  jobApplicationId: z.uuid().nullable(),
  match: ResumeJobMatchSchema,
})
export type ResumeJobMatchAnswer = z.infer<typeof ResumeJobMatchAnswerSchema>
