/**
 * Follow-up reminders (issue 14): when an APPLIED application has had no event for N days (the
 * user's setting, default 7, 1-60, or off), its owner gets one email through the outbox, naming
 * the job and linking to the application page. The email is the reminder: nothing is recorded
 * on the application, so the timeline shows only what happened with the employer and the
 * "quiet since" time stays the last real event.
 *
 * Quiet time is cut into periods of N days from the last event (or from when the application
 * was added, which keeps an import of old applications from sending a burst at once); the
 * application keeps the period last reminded (`follow_up_reminded_for`), so a run looks only at
 * reminders still to send, and the email's dedupe key
 * `follow_up_reminder:<applicationId>:<period start>` keeps it one per period however many
 * processes race. Any event (a note too) starts a new quiet time; a status
 * other than APPLIED stops reminders.
 */
import type { ReminderSettings } from '@app/contracts'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { JobFeature } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import type { NotifyUser } from '../../platform/notifications.ts'
import { findUserById } from '../auth/index.ts'
import { enqueueEmail } from '../email/index.ts'
import {
  findFollowUpAfterDays,
  listDueReminders,
  markReminded,
  saveFollowUpAfterDays,
} from './reminders.repository.ts'

export const FOLLOW_UP_REMINDER_INTERVAL_MS = 60 * 60 * 1000
/** Reminders looked at per run (the next run takes the rest). */
const REMINDERS_PER_RUN = 1000

export async function readReminderSettings(
  db: Queryable,
  userId: string,
): Promise<ReminderSettings> {
  return { followUpAfterDays: await findFollowUpAfterDays(db, userId) }
}

export async function updateReminderSettings(
  db: Queryable,
  userId: string,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  return { followUpAfterDays: await saveFollowUpAfterDays(db, userId, settings.followUpAfterDays) }
}

/** One run: queues the reminders due at `now`; returns how many were queued. */
export async function sendFollowUpReminders(
  db: Database,
  options: { appUrl: string; now: Date; limit?: number; notify?: NotifyUser },
): Promise<number> {
  const due = await listDueReminders(db, options.now, options.limit ?? REMINDERS_PER_RUN)
  let queued = 0
  for (const reminder of due) {
    const email = (await findUserById(db, reminder.userId))?.email
    if (!email) continue
    // The email and the mark commit together: a run never looks at this period again.
    const sent = await withTransaction(db, async (tx) => {
      const queuedEmail = await enqueueEmail(tx, {
        userId: reminder.userId,
        to: email,
        template: 'follow_up_reminder',
        data: {
          jobTitle: reminder.jobTitle ?? 'your application',
          company: reminder.company,
          daysQuiet: reminder.daysQuiet,
          link: `${options.appUrl}/applications/${reminder.applicationId}`,
        },
        dedupeKey: `follow_up_reminder:${reminder.applicationId}:${reminder.periodStart}`,
        queuedAt: options.now,
      })
      await markReminded(tx, reminder.applicationId, reminder.periodStart)
      return queuedEmail
    })
    if (sent) {
      queued += 1
      // The same news on the user's devices (Web Push), once the email is queued.
      await options.notify?.({
        userId: reminder.userId,
        kind: 'followUpReminders',
        title: 'Time to follow up',
        body: `${reminder.jobTitle ?? 'Your application'}${reminder.company ? ` at ${reminder.company}` : ''}: no news for ${reminder.daysQuiet} days`,
        url: `/applications/${reminder.applicationId}`,
        tag: `follow-up-${reminder.applicationId}`,
      })
    }
  }
  return queued
}

/** The hourly task (every server process runs it; the dedupe key keeps one email). */
export function followUpReminders(options: {
  db: Database
  logger: Logger
  appUrl: string
  now: () => Date
  /** Also tells the user's devices (Web Push); the email is sent either way. */
  notify?: NotifyUser
}): JobFeature {
  const { db, logger, appUrl, notify } = options
  return {
    queues: [],
    tasks: [
      {
        name: 'follow-up-reminders',
        intervalMs: FOLLOW_UP_REMINDER_INTERVAL_MS,
        run: async () => {
          const queued = await sendFollowUpReminders(db, { appUrl, now: options.now(), notify })
          if (queued > 0) logger.info({ queued }, 'follow-up reminders queued')
        },
      },
    ],
  }
}
