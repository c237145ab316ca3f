/**
 * Ashby job boards: `GET api.ashbyhq.com/posting-api/job-board/{board}?includeCompensation=true`
 * → `{apiVersion, jobs: [...]}`.
 *
 * Quirks handled: `isListed: false` jobs are in the feed but not meant to be shown (skipped);
 * the primary `location` is a free-text name with an optional structured
 * `address.postalAddress`, and `secondaryLocations` adds more places the same way;
 * `workplaceType` is "OnSite" / "Remote" / "Hybrid" beside an older `isRemote` flag;
 * `employmentType` is "FullTime", "PartTime", "Intern", "Contract" or "Temporary";
 * `compensation.summaryComponents` holds the salary (interval "1 YEAR", "1 HOUR", …) and
 * equity or bonus components, which become benefits. The feed never names the company.
 */
import type { Benefit, WorkLocation } from '@app/contracts'
import { z } from 'zod'
import type { JobPlace, Salary, SalaryPeriod } from '../normalized-job.ts'
import { addPlace, parseLocationText, placeFromParts } from '../places.ts'
import {
  companyFromBoard,
  dateFrom,
  type FeedSource,
  parseFeedJson,
  parseItems,
} from './feed-source.ts'

const PostalAddress = z
  .object({
    addressLocality: z.string().nullish(),
    addressRegion: z.string().nullish(),
    addressCountry: z.string().nullish(),
  })
  .nullish()

const AshbyJob = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  department: z.string().nullish(),
  team: z.string().nullish(),
  employmentType: z.string().nullish(),
  location: z.string().nullish(),
  secondaryLocations: z
    .array(
      z.object({
        location: z.string().nullish(),
        address: z.object({ postalAddress: PostalAddress }).nullish(),
      }),
    )
    .nullish(),
  address: z.object({ postalAddress: PostalAddress }).nullish(),
  isRemote: z.boolean().nullish(),
  workplaceType: z.string().nullish(),
  publishedAt: z.string().nullish(),
  isListed: z.boolean().nullish(),
  jobUrl: z.string().nullish(),
  applyUrl: z.string().nullish(),
  descriptionHtml: z.string().nullish(),
  descriptionPlain: z.string().nullish(),
  compensation: z
    .object({
      summaryComponents: z
        .array(
          z.object({
            compensationType: z.string(),
            interval: z.string().nullish(),
            currencyCode: z.string().nullish(),
            minValue: z.number().nullish(),
            maxValue: z.number().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
})
type AshbyJob = z.infer<typeof AshbyJob>

const WORKPLACE_TYPES: Record<string, WorkLocation> = {
  Remote: 'REMOTE',
  Hybrid: 'HYBRID',
  OnSite: 'ONSITE',
}

const INTERVALS: Record<string, SalaryPeriod> = {
  '1 YEAR': 'YEAR',
  '1 MONTH': 'MONTH',
  '1 WEEK': 'WEEK',
  '1 DAY': 'DAY',
  '1 HOUR': 'HOUR',
}

function compensationOf(job: AshbyJob): { salary: Salary | null; benefits: Benefit[] } {
  const components = job.compensation?.summaryComponents ?? []
  const pay = components.find(
    (component) =>
      component.compensationType === 'Salary' &&
      component.currencyCode &&
      INTERVALS[component.interval ?? ''],
  )
  const benefits: Benefit[] = []
  if (components.some((component) => /^Equity/.test(component.compensationType))) {
    benefits.push('EQUITY')
  }
  if (components.some((component) => component.compensationType === 'Bonus')) {
    benefits.push('BONUS')
  }
  const salary: Salary | null = pay
    ? {
        min: pay.minValue ?? null,
        max: pay.maxValue ?? null,
        currency: pay.currencyCode!.toUpperCase(),
        period: INTERVALS[pay.interval!]!,
      }
    : null
  return { salary, benefits }
}

/** A place from its structured address when Ashby has one, else from its name. */
function placeOf(
  name: string | null | undefined,
  address: z.infer<typeof PostalAddress>,
): { places: JobPlace[]; remote: boolean } {
  const parsed = parseLocationText(name)
  const structured = address
    ? placeFromParts({
        city: address.addressLocality,
        region: address.addressRegion,
        country: address.addressCountry,
      })
    : null
  return { places: structured ? [structured] : parsed.places, remote: parsed.remote }
}

export const ashby: FeedSource = {
  name: 'ashby',
  feedUrl: (board, baseUrl = 'https://api.ashbyhq.com') =>
    `${baseUrl}/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`,
  parse(body, context) {
    const feed = parseFeedJson('ashby', body, z.object({ jobs: z.array(z.unknown()) }))
    return parseItems('ashby', context, feed.jobs, AshbyJob, (job) => {
      if (job.isListed === false) {
        return { skip: 'not listed on the board', sourceId: job.id }
      }
      const primary = placeOf(job.location, job.address?.postalAddress)
      let places = primary.places
      for (const secondary of job.secondaryLocations ?? []) {
        for (const place of placeOf(secondary.location, secondary.address?.postalAddress).places) {
          places = addPlace(places, place)
        }
      }
      const { salary, benefits } = compensationOf(job)
      return {
        sourceId: job.id,
        title: job.title,
        companyName: companyFromBoard(context),
        descriptionHtml: job.descriptionHtml ?? null,
        descriptionText: job.descriptionPlain,
        places,
        workLocation:
          WORKPLACE_TYPES[job.workplaceType ?? ''] ??
          (job.isRemote || primary.remote ? 'REMOTE' : null),
        employmentType: job.employmentType,
        department: job.department ?? job.team ?? null,
        salary,
        benefits,
        applyUrl: job.applyUrl ?? job.jobUrl ?? null,
        postedAt: dateFrom(job.publishedAt),
      }
    })
  },
}
