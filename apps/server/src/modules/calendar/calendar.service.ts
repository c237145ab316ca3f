/**
 * The interview calendar (README "Interview calendar"): an `.ics` per scheduled interview, and
 * each user's private feed. A feed token is 32 random bytes (256 bits) in base64url; only its
 * SHA-256 digest is stored, so the feed URL is shown once, when created or rotated.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { CalendarFeedResponse, CalendarInterview } from '@app/contracts'
import {
  findScheduledInterview,
  listScheduledInterviews,
  type ScheduledInterview,
} from '../applications/index.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import {
  deleteFeed,
  findFeed,
  findUserByTokenHash,
  insertFeed,
  replaceFeed,
} from './calendar.repository.ts'
import { interviewDetails, renderCalendar } from './ics.ts'

export type CalendarSettings = {
  /** The web app's address (links to the application), without a trailing slash. */
  appUrl: string
  /** Where this server answers `/calendar/<token>.ics`, without a trailing slash. */
  feedBaseUrl: string
}

export type CalendarDeps = { db: Database; now: Clock; calendar: CalendarSettings }

/** How far back the feed and the list reach: interviews of the last 30 days stay visible. */
export const RECENT_DAYS = 30
/** How long calendar apps (and proxies of the user's own) may keep the feed. */
export const FEED_MAX_AGE_SECONDS = 900

/** A feed token: 256 random bits, base64url (43 characters). */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const feedUrl = (settings: CalendarSettings, token: string) =>
  `${settings.feedBaseUrl}/calendar/${token}.ics`

export async function getFeed(deps: CalendarDeps, userId: string): Promise<CalendarFeedResponse> {
  const row = await findFeed(deps.db, userId)
  return { active: row !== null, url: null, createdAt: row?.createdAt ?? null }
}

/** A first feed (`created` true, with its URL), or the existing one's state (URL null). */
export async function createFeed(
  deps: CalendarDeps,
  userId: string,
): Promise<{ created: boolean; feed: CalendarFeedResponse }> {
  const token = randomBytes(32).toString('base64url')
  const row = await insertFeed(deps.db, userId, hashToken(token))
  if (row) {
    return {
      created: true,
      feed: { active: true, url: feedUrl(deps.calendar, token), createdAt: row.createdAt },
    }
  }
  return { created: false, feed: await getFeed(deps, userId) }
}

export async function rotateFeed(
  deps: CalendarDeps,
  userId: string,
): Promise<CalendarFeedResponse> {
  const token = randomBytes(32).toString('base64url')
  const row = await replaceFeed(deps.db, userId, hashToken(token))
  return { active: true, url: feedUrl(deps.calendar, token), createdAt: row.createdAt }
}

export async function revokeFeed(deps: CalendarDeps, userId: string): Promise<void> {
  await deleteFeed(deps.db, userId)
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/** The user's interviews from RECENT_DAYS ago on (a day's margin for time zones), soonest first. */
async function recentInterviews(deps: CalendarDeps, userId: string) {
  const now = deps.now()
  const from = new Date(now.getTime() - (RECENT_DAYS + 1) * 86_400_000)
  const cutoff = now.getTime() - RECENT_DAYS * 86_400_000
  const rows = await listScheduledInterviews(deps.db, userId, dayOf(from))
  return rows.filter((row) => interviewDetails(row).end.getTime() >= cutoff)
}

export function icsPath(interview: ScheduledInterview) {
  return `/job-applications/${interview.jobApplicationId}/interviews/${interview.eventId}.ics`
}

export async function listCalendarInterviews(
  deps: CalendarDeps,
  userId: string,
): Promise<CalendarInterview[]> {
  const rows = await recentInterviews(deps, userId)
  return rows.map((row) => {
    const details = interviewDetails(row)
    return {
      eventId: row.eventId,
      jobApplicationId: row.jobApplicationId,
      title: row.title,
      company: row.company,
      applicationStatus: row.applicationStatus,
      startsAt: details.start.toISOString(),
      endsAt: details.end.toISOString(),
      date: details.date,
      time: details.time,
      timeZone: details.timeZone,
      location: details.location,
      videoUrl: details.videoUrl,
      people: details.people,
      cancelled: details.cancelled,
      icsPath: icsPath(row),
    }
  })
}

/** One interview's `.ics` text; 404 `interview_not_found` when it is not the user's. */
export async function interviewIcs(
  deps: CalendarDeps,
  userId: string,
  applicationId: string,
  eventId: string,
): Promise<string> {
  const interview = await findScheduledInterview(deps.db, userId, applicationId, eventId)
  if (!interview) {
    throw new AppError('interview_not_found', 'No such scheduled interview')
  }
  return renderCalendar([interview], deps.calendar, { name: 'Interview', now: deps.now() })
}

/** The feed of a token; 404 `calendar_feed_not_found` for an unknown, rotated or revoked one. */
export async function feedIcs(deps: CalendarDeps, token: string): Promise<string> {
  const userId = FEED_TOKEN.test(token)
    ? await findUserByTokenHash(deps.db, hashToken(token))
    : null
  if (!userId) {
    throw new AppError('calendar_feed_not_found', 'No calendar feed at this address')
  }
  return renderCalendar(await recentInterviews(deps, userId), deps.calendar, {
    name: 'Job interviews',
    now: deps.now(),
    refreshMinutes: FEED_MAX_AGE_SECONDS / 60,
  })
}
