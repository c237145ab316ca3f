/**
 * What happens today to a resume's analysis, stated once for the server and the app. An upload
 * (POST /api/professional-profiles) queues a `resume-analysis` job; its worker
 * (apps/server/src/modules/resume-analysis/analysis-requests.ts) records a PENDING
 * `resume_analyses` row and stops there: nothing analyses the resume yet. The profile page says
 * so plainly instead of showing "PENDING" forever. The feature that analyses resumes sets
 * `processed` to true and `typicalSeconds` to what an analysis usually takes; the page then
 * shows queued, running, done and failed with that estimate.
 */
export type ResumeAnalysisProcessing = {
  /** Whether this install analyses resumes at all. */
  processed: boolean
  /** How long an analysis usually takes once it runs; null when nothing runs them. */
  typicalSeconds: number | null
  /** How soon the queue's worker records a request (its row), in seconds. */
  recordedWithinSeconds: number
}

export const RESUME_ANALYSIS_PROCESSING: ResumeAnalysisProcessing = {
  processed: false,
  typicalSeconds: null,
  recordedWithinSeconds: 60,
}

/** `resume_analyses.status`. */
export const RESUME_ANALYSIS_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const
export type ResumeAnalysisStatus = (typeof RESUME_ANALYSIS_STATUSES)[number]
