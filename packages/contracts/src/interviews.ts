import { z } from 'zod'

/**
 * Practice interviews (issue 16, ADR 0026): a spoken mock interview for a job the seeker is going
 * after, with feedback on delivery (from the audio) and content (from a transcript). Everything
 * here is the wire shape of `/api/interviews/*`; the audio analysis is ADR 0025.
 *
 * The flow the app follows:
 * 1. `POST /api/interviews/start` (`StartInterviewBody`) → 201 `Interview`, status CREATED, with
 *    its questions (each with the talking points a strong answer covers);
 * 2. for each question: read it aloud (the browser's speech synthesis, or
 *    `GET /api/interviews/{id}/questions/{index}/audio`, a WAV the server speaks), record the
 *    answer, then `POST /api/interviews/{id}/answers/{index}` (`{index}` in a path counts from
 *    1, as the app shows "Question 1 of 5"; `index` in the JSON counts from 0):
 *    - voice: `multipart/form-data` with the recording in the `audio` part (WebM/Opus, Ogg,
 *      MP4/AAC or WAV, as the browser records it) and an optional text part `transcript` (the
 *      browser's live speech recognition); the server reads the answer's length from the audio;
 *    - typed: JSON `{ typedAnswer }`; skipped: JSON `{ skipped: true }`.
 *    → 202 `InterviewAnswer`; a voice answer is analysed in the background (status ANALYSING →
 *    ANALYSED), so `GET /api/interviews/{id}` shows its feedback a few seconds later. Answering
 *    the same question again replaces the answer;
 * 3. `POST /api/interviews/{id}/finish` → 202 `Interview`, status PROCESSING: the server joins
 *    the answers into one recording (`{userId}/{interviewId}.mp3` in the `interviews` bucket)
 *    and writes the overall feedback; poll `GET /api/interviews/{id}` until COMPLETED (or
 *    FAILED, with `failureReason`);
 * 4. `GET /api/interviews/{id}/recording` → `InterviewRecording`: a 24-hour signed URL and where
 *    each answer starts in it;
 * 5. `GET /api/interviews` → the list (newest first, DELETED left out, spec section 4);
 *    deleting is soft: `DELETE /api/interviews/{id}` (or, through the backend client, setting
 *    `status` to DELETED on the user's own row).
 */

/** The storage bucket of interview recordings (spec section 3). */
export const INTERVIEWS_BUCKET = 'interviews'

export const INTERVIEW_STATUSES = [
  'CREATED',
  'IN_PROGRESS',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'DELETED',
] as const
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number]

/** What the questions practise: stories from experience, the job's own work, or both. */
export const INTERVIEW_FOCUSES = ['behavioural', 'role', 'mixed'] as const
export type InterviewFocus = (typeof INTERVIEW_FOCUSES)[number]

export const INTERVIEW_QUESTION_COUNT = { min: 1, max: 10, default: 5 } as const

/** The longest answer the server takes, and the largest recording of one. */
export const INTERVIEW_ANSWER_LIMITS = { maxSeconds: 300, maxBytes: 25_000_000 } as const

/** Speaking-rate bands, words per minute (the 140–160 "conversational" band and Speaker Coach's). */
export const PACE_BANDS = {
  ideal: { min: 140, max: 160 },
  acceptable: { min: 100, max: 165 },
} as const

/** An answer under a minute is usually too thin, over two too long (spoken). */
export const ANSWER_LENGTH_SECONDS = { min: 60, max: 120 } as const

export const StartInterviewBodySchema = z
  .object({
    /** Practise for one of the user's applications (its job, additional context and letter). */
    jobApplicationId: z.uuid().optional(),
    /** Or for a job of the catalogue. */
    jobId: z.uuid().optional(),
    /** Or for a role typed by the seeker ("Product designer"). */
    role: z.string().trim().min(2, 'Type a role of at least 2 characters').max(120).optional(),
    focus: z.enum(INTERVIEW_FOCUSES).default('mixed'),
    questionCount: z
      .number()
      .int()
      .min(INTERVIEW_QUESTION_COUNT.min)
      .max(INTERVIEW_QUESTION_COUNT.max)
      .default(INTERVIEW_QUESTION_COUNT.default),
  })
  .refine((body) => body.jobApplicationId || body.jobId || body.role, {
    message: 'Choose an application, a job or a role to practise for',
    path: ['role'],
  })
export type StartInterviewBody = z.input<typeof StartInterviewBodySchema>

export const INTERVIEW_QUESTION_KINDS = ['opening', 'behavioural', 'role', 'closing'] as const
export type InterviewQuestionKind = (typeof INTERVIEW_QUESTION_KINDS)[number]

export const InterviewQuestionSchema = z.object({
  index: z.number().int().min(0),
  text: z.string(),
  kind: z.enum(INTERVIEW_QUESTION_KINDS),
  /** What a strong answer covers (2–4 points), used for the feedback. */
  talkingPoints: z.array(z.string()),
  /** Why this question: "The posting asks for Kubernetes", "A task of the role (O*NET)". */
  reason: z.string(),
  /** The job's own terms an answer to it would naturally use. */
  jobTerms: z.array(z.string()),
})
export type InterviewQuestion = z.infer<typeof InterviewQuestionSchema>

/** A span of the transcript (character offsets, end exclusive) and what it is. */
export const TranscriptMarkSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string(),
})
export type TranscriptMark = z.infer<typeof TranscriptMarkSchema>

/** Where a figure came from, said on the screen next to it. */
export const TRANSCRIPT_SOURCES = ['speech_to_text', 'browser', 'typed'] as const
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number]

export const AnswerDeliverySchema = z.object({
  speakingSeconds: z.number(),
  /** From the start of the recording to the first word. */
  timeToFirstWordSeconds: z.number().nullable(),
  wordsPerMinute: z.number().nullable(),
  /** `transcript`: words counted; `acoustic`: estimated from the syllables heard. */
  paceSource: z.enum(['transcript', 'acoustic']).nullable(),
  pauses: z.object({ count: z.number().int(), longestSeconds: z.number() }),
  fillerCount: z.number().int(),
  fillersPerMinute: z.number().nullable(),
  fillers: z.record(z.string(), z.number().int()),
  /** `transcript`: filler words read; `audio`: filled pauses ("uhh") heard in the recording. */
  fillerSource: z.enum(['transcript', 'audio']),
  /** The fillers, repeated words and hedging phrases in `transcript`, to highlight. */
  fillerMarks: z.array(TranscriptMarkSchema),
  repeatedWords: z.array(TranscriptMarkSchema),
  hedges: z.array(TranscriptMarkSchema),
})
export type AnswerDelivery = z.infer<typeof AnswerDeliverySchema>

export const STAR_PARTS = ['situation', 'task', 'action', 'result'] as const
export type StarPart = (typeof STAR_PARTS)[number]

export const AnswerContentSchema = z.object({
  talkingPoints: z.array(z.object({ point: z.string(), covered: z.boolean() })),
  jobTermsUsed: z.array(z.string()),
  jobTermsMissed: z.array(z.string()),
  /** Which parts of a STAR story the answer has. */
  star: z.object({
    situation: z.boolean(),
    task: z.boolean(),
    action: z.boolean(),
    result: z.boolean(),
  }),
  /** Sentences that state a result with a number. */
  resultsWithNumbers: z.array(z.string()),
  wordCount: z.number().int(),
  /** Spoken length against the 1–2 minutes an answer should take; null for a typed answer. */
  length: z.enum(['short', 'good', 'long']).nullable(),
})
export type AnswerContent = z.infer<typeof AnswerContentSchema>

export const INTERVIEW_ANSWER_STATUSES = ['ANALYSING', 'ANALYSED', 'SKIPPED', 'FAILED'] as const
export type InterviewAnswerStatus = (typeof INTERVIEW_ANSWER_STATUSES)[number]

export const InterviewAnswerSchema = z.object({
  questionIndex: z.number().int().min(0),
  status: z.enum(INTERVIEW_ANSWER_STATUSES),
  mode: z.enum(['voice', 'typed', 'skipped']),
  durationSeconds: z.number().nullable(),
  transcript: z.string().nullable(),
  transcriptSource: z.enum(TRANSCRIPT_SOURCES).nullable(),
  /** Null for a typed or skipped answer, or while it is analysed. */
  delivery: AnswerDeliverySchema.nullable(),
  /** Null without a transcript (no speech-to-text and no browser recognition). */
  content: AnswerContentSchema.nullable(),
  /** A short coaching note: what went well, the one thing to change. */
  coaching: z.string().nullable(),
  score: z.number().int().min(0).max(100).nullable(),
  /** Where the answer is in the session recording (seconds), once the interview is finished. */
  recording: z.object({ startSeconds: z.number(), endSeconds: z.number() }).nullable(),
  failureReason: z.string().nullable(),
})
export type InterviewAnswer = z.infer<typeof InterviewAnswerSchema>

export const InterviewFeedbackSchema = z.object({
  score: z.number().int().min(0).max(100),
  summary: z.string(),
  /** The three things to work on first. */
  focusAreas: z.array(z.object({ title: z.string(), detail: z.string() })),
  strengths: z.array(z.string()),
  averages: z.object({
    wordsPerMinute: z.number().nullable(),
    fillersPerMinute: z.number().nullable(),
    pausesPerMinute: z.number().nullable(),
    /** Share of the talking points covered, 0–1; null without transcripts. */
    talkingPointsCovered: z.number().nullable(),
  }),
})
export type InterviewFeedback = z.infer<typeof InterviewFeedbackSchema>

/** `interviews.progress_step`: where a finishing interview is. */
export const INTERVIEW_PROGRESS_STEPS = [
  'questions_ready',
  'answering',
  'joining_recording',
  'writing_feedback',
  'done',
  'failed',
] as const
export type InterviewProgressStep = (typeof INTERVIEW_PROGRESS_STEPS)[number]

export const InterviewSchema = z.object({
  id: z.uuid(),
  status: z.enum(INTERVIEW_STATUSES),
  title: z.string(),
  focus: z.enum(INTERVIEW_FOCUSES),
  jobApplicationId: z.uuid().nullable(),
  jobId: z.string().nullable(),
  company: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  questions: z.array(InterviewQuestionSchema),
  answers: z.array(InterviewAnswerSchema),
  feedback: InterviewFeedbackSchema.nullable(),
  progressStep: z.enum(INTERVIEW_PROGRESS_STEPS),
  /** Whether the session recording exists (`GET …/recording`), and its length. */
  recording: z.object({ durationSeconds: z.number() }).nullable(),
  failureReason: z.string().nullable(),
})
export type Interview = z.infer<typeof InterviewSchema>

export const InterviewListItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  company: z.string().nullable(),
  status: z.enum(INTERVIEW_STATUSES),
  createdAt: z.iso.datetime(),
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  score: z.number().int().nullable(),
  wordsPerMinute: z.number().nullable(),
  fillersPerMinute: z.number().nullable(),
})
export type InterviewListItem = z.infer<typeof InterviewListItemSchema>

export const InterviewListSchema = z.object({ interviews: z.array(InterviewListItemSchema) })
export type InterviewList = z.infer<typeof InterviewListSchema>

export const TypedAnswerBodySchema = z.union([
  z.object({
    typedAnswer: z.string().trim().min(1, 'Type an answer, or skip the question').max(10_000),
  }),
  z.object({ skipped: z.literal(true) }),
])
export type TypedAnswerBody = z.infer<typeof TypedAnswerBodySchema>

export const InterviewRecordingSchema = z.object({
  /** A signed URL of `{userId}/{interviewId}.mp3`, valid for 24 hours (spec section 7). */
  url: z.string(),
  expiresAt: z.iso.datetime(),
  durationSeconds: z.number(),
  answers: z.array(
    z.object({ questionIndex: z.number().int(), startSeconds: z.number(), endSeconds: z.number() }),
  ),
})
export type InterviewRecording = z.infer<typeof InterviewRecordingSchema>
