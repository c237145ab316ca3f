/**
 * The feeds the catalogue imports from: a source (which kind of feed) and a board on it. Kept
 * free of other imports: the configuration parses `JOB_BOARDS` with it.
 */
export const SOURCE_NAMES = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'jsonld',
] as const
export type SourceName = (typeof SOURCE_NAMES)[number]

export type JobBoard = {
  source: SourceName
  /** Greenhouse token, Lever site, Ashby board, Workable subdomain, SmartRecruiters company
   * id, or a career page's URL (JSON-LD). */
  board: string
}

export function isSourceName(value: string): value is SourceName {
  return (SOURCE_NAMES as readonly string[]).includes(value)
}

/**
 * `JOB_BOARDS`: comma-separated `source:board` pairs, e.g.
 * "greenhouse:northwindrobotics, lever:bluepeak, jsonld:https://example.com/careers" (only
 * the first colon separates, so a page URL keeps its own).
 */
export function parseJobBoards(value: string): { boards: JobBoard[] } | { error: string } {
  const boards: JobBoard[] = []
  for (const pair of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const colon = pair.indexOf(':')
    const source = pair.slice(0, colon).trim().toLowerCase()
    const board = pair.slice(colon + 1).trim()
    if (colon < 0 || !isSourceName(source) || !board) {
      return {
        error: `"${pair}" is not source:board (sources: ${SOURCE_NAMES.join(', ')})`,
      }
    }
    boards.push({ source, board })
  }
  return { boards }
}
