/**
 * Importing a board end to end (fetch → parse → store), and the catalogue's upkeep through the
 * job queue:
 *
 *   `job-board-sync-schedule` task          `job-board-sync` queue (pg-boss)
 *   every server process, every 6 h  ──▶    one job per board (JOB_BOARDS)  ──▶  syncBoard
 *
 *   `job-expiry-sweep` task, every 15 min: live jobs past their own `expires_at` expire, for
 *   boards never re-synced (a one-off CLI import) as much as for the configured ones.
 *
 * Each sync job is sent with the board as its singleton key and the interval as its singleton
 * period, so however many processes run the task, and however often they restart, a board is
 * synced once per period; the queue's "stately" policy never runs one board twice at once. A
 * failed sync (host down, feed malformed) is retried with back-off and leaves the board's
 * jobs as they were: jobs only expire after a feed was read in full.
 */
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { Database } from '../../../platform/db/pool.ts'
import type { JobFeature } from '../../../platform/job-queue.ts'
import type { Logger } from '../../../platform/logger.ts'
import { fetchFeed, type FetchOptions } from './fetch-feed.ts'
import {
  expireOverdueJobs,
  type ImportCounts,
  type ImportOptions,
  importFeed,
} from './import-feed.ts'
import { type JobBoard, SOURCE_NAMES } from '../../../platform/job-boards.ts'
import { FEED_SOURCES } from './sources/index.ts'

export const JOB_BOARD_SYNC_QUEUE = 'job-board-sync'
export const DEFAULT_SYNC_INTERVAL_MS = 6 * 60 * 60 * 1000
const EXPIRY_SWEEP_INTERVAL_MS = 15 * 60 * 1000
/** pg-boss throttles at most over its archive interval (12 hours by default). */
const PG_BOSS_MAX_THROTTLE_SECONDS = 12 * 60 * 60

/** Parses `body` as the board's feed and stores it. */
export async function importFeedBody(
  db: Database,
  board: JobBoard,
  body: string,
  options: ImportOptions & { companyName?: string | null } = {},
): Promise<ImportCounts> {
  const feed = FEED_SOURCES[board.source].parse(body, {
    board: board.board,
    companyName: options.companyName,
  })
  return importFeed(db, board, feed, options)
}

/** Fetches the board's feed and stores it. */
export async function syncBoard(
  db: Database,
  board: JobBoard,
  options: ImportOptions & { fetch?: FetchOptions; companyName?: string | null } = {},
): Promise<ImportCounts> {
  const fetched = await fetchFeed(board, options.fetch)
  return importFeedBody(db, board, fetched.body, {
    ...options,
    companyName: options.companyName ?? fetched.companyName,
  })
}

const SyncJobData = z.object({ source: z.enum(SOURCE_NAMES), board: z.string().min(1) })

export function jobBoardSync(options: {
  db: Database
  logger: Logger
  boards: JobBoard[]
  intervalMs?: number
  fetch?: FetchOptions
}): JobFeature {
  const { db, logger, boards } = options
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS

  async function sync(job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const board = SyncJobData.parse(job.data)
    const counts = await syncBoard(db, board, { fetch: options.fetch })
    logger.info({ ...board, ...counts, skipped: counts.skipped.length }, 'job board synced')
  }

  async function schedule(boss: PgBoss): Promise<void> {
    for (const board of boards) {
      await boss.send(JOB_BOARD_SYNC_QUEUE, board, {
        singletonKey: `${board.source}:${board.board}`,
        singletonSeconds: Math.min(
          Math.max(1, Math.floor(intervalMs / 1000)),
          PG_BOSS_MAX_THROTTLE_SECONDS,
        ),
      })
    }
  }

  return {
    queues: [
      {
        name: JOB_BOARD_SYNC_QUEUE,
        policy: {
          policy: 'stately',
          retryLimit: 3,
          retryDelay: 300,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
        },
        work: sync,
        concurrency: 2,
      },
    ],
    tasks: [
      ...(boards.length ? [{ name: 'job-board-sync-schedule', intervalMs, run: schedule }] : []),
      {
        name: 'job-expiry-sweep',
        intervalMs: EXPIRY_SWEEP_INTERVAL_MS,
        run: async () => {
          const expired = await expireOverdueJobs(db)
          if (expired > 0) {
            logger.info({ expired }, 'jobs past their expiry date expired')
          }
        },
      },
    ],
  }
}
