/** How the tracker's list orders applications. */
export type ListSort = 'date' | 'company' | 'match'

type Sortable = { id: string; createdAt: string; company: string | null; matchScore: number | null }

/**
 * Newest saved first; by company A–Z (unknown last, then newest); or best match first (those
 * without a report last, then newest). Never mutates its input.
 */
export function sortApplications<T extends Sortable>(
  applications: readonly T[],
  sort: ListSort,
): T[] {
  const newest = (a: T, b: T) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
  const sorted = [...applications]
  if (sort === 'company') {
    return sorted.sort(
      (a, b) =>
        (a.company === null ? 1 : 0) - (b.company === null ? 1 : 0) ||
        (a.company ?? '').localeCompare(b.company ?? '', 'en', { sensitivity: 'base' }) ||
        newest(a, b),
    )
  }
  if (sort === 'match') {
    return sorted.sort((a, b) => (b.matchScore ?? -1) - (a.matchScore ?? -1) || newest(a, b))
  }
  return sorted.sort(newest)
}

/** Whether the company contains the query (case- and accent-insensitive); an empty query matches all. */
export function matchesCompany(company: string | null, query: string): boolean {
  const wanted = fold(query.trim())
  return wanted === '' || fold(company ?? '').includes(wanted)
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}
