import { z } from 'zod'

/**
 * The application tracker (issue 14): events, the job snapshot, additional context, feedback
 * and adding an application by hand. Statuses follow from events in the database only (the
 * status rule): applied → APPLIED, interview_invitation and interview_scheduled → INTERVIEW,
 * offer_received → OFFER, rejection_received → REJECTED, withdrawn → WITHDRAWN; note and
 * follow_up leave it. Users record events through /rest/v1 (`job_application_events`, their own
 * rows); the payloads of interview_scheduled and follow_up are checked by the database too.
 */
export const APPLICATION_STATUSES = [
  'SAVED',
  'APPLIED',
  'INTERVIEW',
  'OFFER',
  'REJECTED',
  'WITHDRAWN',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const APPLICATION_EVENT_TYPES = [
  'applied',
  'interview_invitation',
  'interview_scheduled',
  'offer_received',
  'rejection_received',
  'withdrawn',
  'note',
  'follow_up',
] as const
export type ApplicationEventType = (typeof APPLICATION_EVENT_TYPES)[number]

/** The status an event moves its application to (null: unchanged), as the database's rule. */
export function statusForEvent(type: ApplicationEventType): ApplicationStatus | null {
  switch (type) {
    case 'applied':
      return 'APPLIED'
    case 'interview_invitation':
    case 'interview_scheduled':
      return 'INTERVIEW'
    case 'offer_received':
      return 'OFFER'
    case 'rejection_received':
      return 'REJECTED'
    case 'withdrawn':
      return 'WITHDRAWN'
    default:
      return null
  }
}

/** The event a move on the board records (SAVED is where applications start: no event). */
export const EVENT_FOR_STATUS: Record<Exclude<ApplicationStatus, 'SAVED'>, ApplicationEventType> = {
  APPLIED: 'applied',
  INTERVIEW: 'interview_invitation',
  OFFER: 'offer_received',
  REJECTED: 'rejection_received',
  WITHDRAWN: 'withdrawn',
}

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'Not a calendar day')

/** `interview_scheduled`: when (local date and time in an IANA time zone), where, with whom. */
export const InterviewScheduledPayloadSchema = z
  .object({
    date: CalendarDay,
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:MM (24-hour)'),
    timeZone: z.string().min(1).max(64).refine(isTimeZone, 'Not a known time zone'),
    location: z.string().trim().max(500).nullish(),
    videoUrl: z
      .url({ protocol: /^https?$/, error: 'Use an http or https link' })
      .max(2000)
      .nullish(),
    people: z.array(z.string().trim().min(1).max(200)).max(20).nullish(),
  })
  .strict()
export type InterviewScheduledPayload = z.infer<typeof InterviewScheduledPayloadSchema>

/** `follow_up`: a reminder to follow up on a day. */
export const FollowUpPayloadSchema = z
  .object({ remindOn: CalendarDay, text: z.string().trim().max(2000).nullish() })
  .strict()
export type FollowUpPayload = z.infer<typeof FollowUpPayloadSchema>

/** `note`: a dated remark. */
export const NotePayloadSchema = z.object({ text: z.string().trim().min(1).max(5000) })
export type NotePayload = z.infer<typeof NotePayloadSchema>

/**
 * The job as it was when saved (`job_applications.job_snapshot`): an expired or removed listing
 * still reads. Filled by the database for a right swipe, by the server for one added by hand.
 */
export const JobSnapshotSchema = z.object({
  title: z.string(),
  company: z.string().nullish(),
  location: z.string().nullish(),
  description: z.string().nullish(),
  applyUrl: z.string().nullish(),
  salary: z
    .object({
      min: z.number().nullish(),
      max: z.number().nullish(),
      currency: z.string(),
      period: z.string().nullish(),
    })
    .nullish(),
  skills: z.array(z.string()).nullish(),
  source: z.string().nullish(),
  postedAt: z.string().nullish(),
  expiresAt: z.string().nullish(),
})
export type JobSnapshot = z.infer<typeof JobSnapshotSchema>

export const MAX_ADDITIONAL_CONTEXT_LENGTH = 5000

/** `GET /api/job-applications/additional-context?jobApplicationId=…` */
export const AdditionalContextQuerySchema = z.object({ jobApplicationId: z.uuid() })

/**
 * The answer of GET and PUT: the seeker's own notes about the role (null: none yet), which the
 * cover letter and interview practice use.
 */
export const AdditionalContextResponseSchema = z.object({
  jobApplicationId: z.uuid(),
  value: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type AdditionalContextResponse = z.infer<typeof AdditionalContextResponseSchema>

/**
 * `PUT /api/job-applications/additional-context/{id}` body: `jobApplicationId` must be the path's
 * id (400 `id_mismatch` otherwise). An empty value clears it.
 */
export const AdditionalContextRequestSchema = z.object({
  jobApplicationId: z.uuid(),
  value: z.string().max(MAX_ADDITIONAL_CONTEXT_LENGTH),
})

export const FEEDBACK_SUBJECTS = ['cover_letter', 'match_report'] as const
export const FEEDBACK_REASONS = [
  'great',
  'tone',
  'too_long',
  'too_short',
  'too_generic',
  'wrong_facts',
  'missing_skills',
  'wrong_language',
] as const
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number]

/**
 * `POST /api/job-applications/feedback`: the seeker rates what was prepared for an application.
 * 201 `{feedback}`; 404 `not_found` for an application that is not theirs.
 */
export const FeedbackRequestSchema = z.object({
  jobApplicationId: z.uuid(),
  subject: z.enum(FEEDBACK_SUBJECTS),
  rating: z.number().int().min(1).max(5),
  reasons: z
    .array(z.enum(FEEDBACK_REASONS))
    .max(FEEDBACK_REASONS.length)
    .refine((list) => new Set(list).size === list.length, 'Each reason once')
    .default([]),
  comment: z.string().trim().max(2000).nullish(),
})
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>

export const FeedbackSchema = z.object({
  id: z.uuid(),
  jobApplicationId: z.uuid(),
  subject: z.enum(FEEDBACK_SUBJECTS),
  rating: z.number().int(),
  reasons: z.array(z.enum(FEEDBACK_REASONS)),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
})
export const FeedbackResponseSchema = z.object({ feedback: FeedbackSchema })

export const MAX_JOB_PAGE_HTML_LENGTH = 1_000_000

/**
 * `POST /api/job-applications`: an application for a job found elsewhere, free (it prepares
 * nothing; a right swipe pays for the letter and report). Either by hand `{title, company,
 * url?}`, or a job page `{jobPageHtml, url?}` whose schema.org JobPosting is read (400
 * `job_posting_not_found` when it has none). 201 `{application}` in status SAVED.
 */
export const CreateApplicationRequestSchema = z.union([
  z
    .object({
      title: z.string().trim().min(1).max(300),
      company: z.string().trim().min(1).max(300),
      url: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .nullish(),
    })
    .strict(),
  z
    .object({
      jobPageHtml: z.string().min(1).max(MAX_JOB_PAGE_HTML_LENGTH),
      url: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .nullish(),
    })
    .strict(),
])
export type CreateApplicationRequest = z.infer<typeof CreateApplicationRequestSchema>

export const CreatedApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  jobSnapshot: JobSnapshotSchema,
  createdAt: z.iso.datetime({ offset: true }),
})
export const CreateApplicationResponseSchema = z.object({ application: CreatedApplicationSchema })
