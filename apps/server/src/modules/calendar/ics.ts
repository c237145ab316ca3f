/**
 * iCalendar text for scheduled interviews (RFC 5545, through ical-generator). Each interview's
 * local date and time in its IANA time zone becomes an instant, written in UTC (`…Z`): every
 * calendar shows it at the right hour in any zone, daylight saving included, with no VTIMEZONE.
 */
import ical, { ICalEventStatus } from 'ical-generator'
import type { ScheduledInterview } from '../applications/index.ts'

const DEFAULT_DURATION_MINUTES = 60

/** The UTC offset (ms) of `timeZone` at the instant `utc`. */
function offsetAt(timeZone: string, utc: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utc))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return asUtc - Math.floor(utc / 1000) * 1000
}

/**
 * The instant of a wall-clock time in a zone, as RFC 5545 reads local times: a time that happens
 * twice (the autumn change) is the first one; a time skipped by the spring change (02:30 in
 * Berlin on the last Sunday of March) is read with the offset before the change.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  // Offsets half a day either side (changes are months apart): the candidates' instants.
  const before = offsetAt(timeZone, wall - 43_200_000)
  const after = offsetAt(timeZone, wall + 43_200_000)
  const valid = [wall - before, wall - after].filter(
    (instant) => instant + offsetAt(timeZone, instant) === wall,
  )
  return new Date(valid.length > 0 ? Math.min(...valid) : wall - before)
}

export type InterviewDetails = {
  date: string
  time: string
  timeZone: string
  location: string | null
  videoUrl: string | null
  people: string[]
  durationMinutes: number
  start: Date
  end: Date
  cancelled: boolean
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** The payload read for the calendar (the database checked its shape). */
export function interviewDetails(interview: ScheduledInterview): InterviewDetails {
  const { payload } = interview
  const date = String(payload.date)
  const time = String(payload.time)
  const timeZone = String(payload.timeZone)
  const duration = payload.durationMinutes
  const durationMinutes =
    typeof duration === 'number' && Number.isInteger(duration) && duration > 0 && duration <= 1440
      ? duration
      : DEFAULT_DURATION_MINUTES
  const start = zonedTimeToUtc(date, time, timeZone)
  return {
    date,
    time,
    timeZone,
    location: text(payload.location),
    videoUrl: text(payload.videoUrl),
    people: Array.isArray(payload.people)
      ? payload.people.filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      : [],
    durationMinutes,
    start,
    end: new Date(start.getTime() + durationMinutes * 60_000),
    cancelled:
      interview.applicationStatus === 'WITHDRAWN' || interview.applicationStatus === 'REJECTED',
  }
}

export type CalendarLinks = {
  /** The web app's address, e.g. https://app.example.com (no trailing slash). */
  appUrl: string
}

export function interviewSummary(interview: ScheduledInterview): string {
  const title = interview.title?.trim() || 'a role'
  const company = interview.company?.trim()
  return company ? `Interview: ${title} at ${company}` : `Interview: ${title}`
}

/** A calendar of interviews (one for an `.ics` download, all of a user's for the feed). */
export function renderCalendar(
  interviews: ScheduledInterview[],
  links: CalendarLinks,
  options: { name: string; now: Date; refreshMinutes?: number },
): string {
  const host = new URL(links.appUrl).host
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Job Search Assistant', product: 'Interview calendar', language: 'EN' },
    ttl: options.refreshMinutes ? options.refreshMinutes * 60 : null,
  })
  for (const interview of interviews) {
    const details = interviewDetails(interview)
    const applicationUrl = `${links.appUrl}/applications/${interview.jobApplicationId}`
    const description = [
      details.people.length > 0 ? `With: ${details.people.join(', ')}` : null,
      details.videoUrl ? `Video link: ${details.videoUrl}` : null,
      details.location ? `Where: ${details.location}` : null,
      `Local time: ${details.date} ${details.time} (${details.timeZone})`,
      `Application: ${applicationUrl}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n')
    calendar.createEvent({
      id: `${interview.eventId}@${host}`,
      start: details.start,
      end: details.end,
      stamp: options.now,
      lastModified: interview.updatedAt,
      summary: interviewSummary(interview),
      location: details.location ?? details.videoUrl,
      url: details.videoUrl ?? applicationUrl,
      description,
      status: details.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
