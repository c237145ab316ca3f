/**
 * What every source parser is: a pure function from a feed's body (the JSON or HTML a board
 * answers, or a saved copy of it) to catalogue rows, plus the URL of a board's feed.
 *
 * A parser checks the feed's outer shape (a wrong shape throws `FeedFormatError`) and each
 * item on its own: an item it cannot read, or that the feed marks unlisted, is skipped with a
 * reason while the rest of the feed imports.
 */
import type { z } from 'zod'
import type { Skipped } from '../dedupe.ts'
import type { SourceName } from '../../../../platform/job-boards.ts'
import type { JobPosting, NormalizedJob } from '../normalized-job.ts'
import { normalizeJob } from '../normalize.ts'

export type FeedContext = {
  /** The board the feed is (see JobBoard). */
  board: string
  /** The employer, for feeds that do not name it (Greenhouse, Lever, Ashby). */
  companyName?: string | null
}

export type ParsedFeed = { jobs: NormalizedJob[]; skipped: Skipped[] }

export type FeedSource = {
  name: SourceName
  /** The public URL of a board's feed (a JSON-LD board is its page's URL). */
  feedUrl: (board: string, baseUrl?: string) => string
  parse: (body: string, context: FeedContext) => ParsedFeed
}

export class FeedFormatError extends Error {
  override name = 'FeedFormatError'
}

/** A feed's JSON body, checked against the shape of its outer envelope. */
export function parseFeedJson<T extends z.ZodType>(
  source: string,
  body: string,
  shape: T,
): z.infer<T> {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new FeedFormatError(`${source}: the feed is not JSON`)
  }
  const result = shape.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new FeedFormatError(
      `${source}: not a ${source} feed (${issue.path.join('.') || 'top level'}: ${issue.message})`,
    )
  }
  return result.data
}

/** What reading one item gave: a posting, or the reason to leave it out. */
export type ItemResult = JobPosting | { skip: string; sourceId?: string }

/**
 * Reads every item on its own with `shape` and `toPosting`, and normalises the postings; an
 * item failing either is skipped with the reason.
 */
export function parseItems<T extends z.ZodType>(
  source: SourceName,
  context: FeedContext,
  items: unknown[],
  shape: T,
  toPosting: (item: z.infer<T>) => ItemResult,
): ParsedFeed {
  const jobs: NormalizedJob[] = []
  const skipped: Skipped[] = []
  items.forEach((item, position) => {
    const fallbackId = idOf(item) ?? `item ${position + 1}`
    const read = shape.safeParse(item)
    if (!read.success) {
      const issue = read.error.issues[0]!
      skipped.push({
        sourceId: fallbackId,
        reason: `unreadable item (${issue.path.join('.')}: ${issue.message})`,
      })
      return
    }
    const posting = toPosting(read.data)
    if ('skip' in posting) {
      skipped.push({ sourceId: posting.sourceId ?? fallbackId, reason: posting.skip })
      return
    }
    jobs.push(normalizeJob(posting, { source, board: context.board }))
  })
  return { jobs, skipped }
}

function idOf(item: unknown): string | null {
  if (item && typeof item === 'object' && 'id' in item) {
    const id = item.id
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null
  }
  return null
}

/** "acme-robotics" → "Acme Robotics": a company name for feeds that do not give one. */
export function companyFromBoard(context: FeedContext): string {
  return (
    context.companyName?.trim() ||
    context.board
      .split(/[-_.\s]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(' ')
  )
}

/** A date from an ISO string or epoch milliseconds; null when absent or unreadable. */
export function dateFrom(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') {
    return null
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
