/**
 * schema.org `JobPosting` in a career page's `<script type="application/ld+json">` blocks.
 * The board is the page's URL.
 *
 * Quirks handled: a block may hold one object, an array, or an `@graph`, and a page several
 * blocks (unreadable ones are skipped, the rest still count); `@type` may be a list;
 * `description` is HTML, sometimes entity-escaped once more; `hiringOrganization` is an
 * Organization or a bare name; `jobLocation` one Place or several, whose `addressCountry` is a
 * code, a name or a Country object; `jobLocationType: "TELECOMMUTE"` means remote (with
 * `applicantLocationRequirements` naming the countries); `employmentType` is one value or a
 * list ("FULL_TIME", ["PART_TIME", "TEMPORARY"]); `baseSalary.value` holds `value` or
 * `minValue`/`maxValue` with `unitText` HOUR…YEAR; `identifier` is a PropertyValue or a string
 * (without one the job's URL, then its title and place, identify it); `validThrough` is when
 * the job expires.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { decodeEntities, textToHtml } from '../html-text.ts'
import type { JobPlace, Salary, SalaryPeriod } from '../normalized-job.ts'
import { addPlace, countryCode, countryName, placeFromParts } from '../places.ts'
import {
  dateFrom,
  type FeedSource,
  FeedFormatError,
  type ItemResult,
  parseItems,
} from './feed-source.ts'

const Text = z.union([z.string(), z.number()]).transform(String)
const Named = z.union([z.string(), z.object({ name: z.string().nullish() })])

const PostalAddress = z.object({
  addressLocality: z.string().nullish(),
  addressRegion: z.string().nullish(),
  addressCountry: Named.nullish(),
})
const Place = z.object({ address: z.union([PostalAddress, z.string()]).nullish() })
const oneOrMany = <T extends z.ZodType>(shape: T) =>
  z.union([shape, z.array(shape)]).transform((value) => (Array.isArray(value) ? value : [value]))

const JobPostingLd = z.object({
  title: z.string().min(1),
  description: z.string().nullish(),
  datePosted: z.string().nullish(),
  validThrough: z.string().nullish(),
  employmentType: oneOrMany(z.string()).nullish(),
  hiringOrganization: z
    .union([
      z.string(),
      z.object({
        name: z.string().nullish(),
        numberOfEmployees: z
          .object({ value: z.number().nullish(), minValue: z.number().nullish() })
          .nullish(),
      }),
    ])
    .nullish(),
  jobLocation: oneOrMany(Place).nullish(),
  jobLocationType: z.string().nullish(),
  applicantLocationRequirements: oneOrMany(Named).nullish(),
  baseSalary: z
    .object({
      currency: z.string().nullish(),
      value: z
        .union([
          z.number(),
          z.object({
            value: z.number().nullish(),
            minValue: z.number().nullish(),
            maxValue: z.number().nullish(),
            unitText: z.string().nullish(),
          }),
        ])
        .nullish(),
    })
    .nullish(),
  identifier: z
    .union([Text, z.object({ name: z.string().nullish(), value: Text.nullish() })])
    .nullish(),
  url: z.string().nullish(),
  industry: oneOrMany(z.string()).nullish(),
  experienceRequirements: z
    .union([z.string(), z.object({ monthsOfExperience: z.number().nullish() })])
    .nullish(),
  educationRequirements: z
    .union([z.string(), z.object({ credentialCategory: z.string().nullish() })])
    .nullish(),
  jobBenefits: z.string().nullish(),
})
type JobPostingLd = z.infer<typeof JobPostingLd>

const SCRIPT =
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi

function isJobPosting(node: unknown): boolean {
  if (!node || typeof node !== 'object') {
    return false
  }
  const type = (node as { '@type'?: unknown })['@type']
  return type === 'JobPosting' || (Array.isArray(type) && type.includes('JobPosting'))
}

/** Every JobPosting node in a parsed block: the block itself, array items, `@graph` members. */
function jobPostingNodes(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    return value.flatMap(jobPostingNodes)
  }
  if (!value || typeof value !== 'object') {
    return []
  }
  if (isJobPosting(value)) {
    return [value]
  }
  const graph = (value as { '@graph'?: unknown })['@graph']
  return graph ? jobPostingNodes(graph) : []
}

function nameOf(value: z.infer<typeof Named> | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.name ?? null)
}

const UNITS: Record<string, SalaryPeriod> = {
  HOUR: 'HOUR',
  DAY: 'DAY',
  WEEK: 'WEEK',
  MONTH: 'MONTH',
  YEAR: 'YEAR',
}

function salaryOf(base: JobPostingLd['baseSalary']): Salary | null {
  const value = base?.value
  if (!base?.currency || value === null || value === undefined) {
    return null
  }
  const amount = typeof value === 'number' ? { value, unitText: 'YEAR' } : value
  const period = UNITS[(amount.unitText ?? 'YEAR').toUpperCase()]
  const min = ('minValue' in amount ? amount.minValue : null) ?? amount.value ?? null
  const max = ('maxValue' in amount ? amount.maxValue : null) ?? amount.value ?? null
  if (!period || (min === null && max === null)) {
    return null
  }
  return { min, max, currency: base.currency.toUpperCase(), period }
}

function placesOf(posting: JobPostingLd): JobPlace[] {
  let places: JobPlace[] = []
  for (const location of posting.jobLocation ?? []) {
    const address = location.address
    const place =
      typeof address === 'string'
        ? placeFromParts({ city: address })
        : address
          ? placeFromParts({
              city: address.addressLocality,
              region: address.addressRegion,
              country: nameOf(address.addressCountry),
            })
          : null
    places = addPlace(places, place)
  }
  for (const requirement of posting.applicantLocationRequirements ?? []) {
    const code = countryCode(nameOf(requirement))
    if (code && !places.some((place) => place.countryCode === code)) {
      places = addPlace(places, { name: countryName(code)!, region: null, countryCode: code })
    }
  }
  return places
}

/** Entity-escaped HTML ("&lt;p&gt;…") is decoded once; real HTML is left as it is. */
function descriptionHtmlOf(description: string | null | undefined): string | null {
  if (!description) {
    return null
  }
  return /&lt;\w/.test(description) && !/<\w/.test(description)
    ? decodeEntities(description)
    : description
}

function sourceIdOf(posting: JobPostingLd, places: JobPlace[]): string {
  const identifier = posting.identifier
  const value = typeof identifier === 'string' ? identifier : identifier?.value
  if (value) {
    return value
  }
  if (posting.url) {
    return posting.url
  }
  const identity = `${posting.title}|${places[0]?.name ?? ''}`
  return createHash('sha256').update(identity).digest('hex').slice(0, 16)
}

function toPosting(posting: JobPostingLd, pageUrl: string): ItemResult {
  const places = placesOf(posting)
  const organization = posting.hiringOrganization
  const experience = posting.experienceRequirements
  const months = typeof experience === 'object' ? experience?.monthsOfExperience : null
  const education = posting.educationRequirements
  return {
    sourceId: sourceIdOf(posting, places),
    title: posting.title,
    companyName: typeof organization === 'string' ? organization : (organization?.name ?? null),
    descriptionHtml: `${descriptionHtmlOf(posting.description) ?? ''}${
      posting.jobBenefits ? `<h3>Benefits</h3>${textToHtml(posting.jobBenefits)}` : ''
    }`,
    places,
    workLocation: posting.jobLocationType?.toUpperCase() === 'TELECOMMUTE' ? 'REMOTE' : null,
    employmentType: posting.employmentType?.[0] ?? null,
    experience:
      typeof experience === 'string'
        ? experience
        : months != null
          ? `${Math.round(months / 12)} years of experience`
          : null,
    education: typeof education === 'string' ? education : (education?.credentialCategory ?? null),
    industry: posting.industry?.[0] ?? null,
    companySize:
      typeof organization === 'object'
        ? (organization?.numberOfEmployees?.value ?? organization?.numberOfEmployees?.minValue)
        : null,
    salary: salaryOf(posting.baseSalary),
    applyUrl: posting.url ?? (/^https?:\/\//.test(pageUrl) ? pageUrl : null),
    postedAt: dateFrom(posting.datePosted),
    expiresAt: dateFrom(posting.validThrough),
  }
}

export const jsonLd: FeedSource = {
  name: 'jsonld',
  feedUrl: (board) => board,
  parse(body, context) {
    const blocks = [...body.matchAll(SCRIPT)].map((match) => match[1]!)
    if (blocks.length === 0) {
      throw new FeedFormatError('jsonld: the page has no <script type="application/ld+json">')
    }
    const nodes: unknown[] = []
    const unreadable: Array<{ sourceId: string; reason: string }> = []
    blocks.forEach((block, position) => {
      try {
        nodes.push(...jobPostingNodes(JSON.parse(block)))
      } catch {
        unreadable.push({ sourceId: `block ${position + 1}`, reason: 'unreadable JSON-LD block' })
      }
    })
    const parsed = parseItems('jsonld', context, nodes, JobPostingLd, (posting) =>
      toPosting(posting, context.board),
    )
    return { jobs: parsed.jobs, skipped: [...unreadable, ...parsed.skipped] }
  },
}
