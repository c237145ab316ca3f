/**
 * The interview calendar (issue 14, README "Interview calendar"): an `.ics` file per scheduled
 * interview and each user's private iCalendar feed that phone calendars subscribe to.
 *
 * - GET /api/calendar/feed → CalendarFeedResponse (url always null: only its digest is stored)
 * - POST /api/calendar/feed → 201 with the new url, or 200 with url null when one exists
 * - POST /api/calendar/feed/rotate → 201 with a new url; the old one answers 404 at once
 * - DELETE /api/calendar/feed → 204; the url answers 404
 * - GET /api/calendar/interviews → CalendarInterviewsResponse (upcoming and last 30 days)
 * - GET /api/job-applications/{id}/interviews/{eventId}.ics → text/calendar (attachment)
 * - GET /calendar/{token}.ics → the feed (no sign-in; the token is the secret)
 */
import { z } from 'zod'

export const CalendarFeedResponseSchema = z.object({
  active: z.boolean(),
  /** The feed's address: only in the answer that created it (create or rotate). */
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
})
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>

export const CalendarInterviewSchema = z.object({
  eventId: z.uuid(),
  jobApplicationId: z.uuid(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  applicationStatus: z.string(),
  /** The start, as an instant (ISO 8601, UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  location: z.string().nullable(),
  videoUrl: z.string().nullable(),
  people: z.array(z.string()),
  /** True when the application was withdrawn or rejected (the feed marks it CANCELLED). */
  cancelled: z.boolean(),
  /** The path of its `.ics` file under the API base URL. */
  icsPath: z.string(),
})
export type CalendarInterview = z.infer<typeof CalendarInterviewSchema>

export const CalendarInterviewsResponseSchema = z.object({
  interviews: z.array(CalendarInterviewSchema),
})
export type CalendarInterviewsResponse = z.infer<typeof CalendarInterviewsResponseSchema>
