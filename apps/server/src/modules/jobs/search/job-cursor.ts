/**
 * The `cursor` of `GET /api/jobs`: where the next page continues, as opaque base64url JSON.
 *
 * Results are ranked by match score within windows of the newest-first feed (ADR 0013). A
 * cursor says where the next window starts (strictly older than `before`; null: the newest
 * job) and, while a window is being read, where it ends (`reading.until`, inclusive; null: the
 * end of the results) and the last job already returned from it, by its place in the window's
 * ranking (`reading.after`: score, then listing key). Bounds and rank positions are values, not
 * counts, so jobs swiped between two requests (which leave the results) neither shift the next
 * page nor make it skip anything.
 */
import { z } from 'zod'
import { AppError } from '../../../platform/errors/app-error.ts'
import type { ListingKey } from './job-search.sql.ts'

export type RankPosition = { score: number; key: ListingKey }

export type JobCursor = {
  /**
   * Which stage of a widened search (ADR 0015) the page continues in: 0 the filters themselves,
   * then each widening step in turn. Absent from the text for 0.
   */
  stage: number
  before: ListingKey | null
  reading: { until: ListingKey | null; after: RankPosition } | null
}

/** Where a search starts. */
export const FIRST_PAGE: JobCursor = { stage: 0, before: null, reading: null }

const Key = z.tuple([z.iso.datetime({ offset: true }), z.uuid()])
const CursorJson = z.object({
  b: Key.nullable(),
  r: z.tuple([Key.nullable(), z.number().int().min(0).max(100), Key]).nullable(),
  s: z.number().int().min(1).max(20).optional(),
})

const toKey = ([listedAt, id]: z.infer<typeof Key>): ListingKey => ({ listedAt, id })
const fromKey = (key: ListingKey): [string, string] => [key.listedAt, key.id]

export function encodeCursor(cursor: JobCursor): string {
  const { stage, before, reading } = cursor
  const json = {
    ...(stage > 0 ? { s: stage } : {}),
    b: before && fromKey(before),
    r: reading && [
      reading.until && fromKey(reading.until),
      reading.after.score,
      fromKey(reading.after.key),
    ],
  }
  return Buffer.from(JSON.stringify(json)).toString('base64url')
}

/** 400 `validation_failed`: a cursor this server did not hand out (or for another search). */
export function invalidCursor(): AppError {
  return new AppError('validation_failed', 'The request is not valid', {
    details: [{ path: 'cursor', message: 'not a cursor from a previous page' }],
  })
}

/** The cursor, or 400 `validation_failed` for anything this server did not hand out. */
export function decodeCursor(text: string): JobCursor {
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    json = undefined
  }
  const parsed = CursorJson.safeParse(json)
  if (!parsed.success) throw invalidCursor()
  const { b, r, s } = parsed.data
  return {
    stage: s ?? 0,
    before: b && toKey(b),
    reading: r && { until: r[0] && toKey(r[0]), after: { score: r[1], key: toKey(r[2]) } },
  }
}

/** Newer first: the feed's order of listing keys (ISO timestamps of one format compare as text). */
export function compareKeys(a: ListingKey, b: ListingKey): number {
  if (a.listedAt !== b.listedAt) return a.listedAt < b.listedAt ? 1 : -1
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1
}

/** A window's ranking: higher score first, then newer. */
export function compareRank(a: RankPosition, b: RankPosition): number {
  return b.score - a.score || compareKeys(a.key, b.key)
}
