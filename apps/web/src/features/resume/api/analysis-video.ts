/**
 * The review's video (issue 17; wire shapes and flow in packages/contracts/src/analysis-videos.ts):
 * ask for one of a completed analysis, then read its status until it is COMPLETED or FAILED.
 */
import { type AnalysisVideo, AnalysisVideoSchema } from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

/** How often the card asks about a video being made (the contracts say every second or two). */
export const ANALYSIS_VIDEO_POLL_MS = 1_500

export const analysisVideoKeys = {
  status: (videoId: string) => ['resume', 'analysis-video', videoId] as const,
}

/** Whether the video is still being made, so the card should ask again. */
export function isVideoInProgress(video: Pick<AnalysisVideo, 'status'> | undefined): boolean {
  return video?.status === 'PENDING' || video?.status === 'RENDERING'
}

/** A new video of the analysis (202 PENDING), or the one of it still being made (200). */
export function generateAnalysisVideo(resumeAnalysisId: string): Promise<AnalysisVideo> {
  return apiRequest('resume-analysis/video/generate', {
    method: 'POST',
    body: { resumeAnalysisId },
    schema: AnalysisVideoSchema,
  })
}

/** One video's status: progress while it is made, then its signed URLs, or why it failed. */
export function analysisVideoQuery(videoId: string) {
  return queryOptions({
    queryKey: analysisVideoKeys.status(videoId),
    queryFn: ({ signal }) =>
      apiRequest(`resume-analysis/video/status/${encodeURIComponent(videoId)}`, {
        schema: AnalysisVideoSchema,
        signal,
      }),
  })
}
