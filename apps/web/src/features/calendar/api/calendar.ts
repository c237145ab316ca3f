/**
 * The interview calendar API (README "Interview calendar"): the user's private feed (created,
 * rotated, revoked; its URL is shown only when made) and their upcoming interviews.
 */
import {
  type CalendarFeedResponse,
  CalendarFeedResponseSchema,
  type CalendarInterview,
  CalendarInterviewsResponseSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { downloadApiFile } from '@/lib/api-download'

export const calendarKeys = {
  all: ['calendar'] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
  interviews: () => [...calendarKeys.all, 'interviews'] as const,
}

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: calendarKeys.feed(),
    queryFn: () => apiRequest('calendar/feed', { schema: CalendarFeedResponseSchema }),
  })

export const calendarInterviewsQuery = () =>
  queryOptions({
    queryKey: calendarKeys.interviews(),
    queryFn: async (): Promise<CalendarInterview[]> =>
      (await apiRequest('calendar/interviews', { schema: CalendarInterviewsResponseSchema }))
        .interviews,
  })

export function createFeed(): Promise<CalendarFeedResponse> {
  return apiRequest('calendar/feed', { method: 'POST', schema: CalendarFeedResponseSchema })
}

export function rotateFeed(): Promise<CalendarFeedResponse> {
  return apiRequest('calendar/feed/rotate', { method: 'POST', schema: CalendarFeedResponseSchema })
}

export async function revokeFeed(): Promise<void> {
  await apiRequest('calendar/feed', { method: 'DELETE' })
}

export function downloadInterviewIcs(interview: CalendarInterview): Promise<void> {
  return downloadApiFile(interview.icsPath, `interview-${interview.date}.ics`)
}
