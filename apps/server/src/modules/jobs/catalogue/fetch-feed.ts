/**
 * Fetches a board's feed over HTTP, as the body its parser reads. Used by the CLI and the
 * scheduled sync; tests point `baseUrls` at a local server instead of the real hosts.
 *
 * - Greenhouse: the jobs, plus the board itself (`GET /v1/boards/{token}`) for the company's
 *   name, which the jobs feed leaves out.
 * - SmartRecruiters: every page of the list, then each posting's detail for its description
 *   (`jobAd`), merged into one list.
 * - Lever, Ashby, Workable, JSON-LD pages: one request.
 * Every request has a timeout; an HTTP error names the board and the status.
 */
import { z } from 'zod'
import type { JobBoard, SourceName } from '../../../platform/job-boards.ts'
import { parseFeedJson } from './sources/feed-source.ts'
import { GREENHOUSE_API } from './sources/greenhouse.ts'
import { FEED_SOURCES } from './sources/index.ts'
import { smartRecruitersListShape } from './sources/smartrecruiters.ts'

export type FetchOptions = {
  /** Other hosts for the sources' APIs, e.g. a local test server. */
  baseUrls?: Partial<Record<SourceName, string>>
  timeoutMs?: number
}

export type FetchedFeed = { body: string; companyName: string | null }

export class FeedFetchError extends Error {
  override name = 'FeedFetchError'
}

const DEFAULT_TIMEOUT_MS = 20_000
const SMARTRECRUITERS_PAGE = 100
const DETAIL_CONCURRENCY = 4

/** "timed out", or why the connection failed ("failed: ECONNREFUSED"). */
function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return 'timed out'
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
  return `failed: ${cause?.code ?? (error instanceof Error ? error.message : String(error))}`
}

async function get(url: string, board: JobBoard, timeoutMs: number): Promise<string> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: {
        accept: board.source === 'jsonld' ? 'text/html' : 'application/json',
        'user-agent': 'jobsearch-assistant job importer',
      },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new FeedFetchError(`${board.source}:${board.board}: ${url} ${failureOf(error)}`)
  }
  if (!response.ok) {
    throw new FeedFetchError(
      `${board.source}:${board.board}: ${url} answered HTTP ${response.status}`,
    )
  }
  return response.text()
}

/** Runs `work` over `items`, `concurrency` at a time, keeping their order. */
async function mapConcurrently<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

async function fetchSmartRecruiters(feedUrl: string, board: JobBoard, timeoutMs: number) {
  const postings: unknown[] = []
  for (let offset = 0; ; offset += SMARTRECRUITERS_PAGE) {
    const body = await get(
      `${feedUrl}?limit=${SMARTRECRUITERS_PAGE}&offset=${offset}`,
      board,
      timeoutMs,
    )
    const page = parseFeedJson('smartrecruiters', body, smartRecruitersListShape)
    postings.push(...page.content)
    if (page.content.length === 0 || postings.length >= (page.totalFound ?? 0)) {
      break
    }
  }
  const Posting = z.looseObject({ id: z.string() })
  const detailed = await mapConcurrently(postings, DETAIL_CONCURRENCY, async (posting) => {
    const parsed = Posting.safeParse(posting)
    if (!parsed.success) {
      return posting // The parser reports it as unreadable.
    }
    const detail = parseFeedJson(
      'smartrecruiters',
      await get(`${feedUrl}/${parsed.data.id}`, board, timeoutMs),
      z.looseObject({}),
    )
    return { ...parsed.data, ...detail }
  })
  return JSON.stringify({ offset: 0, totalFound: detailed.length, content: detailed })
}

async function greenhouseBoardName(baseUrl: string, board: JobBoard, timeoutMs: number) {
  try {
    const body = await get(
      `${baseUrl}/v1/boards/${encodeURIComponent(board.board)}`,
      board,
      timeoutMs,
    )
    return z.object({ name: z.string() }).parse(JSON.parse(body)).name
  } catch {
    return null // The jobs still import, under a name made from the board token.
  }
}

export async function fetchFeed(board: JobBoard, options: FetchOptions = {}): Promise<FetchedFeed> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const baseUrl = options.baseUrls?.[board.source]
  const feedUrl = FEED_SOURCES[board.source].feedUrl(board.board, baseUrl)
  switch (board.source) {
    case 'smartrecruiters':
      return { body: await fetchSmartRecruiters(feedUrl, board, timeoutMs), companyName: null }
    case 'greenhouse': {
      const [body, companyName] = await Promise.all([
        get(feedUrl, board, timeoutMs),
        greenhouseBoardName(baseUrl ?? GREENHOUSE_API, board, timeoutMs),
      ])
      return { body, companyName }
    }
    default:
      return { body: await get(feedUrl, board, timeoutMs), companyName: null }
  }
}
