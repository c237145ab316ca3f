/**
 * The periodic task that rolls credit balances over to their new period soon after it starts
 * (midnight UTC), in batches, so that `GET credits` and swipes rarely have to do it themselves.
 * Every server process runs it; rows another process is refreshing are skipped, not waited for.
 */
import type { Database } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import { refreshDueBalances } from './credit-periods.ts'

export const CREDIT_PERIOD_REFRESH_INTERVAL_MS = 60_000

export function creditPeriodRefresh({ db, logger }: { db: Database; logger: Logger }): JobFeature {
  return {
    queues: [],
    tasks: [
      {
        name: 'credit-period-refresh',
        intervalMs: CREDIT_PERIOD_REFRESH_INTERVAL_MS,
        run: async () => {
          const refreshed = await refreshDueBalances(db, new Date())
          if (refreshed > 0) {
            logger.info({ refreshed }, 'credit balances rolled over to a new period')
          }
        },
      },
    ],
  }
}
