/**
 * The periodic task that pays qualified referrals (ADR 0029): the database marks a referral
 * `qualified_at` the moment the invitee has both a confirmed email and a completed onboarding
 * (triggers, whichever request caused it: /auth/v1 or /rest/v1); every few seconds each server
 * process settles what is due. Settling locks the row, so processes never pay one twice.
 */
import type { Database } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import { type ReferralSettings, rewardDueReferrals } from './referrals.service.ts'

export const REFERRAL_REWARDS_INTERVAL_MS = 2_000

export function referralRewards({
  db,
  logger,
  settings,
}: {
  db: Database
  logger: Logger
  settings: ReferralSettings
}): JobFeature {
  return {
    queues: [],
    tasks: [
      {
        name: 'referral-rewards',
        intervalMs: REFERRAL_REWARDS_INTERVAL_MS,
        run: async () => {
          const paid = await rewardDueReferrals({ db, now: () => new Date(), settings })
          if (paid > 0) {
            logger.info({ paid }, 'referral rewards granted')
          }
        },
      },
    ],
  }
}
