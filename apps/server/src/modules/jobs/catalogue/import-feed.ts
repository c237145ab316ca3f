/**
 * Stores one parsed feed of one board: afterwards the catalogue has the feed's jobs live, and
 * none of the board's jobs the feed no longer lists.
 *
 * 1. Items past their own expiry date and repeats within the feed are skipped (dedupe.ts).
 * 2. Batches, one transaction each: a job whose twin (same dedupe key) from another source is
 *    live is skipped or replaces it, by source rank (dedupe.ts); the rest are upserted on
 *    (source, source_id), rows whose content hash is unchanged are left alone, expired rows
 *    that are back are revived; every job of the batch gets `last_seen_at` = this run.
 * 3. The board's live jobs not seen in this run, or past `expires_at`, get `expired_at`.
 *
 * Two imports of one board at once (the CLI beside the scheduled sync) do no harm: each stamps
 * the jobs it sees with its own run time, and a job either run saw survives the other's expiry
 * unless it left the feed.
 */
import type pg from 'pg'
import { type Database, withTransaction } from '../../../platform/db/pool.ts'
import { type Skipped, sourceRank, withoutFeedDuplicates } from './dedupe.ts'
import type { JobBoard } from '../../../platform/job-boards.ts'
import { contentHash, JOB_COLUMNS, rowsFromJson, toJobRow } from './job-rows.ts'
import type { NormalizedJob } from './normalized-job.ts'

export type ImportCounts = {
  added: number
  updated: number
  unchanged: number
  /** Jobs of the board gone from the feed or past their date, and copies replaced. */
  expired: number
  skipped: Skipped[]
}

export type ImportOptions = {
  /** The run's time: `last_seen_at` and `expired_at` of this import. */
  now?: Date
  batchSize?: number
  /** Called after each batch with the feed items handled so far. */
  onProgress?: (done: number, total: number) => void
}

const COLUMNS = [...JOB_COLUMNS, 'content_hash'] as const
const UPDATABLE = COLUMNS.filter((column) => column !== 'source' && column !== 'source_id')

export async function importFeed(
  db: Database,
  board: JobBoard,
  feed: { jobs: NormalizedJob[]; skipped: Skipped[] },
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const now = options.now ?? new Date()
  const batchSize = options.batchSize ?? 500
  const counts: ImportCounts = { added: 0, updated: 0, unchanged: 0, expired: 0, skipped: [] }
  counts.skipped.push(...feed.skipped)

  const current = feed.jobs.filter((job) => {
    if (job.expiresAt && job.expiresAt <= now) {
      counts.skipped.push({
        sourceId: job.sourceId,
        reason: `past its expiry date (${job.expiresAt.toISOString().slice(0, 10)})`,
      })
      return false
    }
    return true
  })
  const { unique, skipped } = withoutFeedDuplicates(current)
  counts.skipped.push(...skipped)

  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize)
    await withTransaction(db, (tx) => storeBatch(tx, board, batch, now, counts))
    options.onProgress?.(start + batch.length, unique.length)
  }
  counts.expired += await expireGone(db, board, now)
  return counts
}

type Twin = { id: string; source: string; source_id: string; dedupe_key: string }

async function storeBatch(
  tx: pg.PoolClient,
  board: JobBoard,
  batch: NormalizedJob[],
  now: Date,
  counts: ImportCounts,
): Promise<void> {
  const keys = batch.map((job) => job.dedupeKey).filter((key): key is string => key !== null)
  const twins = await tx.query<Twin>(
    `select id, source, source_id, dedupe_key from public.jobs
     where dedupe_key = any($1::text[]) and expired_at is null
       and not (source = $2 and source_board is not distinct from $3)`,
    [keys, board.source, board.board],
  )
  const twinsByKey = new Map<string, Twin[]>()
  for (const twin of twins.rows) {
    twinsByKey.set(twin.dedupe_key, [...(twinsByKey.get(twin.dedupe_key) ?? []), twin])
  }

  const rank = sourceRank(board.source)
  const toStore: NormalizedJob[] = []
  const replaced: string[] = []
  for (const job of batch) {
    const found = job.dedupeKey ? (twinsByKey.get(job.dedupeKey) ?? []) : []
    const winner = found.find((twin) => sourceRank(twin.source) <= rank)
    if (winner) {
      counts.skipped.push({
        sourceId: job.sourceId,
        reason: `same job as ${winner.source}:${winner.source_id}, stored already`,
      })
      continue
    }
    replaced.push(...found.map((twin) => twin.id))
    toStore.push(job)
  }
  if (toStore.length === 0) {
    return
  }

  const rows = toStore.map((job) => {
    const row = toJobRow(job)
    return { ...row, content_hash: contentHash(row) }
  })
  const stored = await tx.query<{ inserted: boolean }>(
    `insert into public.jobs (${COLUMNS.join(', ')})
     ${rowsFromJson('$1', COLUMNS)}
     on conflict (source, source_id) do update set
       ${UPDATABLE.map((column) => `${column} = excluded.${column}`).join(',\n       ')},
       expired_at = null
     where jobs.content_hash is distinct from excluded.content_hash
        or jobs.expired_at is not null
     returning (xmax = 0) as inserted`,
    [JSON.stringify(rows)],
  )
  const added = stored.rows.filter((row) => row.inserted).length
  counts.added += added
  counts.updated += stored.rows.length - added
  counts.unchanged += rows.length - stored.rows.length
  await tx.query(
    `update public.jobs set last_seen_at = $3
     where source = $1 and source_id = any($2::text[])`,
    [board.source, toStore.map((job) => job.sourceId), now],
  )
  if (replaced.length > 0) {
    const expired = await tx.query(
      'update public.jobs set expired_at = $2 where id = any($1::uuid[]) and expired_at is null',
      [replaced, now],
    )
    counts.expired += expired.rowCount ?? 0
  }
}

/** The board's live jobs this run did not see, or whose own expiry date has passed. */
async function expireGone(db: Database, board: JobBoard, now: Date): Promise<number> {
  const expired = await db.query(
    `update public.jobs set expired_at = $3
     where source = $1 and source_board = $2 and expired_at is null
       and (last_seen_at is null or last_seen_at < $3 or expires_at <= $3)`,
    [board.source, board.board, now],
  )
  return expired.rowCount ?? 0
}

/** Every live job whose own expiry date has passed, whatever its source (the periodic sweep). */
export async function expireOverdueJobs(db: Database, now = new Date()): Promise<number> {
  const expired = await db.query(
    `update public.jobs set expired_at = $1
     where expired_at is null and expires_at <= $1`,
    [now],
  )
  return expired.rowCount ?? 0
}
