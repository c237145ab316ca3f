/**
 * The cover-letter columns of `public.job_applications` (migration 20261126003000): what the
 * cover-letters module's background job and routes read and write through this module, which
 * owns the table. Every write of the job names its request id, so only the current request
 * writes (a retried or superseded job changes nothing).
 */
import type { CoverLetterStatus, MatchReport } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

export type CoverLetterRow = {
  id: string
  user_id: string
  job_id: string | null
  additional_context: string | null
  cover_letter: string | null
  cover_letter_path: string | null
  cover_letter_status: CoverLetterStatus | null
  cover_letter_status_at: Date | null
  cover_letter_error: string | null
  cover_letter_source: 'offline' | 'llm' | null
  match_report: MatchReport | null
  cover_letter_regenerations: number
  cover_letter_regenerations_window_start: Date | null
  /** The job as it was when saved (`title`, `company`, `description`, `skills`, `applyUrl`, …). */
  job_snapshot: Record<string, unknown> | null
}

const COLUMNS = `id, user_id, job_id, additional_context, cover_letter, cover_letter_path,
  cover_letter_status, cover_letter_status_at, cover_letter_error, cover_letter_source,
  match_report, cover_letter_regenerations, cover_letter_regenerations_window_start, job_snapshot`

/** Marks a preparation as queued under a new request id (which supersedes any earlier one). */
export async function queueCoverLetterPreparation(
  tx: Queryable,
  request: { applicationId: string; userId: string; requestId: string; now: Date },
): Promise<boolean> {
  const result = await tx.query(
    `update public.job_applications
     set cover_letter_status = 'queued', cover_letter_status_at = $4,
         cover_letter_request_id = $3, cover_letter_error = null
     where id = $1 and user_id = $2`,
    [request.applicationId, request.userId, request.requestId, request.now],
  )
  return (result.rowCount ?? 0) > 0
}

/**
 * Moves the current, not yet ready request to `preparing`: the application as the job needs it,
 * or null when this request is done or superseded (nothing to do).
 */
export async function startCoverLetterPreparation(
  tx: Queryable,
  applicationId: string,
  requestId: string,
  now: Date,
): Promise<CoverLetterRow | null> {
  const result = await tx.query<CoverLetterRow>(
    `update public.job_applications
     set cover_letter_status = 'preparing', cover_letter_status_at = $3
     where id = $1 and cover_letter_request_id = $2 and cover_letter_status <> 'ready'
     returning ${COLUMNS}`,
    [applicationId, requestId, now],
  )
  return result.rows[0] ?? null
}

/** Stores the prepared letter and report, if this request is still the current one. */
export async function saveCoverLetter(
  tx: Queryable,
  letter: {
    applicationId: string
    requestId: string
    text: string
    pdfPath: string
    source: 'offline' | 'llm'
    note: string | null
    matchReport: MatchReport
    now: Date
  },
): Promise<boolean> {
  const result = await tx.query(
    `update public.job_applications
     set cover_letter = $3, cover_letter_path = $4, cover_letter_source = $5,
         cover_letter_error = $6, match_report = $7, cover_letter_status = 'ready',
         cover_letter_status_at = $8
     where id = $1 and cover_letter_request_id = $2 and cover_letter_status <> 'ready'`,
    [
      letter.applicationId,
      letter.requestId,
      letter.text,
      letter.pdfPath,
      letter.source,
      letter.note,
      JSON.stringify(letter.matchReport),
      letter.now,
    ],
  )
  return (result.rowCount ?? 0) > 0
}

/** Records why the current request failed (a retry may still make it ready). */
export async function failCoverLetterPreparation(
  tx: Queryable,
  applicationId: string,
  requestId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `update public.job_applications
     set cover_letter_status = 'failed', cover_letter_status_at = $4, cover_letter_error = $3
     where id = $1 and cover_letter_request_id = $2 and cover_letter_status <> 'ready'`,
    [applicationId, requestId, reason.slice(0, 500), now],
  )
}

/** The user's application with its cover-letter columns (null: not theirs, or no such one). */
export async function findCoverLetterRow(
  db: Queryable,
  userId: string,
  applicationId: string,
  options: { lock?: boolean } = {},
): Promise<CoverLetterRow | null> {
  const result = await db.query<CoverLetterRow>(
    `select ${COLUMNS} from public.job_applications
     where id = $1 and user_id = $2 ${options.lock ? 'for update' : ''}`,
    [applicationId, userId],
  )
  return result.rows[0] ?? null
}

/** Stores the PDF's path of a letter the user edited (the text is theirs, already saved). */
export async function saveCoverLetterPath(
  tx: Queryable,
  applicationId: string,
  pdfPath: string,
): Promise<void> {
  await tx.query(`update public.job_applications set cover_letter_path = $2 where id = $1`, [
    applicationId,
    pdfPath,
  ])
}

/**
 * Counts one free regeneration in the application's 24-hour window (a window starts with its
 * first regeneration). Returns null when counted, else the seconds until the window ends. The
 * caller holds the row lock (`findCoverLetterRow(…, {lock: true})`).
 */
export async function countCoverLetterRegeneration(
  tx: Queryable,
  row: CoverLetterRow,
  limit: number,
  now: Date,
): Promise<number | null> {
  const windowMs = 24 * 60 * 60 * 1000
  const start = row.cover_letter_regenerations_window_start
  const fresh = !start || now.getTime() - start.getTime() >= windowMs
  if (!fresh && row.cover_letter_regenerations >= limit) {
    return Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000))
  }
  await tx.query(
    `update public.job_applications
     set cover_letter_regenerations = $2, cover_letter_regenerations_window_start = $3
     where id = $1`,
    [row.id, fresh ? 1 : row.cover_letter_regenerations + 1, fresh ? now : start],
  )
  return null
}

/** Free regenerations left in the application's current window. */
export function regenerationsLeft(row: CoverLetterRow, limit: number, now: Date): number {
  const start = row.cover_letter_regenerations_window_start
  if (!start || now.getTime() - start.getTime() >= 24 * 60 * 60 * 1000) return limit
  return Math.max(0, limit - row.cover_letter_regenerations)
}
