/**
 * SmartRecruiters: `GET api.smartrecruiters.com/v1/companies/{id}/postings` →
 * `{offset, limit, totalFound, content: [...]}`, paged; the description is only in each
 * posting's detail (`GET …/postings/{postingId}` adds `jobAd.sections`). The fetch layer
 * pages through the list and merges each detail into its posting, so this parser reads a list
 * whose items may carry `jobAd` (an export without details imports without descriptions).
 *
 * Quirks handled: `releasedDate` is the publication date; `location.remote` (and, newer,
 * `location.hybrid`) flag the arrangement; `location.country` is a lower-case ISO-2 code;
 * `typeOfEmployment`, `experienceLevel`, `industry` are `{id, label}` pairs; `customField` is
 * a list of employer-defined `{fieldLabel, valueLabel}`.
 */
import { z } from 'zod'
import { placeFromParts } from '../places.ts'
import { dateFrom, type FeedSource, parseFeedJson, parseItems } from './feed-source.ts'
import { readLabelledFields } from './labelled-fields.ts'

const Labelled = z.object({ id: z.string().nullish(), label: z.string().nullish() }).nullish()
const Section = z.object({ title: z.string().nullish(), text: z.string().nullish() }).nullish()

const SmartRecruitersPosting = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  refNumber: z.string().nullish(),
  company: z.object({ identifier: z.string().nullish(), name: z.string().nullish() }).nullish(),
  releasedDate: z.string().nullish(),
  location: z
    .object({
      city: z.string().nullish(),
      region: z.string().nullish(),
      country: z.string().nullish(),
      remote: z.boolean().nullish(),
      hybrid: z.boolean().nullish(),
    })
    .nullish(),
  industry: Labelled,
  department: Labelled,
  typeOfEmployment: Labelled,
  experienceLevel: Labelled,
  customField: z
    .array(z.object({ fieldLabel: z.string(), valueLabel: z.string().nullish() }))
    .nullish(),
  postingUrl: z.string().nullish(),
  applyUrl: z.string().nullish(),
  jobAd: z
    .object({
      sections: z
        .object({
          companyDescription: Section,
          jobDescription: Section,
          qualifications: Section,
          additionalInformation: Section,
        })
        .nullish(),
    })
    .nullish(),
})
type SmartRecruitersPosting = z.infer<typeof SmartRecruitersPosting>

/** The ad's sections as one HTML document, each under its own heading. */
function descriptionOf(posting: SmartRecruitersPosting): string | null {
  const sections = posting.jobAd?.sections
  if (!sections) {
    return null
  }
  return [
    sections.companyDescription,
    sections.jobDescription,
    sections.qualifications,
    sections.additionalInformation,
  ]
    .filter((section) => section?.text)
    .map((section) => `${section!.title ? `<h3>${section!.title}</h3>` : ''}${section!.text}`)
    .join('')
}

export const smartRecruitersListShape = z.object({
  offset: z.number().nullish(),
  limit: z.number().nullish(),
  totalFound: z.number().nullish(),
  content: z.array(z.unknown()),
})

export const smartrecruiters: FeedSource = {
  name: 'smartrecruiters',
  feedUrl: (board, baseUrl = 'https://api.smartrecruiters.com') =>
    `${baseUrl}/v1/companies/${encodeURIComponent(board)}/postings`,
  parse(body, context) {
    const list = parseFeedJson('smartrecruiters', body, smartRecruitersListShape)
    return parseItems(
      'smartrecruiters',
      context,
      list.content,
      SmartRecruitersPosting,
      (posting) => {
        const location = posting.location ?? {}
        const place = placeFromParts(location)
        const facts = readLabelledFields(
          (posting.customField ?? []).map((field) => ({
            label: field.fieldLabel,
            value: field.valueLabel,
          })),
        )
        const company = posting.company?.identifier ?? context.board
        return {
          ...facts,
          sourceId: posting.id,
          title: posting.name,
          companyName: posting.company?.name ?? context.companyName ?? null,
          descriptionHtml: descriptionOf(posting),
          places: place ? [place] : [],
          workLocation: location.remote
            ? 'REMOTE'
            : location.hybrid
              ? 'HYBRID'
              : (facts.workLocation ?? null),
          employmentType: posting.typeOfEmployment?.label ?? posting.typeOfEmployment?.id,
          experience:
            posting.experienceLevel?.label ?? posting.experienceLevel?.id ?? facts.experience,
          industry: posting.industry?.label ?? facts.industry,
          department: posting.department?.label,
          applyUrl:
            posting.applyUrl ??
            posting.postingUrl ??
            `https://jobs.smartrecruiters.com/${encodeURIComponent(company)}/${posting.id}`,
          postedAt: dateFrom(posting.releasedDate),
        }
      },
    )
  },
}
