/**
 * The same job seen twice, whether twice in one feed or once in each of two sources (a
 * company's Greenhouse board and its career page's JSON-LD), is stored once.
 *
 * Identity: `dedupeKey` = normalised company + normalised title + first place
 * ("northwind labs|senior front end engineer|berlin"). Legal forms ("Inc.", "GmbH") and
 * punctuation do not count; seniority does ("Senior Engineer" and "Engineer" are two jobs).
 *
 * Who wins:
 * - within one feed, the first item; later ones are skipped as duplicates;
 * - across sources, the higher-ranked source: an applicant-tracking system's own feed
 *   (Greenhouse, Lever, Ashby, Workable, SmartRecruiters) over a career page's JSON-LD, which
 *   is often a copy. A job arriving from a higher-ranked source expires the lower-ranked copy;
 *   one arriving from an equal or lower rank is skipped while the stored one is live. When the
 *   stored one leaves its feed and expires, the next import of the other source stores its copy.
 */
import type { JobPlace } from './normalized-job.ts'
import { titleWords, withoutAccents } from './title-words.ts'

/** Lower wins. */
const SOURCE_RANK: Record<string, number> = {
  greenhouse: 1,
  lever: 1,
  ashby: 1,
  workable: 1,
  smartrecruiters: 1,
  jsonld: 2,
  demo: 3,
}

export function sourceRank(source: string): number {
  return SOURCE_RANK[source] ?? 3
}

const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'bv',
  'nv',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'kg',
  'oy',
  'ab',
  'as',
  'srl',
  'spa',
  'pty',
])

function normalizedCompany(name: string): string {
  return withoutAccents(name.toLowerCase())
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !LEGAL_FORMS.has(word))
    .join(' ')
}

/** The job's identity across feeds, or null without a company to tell jobs apart. */
export function dedupeKey(
  companyName: string | null,
  title: string,
  firstPlace: JobPlace | undefined,
  remote: boolean,
): string | null {
  const company = companyName ? normalizedCompany(companyName) : ''
  if (!company) {
    return null
  }
  const place = firstPlace ? firstPlace.name.toLowerCase() : remote ? 'remote' : ''
  return `${company}|${titleWords(title).join(' ')}|${place}`
}

export type Skipped = { sourceId: string; reason: string }

/** The jobs of one feed without repeats of an id or of a dedupe key: the first one stays. */
export function withoutFeedDuplicates<T extends { sourceId: string; dedupeKey: string | null }>(
  jobs: T[],
): { unique: T[]; skipped: Skipped[] } {
  const ids = new Set<string>()
  const keys = new Map<string, string>()
  const unique: T[] = []
  const skipped: Skipped[] = []
  for (const job of jobs) {
    if (ids.has(job.sourceId)) {
      skipped.push({ sourceId: job.sourceId, reason: 'listed twice in the feed' })
      continue
    }
    ids.add(job.sourceId)
    const first = job.dedupeKey ? keys.get(job.dedupeKey) : undefined
    if (first) {
      skipped.push({ sourceId: job.sourceId, reason: `same job as ${first} in the feed` })
      continue
    }
    if (job.dedupeKey) {
      keys.set(job.dedupeKey, job.sourceId)
    }
    unique.push(job)
  }
  return { unique, skipped }
}
