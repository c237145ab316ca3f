/**
 * Analysis videos (issue 17, ADR 0027): `POST /api/resume-analysis/video/generate` records a
 * PENDING `analysis_videos` row and queues an `analysis-video` job in one transaction (a second
 * request while one is queued or rendering answers that one); the worker renders the review as
 * a narrated vertical MP4 (analysis-video module), stores it and its poster in the owner's folder
 * of the `resume-analysis` bucket (`{userId}/videos/{videoId}.mp4`, `.jpg` and its captions,
 * `.vtt`), and moves the row
 * PENDING → RENDERING (with progress) → COMPLETED, or FAILED with the reason.
 */
import type { AnalysisVideo, ResumeReview } from '@app/contracts'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { NotifyUser } from '../../platform/notifications.ts'
import type { SendJob } from '../../platform/product-api.ts'
import { renderReviewVideo, reviewVideoInput } from '../analysis-video/index.ts'
import { findProfileById, overlayCorrections } from '../professional-profiles/index.ts'
import { type ByteStore, type ObjectUrlSigner, storeFileAsServer } from '../storage/index.ts'
import type { Voice } from '../voice/index.ts'
import {
  claimVideo,
  completeVideo,
  failVideo,
  findUserVideo,
  insertOrFindActiveVideo,
  setVideoProgress,
  type VideoRow,
} from './analysis-videos.repository.ts'
import { requirePlanFeature } from '../credits/index.ts'
import { findUserAnalysis } from './resume-analyses.repository.ts'

export const ANALYSIS_VIDEO_QUEUE = 'analysis-video'
const RESUME_ANALYSIS_BUCKET = 'resume-analysis'
/** Spec section 7: signed file URLs are valid for 86,400 seconds. */
const URL_SECONDS = 86_400
export const VIDEO_SIZE = { width: 1080, height: 1920 } as const

const VideoJobData = z.object({ videoId: z.uuid() })

export async function requestAnalysisVideo(
  deps: { db: Database; sendJob: SendJob },
  userId: string,
  resumeAnalysisId: string,
): Promise<{ row: VideoRow; created: boolean }> {
  return withTransaction(deps.db, async (tx) => {
    const analysis = await findUserAnalysis(tx, userId, resumeAnalysisId)
    if (!analysis) {
      throw new AppError('resume_analysis_not_found', 'Resume analysis not found')
    }
    if (analysis.status !== 'COMPLETED' || !analysis.result) {
      throw new AppError(
        'analysis_not_ready',
        'This analysis has not finished: a video presents a finished review',
      )
    }
    // Videos come with a paid plan (ADR 0028): 402 `plan_required` on the free plan.
    await requirePlanFeature(tx, userId, 'analysisVideos')
    const found = await insertOrFindActiveVideo(tx, { userId, resumeAnalysisId })
    if (found.created) {
      await deps.sendJob(tx, ANALYSIS_VIDEO_QUEUE, { videoId: found.row.id })
    }
    return found
  })
}

export async function readAnalysisVideo(
  deps: { db: Database; now: Clock; signer: ObjectUrlSigner },
  userId: string,
  videoId: string,
): Promise<AnalysisVideo> {
  const row = z.uuid().safeParse(videoId).success
    ? await findUserVideo(deps.db, userId, videoId)
    : null
  if (!row) {
    throw new AppError('analysis_video_not_found', 'Analysis video not found')
  }
  return toAnalysisVideoJson(deps, row)
}

export async function toAnalysisVideoJson(
  deps: { now: Clock; signer: ObjectUrlSigner },
  row: VideoRow,
): Promise<AnalysisVideo> {
  const ready = row.status === 'COMPLETED' && row.video_path && row.poster_path
  return {
    id: row.id,
    resumeAnalysisId: row.resume_analysis_id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    video: ready
      ? {
          url: await deps.signer.signDownloadUrl(
            RESUME_ANALYSIS_BUCKET,
            row.video_path!,
            URL_SECONDS,
          ),
          posterUrl: await deps.signer.signDownloadUrl(
            RESUME_ANALYSIS_BUCKET,
            row.poster_path!,
            URL_SECONDS,
          ),
          captionsUrl: row.captions_path
            ? await deps.signer.signDownloadUrl(
                RESUME_ANALYSIS_BUCKET,
                row.captions_path,
                URL_SECONDS,
              )
            : null,
          expiresAt: new Date(deps.now().getTime() + URL_SECONDS * 1000).toISOString(),
          durationSeconds: row.duration_seconds ?? 0,
          ...VIDEO_SIZE,
        }
      : null,
  }
}

export type AnalysisVideoWorkerDeps = {
  db: Database
  logger: Logger
  byteStore: ByteStore
  voice: Voice
  now: Clock
  /** Tells the owner's devices the video is ready (Web Push; the wiring's, ADR 0032). */
  notify?: NotifyUser
}

const FAILED = 'The video could not be made on our side. Try again; your review is kept.'

export async function renderAnalysisVideo(
  deps: AnalysisVideoWorkerDeps,
  videoId: string,
  options: { lastAttempt: boolean },
): Promise<void> {
  const video = await claimVideo(deps.db, videoId)
  if (!video) return // done by an earlier attempt
  const analysis = await findUserAnalysis(deps.db, video.user_id, video.resume_analysis_id)
  if (!analysis?.result) {
    await failVideo(deps.db, videoId, 'The analysis of this video was deleted.')
    return
  }
  const profile = analysis.professional_profile_id
    ? await findProfileById(deps.db, analysis.professional_profile_id)
    : null
  const basics = profile
    ? (overlayCorrections(profile.parsed_data, profile.corrected_data).basics as
        { name?: string; label?: string } | undefined)
    : null
  let lastReported = 0
  try {
    const rendered = await renderReviewVideo(
      reviewVideoInput(analysis.result as ResumeReview, {
        name: basics?.name ?? null,
        label: basics?.label ?? null,
      }),
      {
        voice: deps.voice,
        onProgress: (percent: number) => {
          if (percent - lastReported >= 5) {
            lastReported = percent
            void setVideoProgress(deps.db, videoId, percent)
          }
        },
      },
    )
    const folder = `${video.user_id}/videos/${video.id}`
    await withTransaction(deps.db, async (tx) => {
      const now = deps.now()
      await storeFileAsServer(tx, deps.byteStore, {
        bucket: RESUME_ANALYSIS_BUCKET,
        name: `${folder}.mp4`,
        owner: video.user_id,
        bytes: rendered.mp4,
        mimeType: 'video/mp4',
        now,
        upsert: true,
      })
      await storeFileAsServer(tx, deps.byteStore, {
        bucket: RESUME_ANALYSIS_BUCKET,
        name: `${folder}.jpg`,
        owner: video.user_id,
        bytes: rendered.poster,
        mimeType: rendered.posterType,
        now,
        upsert: true,
      })
      await storeFileAsServer(tx, deps.byteStore, {
        bucket: RESUME_ANALYSIS_BUCKET,
        name: `${folder}.vtt`,
        owner: video.user_id,
        bytes: new TextEncoder().encode(rendered.captions),
        mimeType: 'text/vtt',
        now,
        upsert: true,
      })
      await completeVideo(tx, video.id, {
        videoPath: `${folder}.mp4`,
        posterPath: `${folder}.jpg`,
        captionsPath: `${folder}.vtt`,
        durationSeconds: rendered.durationSeconds,
        now,
      })
    })
    await deps.notify?.({
      userId: video.user_id,
      kind: 'analysisVideoReady',
      title: 'Your analysis video is ready',
      body: 'Watch your resume review, narrated.',
      url: '/resume',
      tag: `analysis-video-${video.id}`,
    })
  } catch (error) {
    deps.logger.error({ err: error, videoId }, 'analysis video failed')
    if (!options.lastAttempt) throw error
    await failVideo(deps.db, videoId, FAILED)
  }
}

export function analysisVideos(deps: AnalysisVideoWorkerDeps): JobFeature {
  return {
    queues: [
      {
        name: ANALYSIS_VIDEO_QUEUE,
        policy: { retryLimit: 1, retryDelay: 5, expireInSeconds: 300 },
        work: async (job: PgBoss.JobWithMetadata<unknown>) =>
          renderAnalysisVideo(deps, VideoJobData.parse(job.data).videoId, {
            lastAttempt: job.retryCount >= job.retryLimit,
          }),
      },
    ],
    tasks: [],
  }
}
