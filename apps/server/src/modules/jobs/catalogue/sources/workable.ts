/**
 * Workable accounts: `GET apply.workable.com/api/v1/widget/accounts/{subdomain}?details=true`
 * → `{name, description, jobs: [...]}` (without `details=true` the jobs carry no description).
 *
 * Quirks handled: the company is the account's `name`; `telecommuting: true` means remote;
 * the place comes as separate `city`, `state` and `country` (a name) fields, and again as a
 * `locations` array (with `countryCode`) when there are several; `published_on` is a bare date;
 * `experience`, `education` and `industry` are labels from Workable's fixed lists
 * ("Mid-Senior level", "Bachelor's Degree", "Computer Software"); the job's id is its
 * `shortcode`.
 */
import { z } from 'zod'
import type { JobPlace } from '../normalized-job.ts'
import { addPlace, placeFromParts } from '../places.ts'
import { dateFrom, type FeedSource, parseFeedJson, parseItems } from './feed-source.ts'

const WorkableJob = z.object({
  title: z.string().min(1),
  shortcode: z.string().min(1),
  employment_type: z.string().nullish(),
  telecommuting: z.boolean().nullish(),
  department: z.string().nullish(),
  url: z.string().nullish(),
  application_url: z.string().nullish(),
  published_on: z.string().nullish(),
  created_at: z.string().nullish(),
  country: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  education: z.string().nullish(),
  experience: z.string().nullish(),
  industry: z.string().nullish(),
  description: z.string().nullish(),
  locations: z
    .array(
      z.object({
        country: z.string().nullish(),
        countryCode: z.string().nullish(),
        city: z.string().nullish(),
        region: z.string().nullish(),
        hidden: z.boolean().nullish(),
      }),
    )
    .nullish(),
})

export const workable: FeedSource = {
  name: 'workable',
  feedUrl: (board, baseUrl = 'https://apply.workable.com') =>
    `${baseUrl}/api/v1/widget/accounts/${encodeURIComponent(board)}?details=true`,
  parse(body, context) {
    const account = parseFeedJson(
      'workable',
      body,
      z.object({ name: z.string().nullish(), jobs: z.array(z.unknown()) }),
    )
    const companyName = account.name ?? context.companyName ?? null
    return parseItems('workable', context, account.jobs, WorkableJob, (job) => {
      let places: JobPlace[] = []
      for (const location of job.locations ?? []) {
        if (!location.hidden) {
          const place = placeFromParts({
            city: location.city,
            region: location.region,
            country: location.countryCode ?? location.country,
          })
          places = addPlace(places, place)
        }
      }
      if (places.length === 0) {
        places = addPlace(
          places,
          placeFromParts({ city: job.city, region: job.state, country: job.country }),
        )
      }
      return {
        sourceId: job.shortcode,
        title: job.title,
        companyName,
        descriptionHtml: job.description ?? null,
        places,
        workLocation: job.telecommuting ? 'REMOTE' : null,
        employmentType: job.employment_type,
        experience: job.experience,
        education: job.education,
        industry: job.industry,
        department: job.department,
        applyUrl: job.application_url ?? job.url ?? null,
        postedAt: dateFrom(job.published_on) ?? dateFrom(job.created_at),
      }
    })
  },
}
