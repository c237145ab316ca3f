/**
 * The daily job-alert digest: for each alert not yet mailed today (UTC), the live jobs added to
 * the catalogue since its last digest (or since it was saved) that match its filters and that
 * its owner has not swiped, queued as one `job_alert_digest` email through the outbox. Nothing
 * is sent on a day without new jobs; the alert is then looked at again on the next run.
 *
 * Every server process runs the task hourly. Each alert is handled in its own transaction that
 * locks it (others skip it), queues the email and moves `last_sent_at`; the email's dedupe key
 * (alert and day) keeps a second digest out even if two runs raced past the lock.
 */
import { JobFiltersSchema } from '@app/contracts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { NotifyUser, UserNotification } from '../../platform/notifications.ts'
import { enqueueEmail } from '../email/index.ts'
import type { JobAlertDigestJob } from '../email/index.ts'
import { findUserById } from '../auth/index.ts'
import { findNewJobs, formatAmount, type JobRow } from '../jobs/index.ts'
import { listDueAlertIds, lockDueAlert, markAlertSent } from './job-alerts.repository.ts'

export const JOB_ALERT_DIGEST_INTERVAL_MS = 60 * 60 * 1000
/** Jobs listed in one digest; the email says how many more there were. */
export const DIGEST_JOB_LIMIT = 10
/** Alerts looked at per run. */
const ALERTS_PER_RUN = 500

const startOfDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))

function digestJob(row: JobRow, appUrl: string): JobAlertDigestJob {
  const pay = row.salary_max_yearly ?? row.salary_min_yearly
  return {
    title: row.title,
    detail: [
      row.company_name,
      row.location,
      pay === null ? null : `up to ${formatAmount(pay, row.salary_currency)} a year`,
    ]
      .filter(Boolean)
      .join(' · '),
    link: `${appUrl}/jobs/${row.id}`,
  }
}

/**
 * Queues this alert's digest if it is still due and has new jobs; answers the push
 * notification to send once the transaction committed (null when nothing was queued).
 */
async function sendDigest(
  tx: Queryable,
  alertId: string,
  options: { appUrl: string; now: Date; logger: Logger },
): Promise<UserNotification | null> {
  const { now, appUrl } = options
  const alert = await lockDueAlert(tx, alertId, startOfDay(now))
  if (!alert) return null
  const email = (await findUserById(tx, alert.user_id))?.email
  if (!email) return null
  const filters = JobFiltersSchema.safeParse(alert.filters)
  if (!filters.success) {
    options.logger.warn({ alertId }, 'job alert with filters outside the vocabulary skipped')
    return null
  }
  const found = await findNewJobs(
    tx,
    { userId: alert.user_id, now },
    { filters: filters.data, q: alert.q ?? undefined, since: alert.since, limit: DIGEST_JOB_LIMIT },
  )
  if (!found.jobs.length) return null
  const day = startOfDay(now).toISOString().slice(0, 10)
  await enqueueEmail(tx, {
    userId: alert.user_id,
    to: email,
    template: 'job_alert_digest',
    data: {
      alertName: alert.name,
      jobs: found.jobs.map((row) => digestJob(row, appUrl)),
      totalNew: found.total,
      searchLink: `${appUrl}/jobs`,
    },
    dedupeKey: `job_alert_digest:${alert.id}:${day}`,
    queuedAt: now,
  })
  await markAlertSent(tx, alert.id, now)
  // The notification names the newest match and opens it; the email lists them all.
  const first = found.jobs[0]!
  return {
    userId: alert.user_id,
    kind: 'jobAlerts',
    title:
      found.total === 1
        ? `New job for “${alert.name}”`
        : `${found.total} new jobs for “${alert.name}”`,
    body: [first.title, first.company_name].filter(Boolean).join(' · '),
    url: `/jobs/${first.id}`,
    tag: `job-alert-${alert.id}`,
  }
}

/** One run over the alerts not mailed today; returns how many digests were queued. */
export async function sendJobAlertDigests(
  db: Database,
  options: { appUrl: string; now: Date; logger: Logger; notify?: NotifyUser },
): Promise<number> {
  const due = await listDueAlertIds(db, startOfDay(options.now), ALERTS_PER_RUN)
  let queued = 0
  for (const id of due) {
    const notification = await withTransaction(db, (tx) => sendDigest(tx, id, options))
    if (notification) {
      queued += 1
      await options.notify?.(notification)
    }
  }
  return queued
}

export function jobAlertDigests(options: {
  db: Database
  logger: Logger
  appUrl: string
  /** Also tells the user's devices (Web Push); the email is sent either way. */
  notify?: NotifyUser
}): JobFeature {
  const { db, logger, appUrl, notify } = options
  return {
    queues: [],
    tasks: [
      {
        name: 'job-alert-digests',
        intervalMs: JOB_ALERT_DIGEST_INTERVAL_MS,
        run: async () => {
          const queued = await sendJobAlertDigests(db, { appUrl, now: new Date(), logger, notify })
          if (queued > 0) logger.info({ queued }, 'job alert digests queued')
        },
      },
    ],
  }
}
