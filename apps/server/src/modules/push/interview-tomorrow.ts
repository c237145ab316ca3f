/**
 * "Interview tomorrow" (issue 19): once a day before each scheduled interview of an open
 * application, from 09:00 in the interview's own time zone, its owner's devices are told, and
 * the notification opens the application. The hourly task looks at interviews dated within a
 * day of today (UTC), so every time zone's "tomorrow" is among them; the delivery's dedupe key
 * (`interview_tomorrow:<event id>`) keeps it to one however many processes run the task.
 */
import { InterviewScheduledPayloadSchema } from '@app/contracts'
import type { JobFeature } from '../../platform/job-queue.ts'
import { listInterviewsOnDays } from '../applications/index.ts'
import { deleteOldDeliveries } from './push.repository.ts'
import { type PushDeps, sendPushNotification } from './push.service.ts'

export const INTERVIEW_TOMORROW_INTERVAL_MS = 60 * 60 * 1000
/** The local hour from which the day-before notification may go out. */
const FIRST_HOUR = 9
const DAY_MS = 24 * 3600 * 1000
/** Deliveries are kept this long (their occasions are past by then). */
const DELIVERY_RETENTION_MS = 60 * DAY_MS

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** The local date (YYYY-MM-DD) and hour at `now` in `timeZone`. */
function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '00'
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) }
}

const nextDay = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS))

/** One run: notifies the interviews that are tomorrow where they happen; returns how many. */
export async function sendInterviewTomorrowNotifications(deps: PushDeps): Promise<number> {
  const now = deps.now()
  const days = [-1, 0, 1, 2].map((offset) => isoDay(new Date(now.getTime() + offset * DAY_MS)))
  const interviews = await listInterviewsOnDays(deps.db, days)
  let sent = 0
  for (const interview of interviews) {
    const payload = InterviewScheduledPayloadSchema.safeParse(interview.payload)
    if (!payload.success) continue
    const local = localClock(now, payload.data.timeZone)
    if (nextDay(local.day) !== payload.data.date || local.hour < FIRST_HOUR) continue
    const role = interview.title ?? 'your interview'
    const outcome = await sendPushNotification(deps, {
      userId: interview.userId,
      kind: 'interviewTomorrow',
      title: 'Interview tomorrow',
      body: `${role}${interview.company ? ` at ${interview.company}` : ''}, ${payload.data.time}`,
      url: `/applications/${interview.jobApplicationId}`,
      tag: `interview-${interview.eventId}`,
      dedupeKey: `interview_tomorrow:${interview.eventId}:${payload.data.date}`,
    })
    if (outcome.sent > 0) sent += 1
  }
  await deleteOldDeliveries(deps.db, new Date(now.getTime() - DELIVERY_RETENTION_MS))
  return sent
}

export function interviewTomorrowNotifications(deps: PushDeps): JobFeature {
  return {
    queues: [],
    tasks: [
      {
        name: 'interview-tomorrow-notifications',
        intervalMs: INTERVIEW_TOMORROW_INTERVAL_MS,
        run: async () => {
          const sent = await sendInterviewTomorrowNotifications(deps)
          if (sent > 0) deps.logger.info({ sent }, 'interview-tomorrow notifications sent')
        },
      },
    ],
  }
}
