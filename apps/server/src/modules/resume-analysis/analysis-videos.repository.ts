/** SQL over `public.analysis_videos`, which this module owns (issue 17, ADR 0027). */
import type { AnalysisVideoStatus } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type VideoRow = {
  id: string
  resume_analysis_id: string
  user_id: string
  status: AnalysisVideoStatus
  progress: number
  video_path: string | null
  poster_path: string | null
  captions_path: string | null
  duration_seconds: number | null
  error: string | null
  created_at: Date
  completed_at: Date | null
}

const COLUMNS = `id, resume_analysis_id, user_id, status, progress, video_path, poster_path,
  captions_path, duration_seconds, error, created_at, completed_at`

/**
 * Records a PENDING video of the analysis, or finds the one already queued or rendering (the
 * partial unique index allows one): `created` says which.
 */
export async function insertOrFindActiveVideo(
  tx: Queryable,
  video: { userId: string; resumeAnalysisId: string },
): Promise<{ row: VideoRow; created: boolean }> {
  const inserted = await tx.query<VideoRow>(
    `insert into public.analysis_videos (user_id, resume_analysis_id)
     values ($1, $2)
     on conflict (resume_analysis_id) where status in ('PENDING', 'RENDERING') do nothing
     returning ${COLUMNS}`,
    [video.userId, video.resumeAnalysisId],
  )
  if (inserted.rows[0]) {
    return { row: inserted.rows[0], created: true }
  }
  const active = await tx.query<VideoRow>(
    `select ${COLUMNS} from public.analysis_videos
     where resume_analysis_id = $1 and status in ('PENDING', 'RENDERING')`,
    [video.resumeAnalysisId],
  )
  return { row: active.rows[0]!, created: false }
}

/** The user's own video with this id, or null. */
export async function findUserVideo(
  db: Queryable,
  userId: string,
  videoId: string,
): Promise<VideoRow | null> {
  const result = await db.query<VideoRow>(
    `select ${COLUMNS} from public.analysis_videos where id = $1 and user_id = $2`,
    [videoId, userId],
  )
  return result.rows[0] ?? null
}

/** A finished video by id alone (a published roast shares it), or null. */
export async function findCompletedVideo(db: Queryable, videoId: string): Promise<VideoRow | null> {
  const result = await db.query<VideoRow>(
    `select ${COLUMNS} from public.analysis_videos where id = $1 and status = 'COMPLETED'`,
    [videoId],
  )
  return result.rows[0] ?? null
}

/** Moves a queued video to RENDERING; null when it is not queued any more (done, or gone). */
export async function claimVideo(db: Queryable, videoId: string): Promise<VideoRow | null> {
  const result = await db.query<VideoRow>(
    `update public.analysis_videos set status = 'RENDERING', progress = 0, error = null
     where id = $1 and status in ('PENDING', 'RENDERING')
     returning ${COLUMNS}`,
    [videoId],
  )
  return result.rows[0] ?? null
}

export async function setVideoProgress(
  db: Queryable,
  videoId: string,
  progress: number,
): Promise<void> {
  await db.query(
    `update public.analysis_videos set progress = $2 where id = $1 and status = 'RENDERING'`,
    [videoId, Math.max(0, Math.min(99, Math.round(progress)))],
  )
}

export async function completeVideo(
  tx: Queryable,
  videoId: string,
  done: {
    videoPath: string
    posterPath: string
    captionsPath: string
    durationSeconds: number
    now: Date
  },
): Promise<void> {
  await tx.query(
    `update public.analysis_videos
     set status = 'COMPLETED', progress = 100, video_path = $2, poster_path = $3,
         captions_path = $4, duration_seconds = $5, completed_at = $6, error = null
     where id = $1`,
    [videoId, done.videoPath, done.posterPath, done.captionsPath, done.durationSeconds, done.now],
  )
}

export async function failVideo(db: Queryable, videoId: string, error: string): Promise<void> {
  await db.query(
    `update public.analysis_videos set status = 'FAILED', error = $2
     where id = $1 and status in ('PENDING', 'RENDERING')`,
    [videoId, error.slice(0, 500)],
  )
}
