import type { ResumeAnalysis, ResumeAnalysisProcessing, ResumeAnalysisStep } from '@app/contracts'

/** How often the page asks about an analysis that is still running (the contracts say 1–2 s). */
export const ANALYSIS_POLL_MS = 1_500

/** Whether the page should ask again soon: queued or running, not waiting for a LinkedIn export. */
export function isRunning(analysis: Pick<ResumeAnalysis, 'status' | 'progress'> | null): boolean {
  if (!analysis) {
    return false
  }
  if (analysis.status === 'PROCESSING') {
    return true
  }
  return analysis.status === 'PENDING' && analysis.progress.step !== 'awaiting_export'
}

const STEP_LABELS: Record<ResumeAnalysisStep, string> = {
  queued: 'Queued: waiting for its turn',
  awaiting_export: 'Waiting for your LinkedIn export',
  reading: 'Reading your file',
  parsing: 'Reading the text and layout',
  reviewing: 'Reviewing your resume',
  done: 'Done',
  failed: 'Stopped',
}

/** The steps the progress list shows, in order. */
export const SHOWN_STEPS = ['queued', 'reading', 'parsing', 'reviewing'] as const

export function stepLabel(step: ResumeAnalysisStep): string {
  return STEP_LABELS[step]
}

/** Whether `step` is before, at or after where the analysis is. */
export function stepState(
  step: (typeof SHOWN_STEPS)[number],
  current: ResumeAnalysisStep,
): 'done' | 'current' | 'todo' {
  const at = SHOWN_STEPS.indexOf(current as (typeof SHOWN_STEPS)[number])
  const index = SHOWN_STEPS.indexOf(step)
  if (current === 'done') {
    return 'done'
  }
  if (at === -1) {
    return 'todo'
  }
  return index < at ? 'done' : index === at ? 'current' : 'todo'
}

/** "An analysis usually takes about 5 seconds." from this install's figures, or nothing. */
export function typicalTime(processing: ResumeAnalysisProcessing): string | null {
  const seconds = processing.typicalSeconds
  if (!processing.processed || seconds === null) {
    return null
  }
  if (seconds < 60) {
    return `An analysis usually takes about ${seconds} second${seconds === 1 ? '' : 's'}.`
  }
  const minutes = Math.round(seconds / 60)
  return `An analysis usually takes about ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** What the seeker can do about a failed analysis, by its `failure` code. */
export function failureAdvice(failure: ResumeAnalysis['failure']): string {
  switch (failure) {
    case 'not_pdf':
      return 'Upload your resume as a PDF file: export or "Save as PDF" from your editor.'
    case 'encrypted':
      return 'Remove the password from the PDF (or print it to a new PDF), then upload it again.'
    case 'no_text':
      return 'Export the PDF from the document you wrote it in (Word, Google Docs, Pages) rather than scanning a printout, then upload it again.'
    case 'too_many_pages':
      return 'Upload a shorter resume: two pages is plenty for most jobs.'
    case 'unreadable':
      return 'Save the resume to a new PDF from your editor and upload that.'
    case 'file_missing':
      return 'Upload your resume again.'
    case 'internal':
    case null:
      return 'This was our fault. Try again in a moment; if it keeps failing, upload the file again.'
  }
}
