/**
 * Lever postings: `GET api.lever.co/v0/postings/{site}?mode=json` → a bare array.
 *
 * Quirks handled: `createdAt` is epoch milliseconds; the description is split into an intro
 * (`description`), `lists` of `{text, content}` where content is bare `<li>` items, and
 * `additional`; `workplaceType` is unspecified / on-site / remote / hybrid; `salaryRange`
 * has an `interval` such as "per-year-salary" or "per-hour-wage"; `country` is ISO-2 or null
 * and applies to places the location text leaves without a country; `categories.allLocations`
 * lists every place when there are several. The feed never names the company.
 */
import type { WorkLocation } from '@app/contracts'
import { z } from 'zod'
import type { JobPlace, Salary, SalaryPeriod } from '../normalized-job.ts'
import { addPlace, countryCode, countryName, parseLocationText } from '../places.ts'
import {
  companyFromBoard,
  dateFrom,
  type FeedSource,
  parseFeedJson,
  parseItems,
} from './feed-source.ts'

const LeverPosting = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  categories: z
    .object({
      location: z.string().nullish(),
      commitment: z.string().nullish(),
      team: z.string().nullish(),
      department: z.string().nullish(),
      allLocations: z.array(z.string()).nullish(),
    })
    .nullish(),
  country: z.string().nullish(),
  description: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  lists: z.array(z.object({ text: z.string(), content: z.string() })).nullish(),
  additional: z.string().nullish(),
  hostedUrl: z.string().nullish(),
  applyUrl: z.string().nullish(),
  workplaceType: z.string().nullish(),
  salaryRange: z
    .object({
      currency: z.string(),
      interval: z.string(),
      min: z.number().nullish(),
      max: z.number().nullish(),
    })
    .nullish(),
  createdAt: z.number(),
})

const WORKPLACE_TYPES: Record<string, WorkLocation> = {
  remote: 'REMOTE',
  hybrid: 'HYBRID',
  'on-site': 'ONSITE',
}

const INTERVALS: Record<string, SalaryPeriod> = {
  'per-year-salary': 'YEAR',
  'per-month-salary': 'MONTH',
  'per-week-salary': 'WEEK',
  'per-day-wage': 'DAY',
  'per-hour-wage': 'HOUR',
}

function salaryOf(range: z.infer<typeof LeverPosting>['salaryRange']): Salary | null {
  const period = range ? INTERVALS[range.interval] : undefined
  if (!range || !period || (range.min == null && range.max == null)) {
    return null
  }
  return {
    min: range.min ?? null,
    max: range.max ?? null,
    currency: range.currency.toUpperCase(),
    period,
  }
}

export const lever: FeedSource = {
  name: 'lever',
  feedUrl: (board, baseUrl = 'https://api.lever.co') =>
    `${baseUrl}/v0/postings/${encodeURIComponent(board)}?mode=json`,
  parse(body, context) {
    const postings = parseFeedJson('lever', body, z.array(z.unknown()))
    return parseItems('lever', context, postings, LeverPosting, (posting) => {
      const categories = posting.categories ?? {}
      const country = countryCode(posting.country)
      const texts = categories.allLocations?.length
        ? categories.allLocations
        : [categories.location ?? '']
      let places: JobPlace[] = []
      let remote = false
      let hybrid = false
      for (const text of texts) {
        const location = parseLocationText(text)
        remote ||= location.remote
        hybrid ||= location.hybrid
        for (const place of location.places) {
          places = addPlace(places, place.countryCode ? place : { ...place, countryCode: country })
        }
      }
      if (places.length === 0 && country) {
        places = [{ name: countryName(country)!, region: null, countryCode: country }]
      }
      const lists = (posting.lists ?? [])
        .map((list) => `<h3>${list.text}</h3><ul>${list.content}</ul>`)
        .join('')
      const html = `${posting.description ?? ''}${lists}${posting.additional ?? ''}`
      return {
        sourceId: posting.id,
        title: posting.text,
        companyName: companyFromBoard(context),
        descriptionHtml: html || null,
        descriptionText: posting.descriptionPlain,
        places,
        workLocation:
          WORKPLACE_TYPES[posting.workplaceType ?? ''] ??
          (hybrid ? 'HYBRID' : remote ? 'REMOTE' : null),
        employmentType: categories.commitment,
        department: categories.department ?? categories.team ?? null,
        salary: salaryOf(posting.salaryRange),
        applyUrl: posting.applyUrl ?? posting.hostedUrl ?? null,
        postedAt: dateFrom(posting.createdAt),
      }
    })
  },
}
