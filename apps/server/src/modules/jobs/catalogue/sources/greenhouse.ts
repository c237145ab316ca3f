/**
 * Greenhouse job boards: `GET boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true`
 * → `{jobs: [...], meta: {total}}`.
 *
 * Quirks handled: `content` is HTML escaped once more as entities ("&lt;p&gt;"); `id` and
 * `requisition_id` come as numbers or strings (the latter also null); `metadata` is an array of
 * employer-defined fields or null, a `currency_range` field carrying the salary; the company is
 * not named in the feed (the board's own `GET /v1/boards/{token}` has it, see fetch-feed.ts).
 */
import { z } from 'zod'
import { decodeEntities } from '../html-text.ts'
import type { JobPlace } from '../normalized-job.ts'
import { addPlace, parseLocationText } from '../places.ts'
import {
  companyFromBoard,
  dateFrom,
  type FeedSource,
  parseFeedJson,
  parseItems,
} from './feed-source.ts'
import { readLabelledFields } from './labelled-fields.ts'

const GreenhouseFeed = z.object({ jobs: z.array(z.unknown()) })

const GreenhouseJob = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().min(1),
  updated_at: z.string().nullish(),
  first_published: z.string().nullish(),
  requisition_id: z.union([z.string(), z.number()]).nullish(),
  location: z.object({ name: z.string().nullish() }).nullish(),
  absolute_url: z.string().nullish(),
  metadata: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
  content: z.string().nullish(),
  departments: z.array(z.object({ name: z.string() })).nullish(),
  offices: z.array(z.object({ name: z.string(), location: z.string().nullish() })).nullish(),
})

export const GREENHOUSE_API = 'https://boards-api.greenhouse.io'

export const greenhouse: FeedSource = {
  name: 'greenhouse',
  feedUrl: (board, baseUrl = GREENHOUSE_API) =>
    `${baseUrl}/v1/boards/${encodeURIComponent(board)}/jobs?content=true`,
  parse(body, context) {
    const feed = parseFeedJson('greenhouse', body, GreenhouseFeed)
    return parseItems('greenhouse', context, feed.jobs, GreenhouseJob, (job) => {
      const location = parseLocationText(job.location?.name)
      let places: JobPlace[] = location.places
      if (places.length === 0) {
        for (const office of job.offices ?? []) {
          for (const place of parseLocationText(office.location ?? office.name).places) {
            places = addPlace(places, place)
          }
        }
      }
      const facts = readLabelledFields(
        (job.metadata ?? []).map((field) => ({ label: field.name, value: field.value })),
      )
      return {
        ...facts,
        sourceId: String(job.id),
        title: job.title,
        companyName: companyFromBoard(context),
        descriptionHtml: job.content ? decodeEntities(job.content) : null,
        places,
        workLocation:
          facts.workLocation ?? (location.hybrid ? 'HYBRID' : location.remote ? 'REMOTE' : null),
        department: job.departments?.[0]?.name ?? null,
        applyUrl: job.absolute_url ?? null,
        postedAt: dateFrom(job.first_published) ?? dateFrom(job.updated_at),
        updatedAt: dateFrom(job.updated_at),
      }
    })
  },
}
