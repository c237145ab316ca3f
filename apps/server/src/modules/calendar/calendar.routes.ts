import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import {
  type CalendarSettings,
  createFeed,
  FEED_MAX_AGE_SECONDS,
  feedIcs,
  getFeed,
  interviewIcs,
  listCalendarInterviews,
  revokeFeed,
  rotateFeed,
} from './calendar.service.ts'

/**
 * The interview calendar under /api (README "Interview calendar", contracts `calendar.ts`):
 * - GET /api/calendar/feed: `{active, url: null, createdAt}`;
 * - POST /api/calendar/feed: 201 `{active, url, createdAt}` (the only time the URL is shown), or
 *   200 with `url: null` when the user has a feed already (rotate to see a new URL);
 * - POST /api/calendar/feed/rotate: 201 with a new URL; the old one answers 404 at once;
 * - DELETE /api/calendar/feed: 204;
 * - GET /api/calendar/interviews: `{interviews}`, upcoming and of the last 30 days;
 * - GET /api/job-applications/:id/interviews/:eventId.ics: the interview as an iCalendar file
 *   (attachment); 404 `interview_not_found` for anyone else's or no such interview.
 */
const IcsParams = z.object({
  id: z.uuid(),
  file: z.string().regex(/^[0-9a-fA-F-]{36}\.ics$/, 'Ask for <eventId>.ics'),
})

const ICS_TYPE = 'text/calendar; charset=utf-8'

export function registerCalendarRoutes(
  app: FastifyInstance,
  deps: ProductApiContext & { calendar: CalendarSettings },
) {
  app.get('/calendar/feed', async (request) => {
    const user = await deps.requireUser(request)
    return getFeed(deps, user.id)
  })

  app.post('/calendar/feed', async (request, reply) => {
    const user = await deps.requireUser(request)
    const { created, feed } = await createFeed(deps, user.id)
    return reply.status(created ? 201 : 200).send(feed)
  })

  app.post('/calendar/feed/rotate', async (request, reply) => {
    const user = await deps.requireUser(request)
    return reply.status(201).send(await rotateFeed(deps, user.id))
  })

  app.delete('/calendar/feed', async (request, reply) => {
    const user = await deps.requireUser(request)
    await revokeFeed(deps, user.id)
    return reply.status(204).send()
  })

  app.get('/calendar/interviews', async (request) => {
    const user = await deps.requireUser(request)
    return { interviews: await listCalendarInterviews(deps, user.id) }
  })

  app.get('/job-applications/:id/interviews/:file', async (request, reply) => {
    const user = await deps.requireUser(request)
    const { id, file } = IcsParams.parse(request.params)
    const eventId = file.slice(0, -'.ics'.length)
    const params = z.object({ eventId: z.uuid() }).safeParse({ eventId })
    if (!params.success) {
      throw new AppError('interview_not_found', 'No such scheduled interview')
    }
    const body = await interviewIcs(deps, user.id, id, params.data.eventId)
    return reply
      .header('content-type', ICS_TYPE)
      .header('content-disposition', `attachment; filename="interview-${eventId}.ics"`)
      .header('cache-control', 'private, no-store')
      .send(body)
  })
}

/**
 * The private feed, outside /api (calendar apps cannot sign in, so neither the session check nor
 * CORS applies): GET /calendar/:token.ics answers the user's interviews as text/calendar with
 * `Cache-Control: private, max-age=900`; 404 `calendar_feed_not_found` for an unknown, rotated
 * or revoked token. Its log lines never carry the URL (the token).
 */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  deps: Pick<ProductApiContext, 'db' | 'now'> & { calendar: CalendarSettings },
) {
  app.get<{ Params: { file: string } }>(
    '/calendar/:file',
    // The file name is the feed's secret: the request log masks it (platform/request-log.ts).
    { config: { secretParams: ['file'] } },
    async (request, reply) => {
      const file = request.params.file
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
      const body = await feedIcs(deps, token)
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', 'inline; filename="interviews.ics"')
        .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .send(body)
    },
  )
}
