/**
 * Resume roasts (issue 17, ADR 0027): made from one of the seeker's finished analyses, private
 * until published, public by id once published (and the shared video with it).
 */
import { randomUUID } from 'node:crypto'
import {
  PARODY_NOTICE,
  type PublicRoast,
  type PublicRoastVideo,
  ResumeReviewSchema,
  type Roast,
  type UpdateRoastBody,
} from '@app/contracts'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { TextGenerator } from '../cover-letters/index.ts'
import {
  findCompletedVideo,
  findUserAnalysis,
  findUserVideo,
  toAnalysisVideoJson,
} from '../resume-analysis/index.ts'
import type { ObjectUrlSigner } from '../storage/index.ts'
import { writeRoast } from './roast-writer.ts'
import {
  deleteUserRoast,
  findPublishedRoast,
  findPublishedRoastOfVideo,
  insertRoast,
  listUserRoasts,
  lockUserRoast,
  type RoastRow,
  updateRoast,
} from './roasts.repository.ts'

export type RoastsDeps = {
  db: Database
  now: Clock
  /** The LLM that rewrites the lines, or null: the offline composer's lines. */
  textGenerator: TextGenerator | null
}

export const roastPagePath = (roastId: string) => `/roasted-by-trump/analysis/${roastId}`

const isUuid = (value: string) => z.uuid().safeParse(value).success

function notFound(): AppError {
  return new AppError('roast_not_found', 'Roast not found')
}

export function toRoastJson(row: RoastRow): Roast {
  return {
    id: row.id,
    resumeAnalysisId: row.resume_analysis_id,
    content: row.content,
    published: row.published_at !== null,
    publishedAt: row.published_at?.toISOString() ?? null,
    videoId: row.video_id,
    createdAt: row.created_at.toISOString(),
    pagePath: roastPagePath(row.id),
  }
}

/** Roasts one of the user's finished analyses: 404 when it is not theirs, 409 unfinished. */
export async function createRoast(
  deps: RoastsDeps,
  userId: string,
  resumeAnalysisId: string,
): Promise<RoastRow> {
  const analysis = await findUserAnalysis(deps.db, userId, resumeAnalysisId)
  if (!analysis) {
    throw new AppError('resume_analysis_not_found', 'Resume analysis not found')
  }
  const review = ResumeReviewSchema.safeParse(analysis.result)
  if (analysis.status !== 'COMPLETED' || !review.success) {
    throw new AppError(
      'analysis_not_ready',
      'This analysis has not finished: a roast needs a finished review',
    )
  }
  const id = randomUUID()
  // The LLM (when configured) is asked outside any transaction; the offline lines stand in.
  const written = await writeRoast(deps.textGenerator, { review: review.data }, id)
  // The analysis may be deleted meanwhile: the foreign key then refuses the row.
  try {
    return await insertRoast(deps.db, {
      id,
      userId,
      resumeAnalysisId,
      content: written.content,
      source: written.source,
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23503') {
      throw new AppError('resume_analysis_not_found', 'Resume analysis not found')
    }
    throw error
  }
}

export function listRoasts(db: Database, userId: string): Promise<RoastRow[]> {
  return listUserRoasts(db, userId)
}

/** Publishes, unpublishes, attaches or detaches a video, in one transaction. */
export async function changeRoast(
  deps: Pick<RoastsDeps, 'db' | 'now'>,
  userId: string,
  roastId: string,
  body: UpdateRoastBody,
): Promise<RoastRow> {
  if (!isUuid(roastId)) {
    throw notFound()
  }
  return withTransaction(deps.db, async (tx) => {
    const row = await lockUserRoast(tx, userId, roastId)
    if (!row) {
      throw notFound()
    }
    let videoId = row.video_id
    if (body.videoId !== undefined) {
      if (body.videoId !== null) {
        const video = await findUserVideo(tx, userId, body.videoId)
        if (
          !video ||
          video.status !== 'COMPLETED' ||
          video.resume_analysis_id !== row.resume_analysis_id
        ) {
          throw new AppError(
            'analysis_video_not_found',
            'No finished video of this roast’s analysis has this id',
          )
        }
      }
      videoId = body.videoId
    }
    let publishedAt = row.published_at
    if (body.published !== undefined) {
      publishedAt = body.published ? (row.published_at ?? deps.now()) : null
    }
    return updateRoast(tx, roastId, { publishedAt, videoId })
  })
}

export async function removeRoast(db: Database, userId: string, roastId: string): Promise<void> {
  if (!isUuid(roastId) || !(await deleteUserRoast(db, userId, roastId))) {
    throw notFound()
  }
}

/** A published roast by id, or null (unknown, deleted or private: the same answer). */
export async function findPublicRoast(db: Database, roastId: string): Promise<RoastRow | null> {
  return isUuid(roastId) ? findPublishedRoast(db, roastId) : null
}

export async function readPublicRoast(db: Database, roastId: string): Promise<PublicRoast> {
  const row = await findPublicRoast(db, roastId)
  if (!row) {
    throw notFound()
  }
  return {
    id: row.id,
    content: row.content,
    publishedAt: row.published_at!.toISOString(),
    videoId: row.video_id,
    notice: PARODY_NOTICE,
  }
}

/** The published roast that shares this finished video, or null. */
export async function findPublicRoastOfVideo(
  db: Database,
  videoId: string,
): Promise<RoastRow | null> {
  const roast = isUuid(videoId) ? await findPublishedRoastOfVideo(db, videoId) : null
  const video = roast ? await findCompletedVideo(db, videoId) : null
  return video?.video_path && video.poster_path ? roast : null
}

/**
 * A video shared by a published roast, with the video module's day-long signed links; else 404
 * `roast_not_found`.
 */
export async function readPublicRoastVideo(
  deps: { db: Database; now: Clock; signer: ObjectUrlSigner },
  videoId: string,
): Promise<PublicRoastVideo> {
  const roast = isUuid(videoId) ? await findPublishedRoastOfVideo(deps.db, videoId) : null
  const row = roast ? await findCompletedVideo(deps.db, videoId) : null
  const video = row ? (await toAnalysisVideoJson(deps, row)).video : null
  if (!roast || !row || !video) {
    throw notFound()
  }
  return {
    id: row.id,
    roastId: roast.id,
    headline: roast.content.headline,
    url: video.url,
    posterUrl: video.posterUrl,
    durationSeconds: video.durationSeconds,
    notice: PARODY_NOTICE,
  }
}
