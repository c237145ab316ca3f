/** SQL over `public.resume_roasts`, which this module owns (issue 17, ADR 0027). */
import type { RoastContent } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type RoastRow = {
  id: string
  user_id: string
  resume_analysis_id: string
  content: RoastContent
  source: 'offline' | 'llm'
  published_at: Date | null
  video_id: string | null
  created_at: Date
  updated_at: Date
}

const COLUMNS = `id, user_id, resume_analysis_id, content, source, published_at, video_id,
  created_at, updated_at`

export async function insertRoast(
  tx: Queryable,
  roast: {
    id: string
    userId: string
    resumeAnalysisId: string
    content: RoastContent
    source: 'offline' | 'llm'
  },
): Promise<RoastRow> {
  const result = await tx.query<RoastRow>(
    `insert into public.resume_roasts (id, user_id, resume_analysis_id, content, source)
     values ($1, $2, $3, $4, $5)
     returning ${COLUMNS}`,
    [roast.id, roast.userId, roast.resumeAnalysisId, roast.content, roast.source],
  )
  return result.rows[0]!
}

/** The user's roasts, newest first. */
export async function listUserRoasts(db: Queryable, userId: string): Promise<RoastRow[]> {
  const result = await db.query<RoastRow>(
    `select ${COLUMNS} from public.resume_roasts where user_id = $1
     order by created_at desc, id desc`,
    [userId],
  )
  return result.rows
}

/** The user's roast with this id, locked for the caller's transaction, or null. */
export async function lockUserRoast(
  tx: Queryable,
  userId: string,
  roastId: string,
): Promise<RoastRow | null> {
  const result = await tx.query<RoastRow>(
    `select ${COLUMNS} from public.resume_roasts where id = $1 and user_id = $2 for update`,
    [roastId, userId],
  )
  return result.rows[0] ?? null
}

export async function updateRoast(
  tx: Queryable,
  roastId: string,
  change: { publishedAt: Date | null; videoId: string | null },
): Promise<RoastRow> {
  const result = await tx.query<RoastRow>(
    `update public.resume_roasts set published_at = $2, video_id = $3 where id = $1
     returning ${COLUMNS}`,
    [roastId, change.publishedAt, change.videoId],
  )
  return result.rows[0]!
}

/** Deletes the user's roast; whether there was one. */
export async function deleteUserRoast(
  db: Queryable,
  userId: string,
  roastId: string,
): Promise<boolean> {
  const result = await db.query('delete from public.resume_roasts where id = $1 and user_id = $2', [
    roastId,
    userId,
  ])
  return (result.rowCount ?? 0) > 0
}

/** A published roast by id alone (the public page), or null. */
export async function findPublishedRoast(db: Queryable, roastId: string): Promise<RoastRow | null> {
  const result = await db.query<RoastRow>(
    `select ${COLUMNS} from public.resume_roasts where id = $1 and published_at is not null`,
    [roastId],
  )
  return result.rows[0] ?? null
}

/** The published roast that shares this video (the newest, if several), or null. */
export async function findPublishedRoastOfVideo(
  db: Queryable,
  videoId: string,
): Promise<RoastRow | null> {
  const result = await db.query<RoastRow>(
    `select ${COLUMNS} from public.resume_roasts
     where video_id = $1 and published_at is not null
     order by published_at desc limit 1`,
    [videoId],
  )
  return result.rows[0] ?? null
}
