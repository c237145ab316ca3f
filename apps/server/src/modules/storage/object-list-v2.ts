import type { ListCursor, ListV2Entry, ObjectListOptions } from './objects.repository.ts'
import { storageErrors } from './storage-errors.ts'

/**
 * The answer of `POST /object/list-v2/{bucket}` (protocol §3.2): `{hasNext, nextCursor?,
 * folders, objects}`. Folders are `{key, name}` (`name` the whole prefix with its trailing
 * '/', `key` without it), objects carry their whole name as both `name` and `key`. The cursor
 * is opaque to clients: base64url JSON of the page's last entry and the sort it was read in,
 * so a cursor read under another sort is refused rather than misread.
 */
type SortBy = ObjectListOptions['sortBy']

type EncodedCursor = { f: boolean; v: string | null; n: string; s: string }

function sortKey(sortBy: SortBy) {
  return `${sortBy.column}:${sortBy.order}`
}

export function decodeListCursor(cursor: string, sortBy: SortBy): ListCursor {
  let decoded: Partial<EncodedCursor>
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as EncodedCursor
  } catch {
    throw storageErrors.invalidRequest('Invalid cursor')
  }
  if (
    typeof decoded !== 'object' ||
    decoded === null ||
    typeof decoded.f !== 'boolean' ||
    typeof decoded.n !== 'string' ||
    !(decoded.v === null || typeof decoded.v === 'string') ||
    (!decoded.f && decoded.v === null) ||
    (!decoded.f && sortBy.column !== 'name' && Number.isNaN(Date.parse(decoded.v ?? '')))
  ) {
    throw storageErrors.invalidRequest('Invalid cursor')
  }
  if (decoded.s !== sortKey(sortBy)) {
    throw storageErrors.invalidRequest('The cursor belongs to a listing with another sortBy')
  }
  return { folder: decoded.f, value: decoded.v ?? null, name: decoded.n }
}

function encodeCursor(entry: ListV2Entry, sortBy: SortBy): string {
  const cursor: EncodedCursor = {
    f: entry.is_folder,
    v: entry.sort_value,
    n: entry.name,
    s: sortKey(sortBy),
  }
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

export function pageOfEntries(entries: ListV2Entry[], limit: number, sortBy: SortBy) {
  const hasNext = entries.length > limit
  const page = entries.slice(0, limit)
  const last = page.at(-1)
  const folders = page
    .filter((entry) => entry.is_folder)
    .map((entry) => ({ key: entry.name.replace(/\/$/, ''), name: entry.name }))
  const objects = page
    .filter((entry) => !entry.is_folder)
    .map((entry) => ({
      id: entry.id,
      key: entry.name,
      name: entry.name,
      updated_at: entry.updated_at,
      created_at: entry.created_at,
      last_accessed_at: entry.last_accessed_at,
      metadata: entry.metadata,
    }))
  return {
    hasNext,
    ...(hasNext && last ? { nextCursor: encodeCursor(last, sortBy) } : {}),
    folders,
    objects,
  }
}
