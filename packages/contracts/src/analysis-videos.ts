import { z } from 'zod'

/**
 * Analysis videos (issue 17, ADR 0027): a finished resume review presented as a 30–60 second
 * vertical video (1080×1920, H.264 + AAC, narrated), rendered in the background and stored in the
 * `resume-analysis` bucket with a poster image.
 *
 * The flow the app follows:
 * 1. `POST /api/resume-analysis/video/generate {resumeAnalysisId}` (spec section 7) → 202
 *    `AnalysisVideo`, status PENDING; 200 with the same video while one of that analysis is still
 *    queued or rendering; 409 `analysis_not_ready` when the analysis has not completed;
 * 2. poll `GET /api/resume-analysis/video/status/{id}` (spec section 7) every second or two
 *    while `status` is PENDING or RENDERING: `progress` (0–100) says how far it is;
 * 3. COMPLETED: `video.url` (the MP4) and `video.posterUrl`, signed for 24 hours (spec section
 *    7), `video.captionsUrl` (WebVTT), `video.durationSeconds`; FAILED: `error` says why.
 */

export const ANALYSIS_VIDEO_STATUSES = ['PENDING', 'RENDERING', 'COMPLETED', 'FAILED'] as const
export type AnalysisVideoStatus = (typeof ANALYSIS_VIDEO_STATUSES)[number]

export const GenerateAnalysisVideoBodySchema = z.object({
  resumeAnalysisId: z.uuid('Resume analysis not found'),
})
export type GenerateAnalysisVideoBody = z.infer<typeof GenerateAnalysisVideoBodySchema>

export const AnalysisVideoSchema = z.object({
  id: z.uuid(),
  resumeAnalysisId: z.uuid(),
  status: z.enum(ANALYSIS_VIDEO_STATUSES),
  /** 0–100 while rendering; 100 once done. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed, said for the seeker. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The rendered video, once COMPLETED. */
  video: z
    .object({
      url: z.string(),
      posterUrl: z.string(),
      /** The narration as WebVTT captions (a `<track kind="captions">`). */
      captionsUrl: z.string().nullable(),
      /** When the URLs stop working (24 hours after they were signed). */
      expiresAt: z.iso.datetime(),
      durationSeconds: z.number(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
})
export type AnalysisVideo = z.infer<typeof AnalysisVideoSchema>
