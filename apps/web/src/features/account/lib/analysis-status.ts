import type {
  ResumeAnalysisProcessing,
  ResumeAnalysisStatus,
  ResumeAnalysisStep,
} from '@app/contracts'

/** The latest analysis of a professional profile's resume, as the profile page reads it. */
export type ResumeAnalysisRow = {
  status: ResumeAnalysisStatus
  /** Where a running analysis is (`awaiting_export`: a LinkedIn link waits for its export). */
  progressStep: ResumeAnalysisStep | null
  score: number | null
  error: string | null
  createdAt: string
  completedAt: string | null
}

export type AnalysisState = {
  tone: 'waiting' | 'working' | 'done' | 'failed' | 'off'
  title: string
  detail: string
  /** Whether the answer may still change soon, so the page asks again. */
  poll: boolean
}

/** How long the page keeps asking about an analysis that may still change, and how often. */
export const ANALYSIS_POLL_INTERVAL_MS = 5_000
export const ANALYSIS_POLL_LIMIT_MS = 10 * 60_000

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

function aboutDuration(seconds: number): string {
  if (seconds < 90) {
    return 'about a minute'
  }
  return `about ${Math.round(seconds / 60)} minutes`
}

/**
 * What the profile page says about a resume's analysis: the truth of this install
 * (`RESUME_ANALYSIS_PROCESSING`), not the raw status. An install that does not analyse resumes
 * says so; one that does shows queued, running, done or failed with the usual time.
 */
export function describeAnalysis(
  processing: ResumeAnalysisProcessing,
  analysis: ResumeAnalysisRow | null,
  profileUpdatedAt: string,
  now: Date,
): AnalysisState {
  const estimate =
    processing.typicalSeconds === null
      ? ''
      : ` An analysis usually takes ${aboutDuration(processing.typicalSeconds)}.`
  if (!analysis) {
    const waited = (now.getTime() - new Date(profileUpdatedAt).getTime()) / 1000
    if (waited > processing.recordedWithinSeconds * 5) {
      return {
        tone: 'waiting',
        title: 'Analysis requested',
        detail:
          'Your request is still waiting in the queue, longer than usual. It is picked up when the server’s background work runs again.',
        poll: false,
      }
    }
    return {
      tone: 'waiting',
      title: 'Analysis requested',
      detail: `Your request is in the queue and is picked up within ${aboutDuration(processing.recordedWithinSeconds)}.`,
      poll: true,
    }
  }
  switch (analysis.status) {
    case 'PENDING':
      if (analysis.progressStep === 'awaiting_export') {
        return {
          tone: 'waiting',
          title: 'Waiting for your LinkedIn export',
          detail:
            'LinkedIn profiles cannot be read by our server. Upload LinkedIn’s “Save to PDF” file or your LinkedIn data export on the Resume page, and the analysis goes on.',
          poll: false,
        }
      }
      return processing.processed
        ? {
            tone: 'waiting',
            title: 'Queued for analysis',
            detail: `Your resume is next in line.${estimate}`,
            poll: true,
          }
        : {
            tone: 'off',
            title: 'Analysis not available yet',
            detail:
              'Your resume is saved and queued, but this version of the app does not analyse resumes yet, so nothing will happen to it for now. It will be analysed once analysis is switched on.',
            poll: false,
          }
    case 'PROCESSING':
      return {
        tone: 'working',
        title: 'Analysing your resume…',
        detail: `This page updates when it is done.${estimate}`,
        poll: true,
      }
    case 'COMPLETED':
      return {
        tone: 'done',
        title:
          analysis.score === null
            ? 'Analysis ready'
            : `Analysis ready: ${analysis.score} out of 100`,
        detail: `Analysed on ${DATE_FORMAT.format(new Date(analysis.completedAt ?? analysis.createdAt))}.`,
        poll: false,
      }
    case 'FAILED':
      return {
        tone: 'failed',
        title: 'The analysis failed',
        detail: `${analysis.error ? `${analysis.error.replace(/\.\s*$/, '')}. ` : ''}Upload your resume again to try once more.`,
        poll: false,
      }
  }
}
