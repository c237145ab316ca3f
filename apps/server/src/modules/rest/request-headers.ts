/**
 * The request headers PostgREST reads besides the token (protocol §2.2): `Prefer` (return,
 * count, resolution, missing, handling, max-affected, tx), `Accept` (a JSON array, or one
 * object for `.single()`, optionally with nulls stripped) and `Range` / `Range-Unit: items`.
 */
import { RestError } from './errors.ts'

export type Preferences = {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  handling: 'strict' | 'lenient' | null
  maxAffected: number | null
  /** `tx=commit` / `tx=rollback` (honoured only when the tx-end setting allows an override). */
  tx: 'commit' | 'rollback' | null
  /** Tokens that are not preferences PostgREST knows (refused only with handling=strict). */
  unknown: string[]
}

const PREFERENCE_VALUES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  // Applied when PGRST_DB_TX_END allows an override (rest-settings.ts).
  tx: ['commit', 'rollback'],
  // Accepted: the server's time zone is UTC and timestamps carry their offset.
  timezone: [],
  params: ['single-object'],
}

function headerValues(header: string | string[] | undefined): string[] {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header]
  return values
    .flatMap((value) => value.split(','))
    .map((token) => token.trim())
    .filter(Boolean)
}

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const preferences: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: null,
    maxAffected: null,
    tx: null,
    unknown: [],
  }
  for (const token of headerValues(header)) {
    const [name = '', value = ''] = token.split('=', 2).map((part) => part.trim())
    if (name === 'max-affected' && /^\d{1,15}$/.test(value)) {
      preferences.maxAffected = Number(value)
      continue
    }
    const allowed = PREFERENCE_VALUES[name]
    if (!allowed || (allowed.length > 0 && !allowed.includes(value))) {
      preferences.unknown.push(token)
      continue
    }
    if (
      name === 'return' ||
      name === 'count' ||
      name === 'resolution' ||
      name === 'missing' ||
      name === 'handling' ||
      name === 'tx'
    ) {
      Object.assign(preferences, { [name]: value })
    }
  }
  if (preferences.handling === 'strict' && preferences.unknown.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', {
      details: `Invalid preferences: ${preferences.unknown.join(', ')}`,
    })
  }
  return preferences
}

/** The `Preference-Applied` answer: the preferences this request honoured, in header form. */
export function appliedPreferences(preferences: Preferences, applied: (keyof Preferences)[]) {
  const tokens = applied.flatMap((name) => {
    const value = preferences[name]
    if (value === null || Array.isArray(value)) {
      return []
    }
    return [name === 'maxAffected' ? `max-affected=${value}` : `${name}=${value}`]
  })
  return tokens.join(', ')
}

// ---------------------------------------------------------------------------------------------
// Schema profiles

/**
 * `Accept-Profile` (reads) / `Content-Profile` (writes) name the schema a request is for
 * (supabase-js' `.schema()`): one of the exposed schemas (the first when none is named), else
 * 406 PGRST106.
 */
export function chooseProfile(profile: string | undefined, exposed: readonly string[]): string {
  const [fallback = 'public'] = exposed
  if (profile === undefined || profile === '') {
    return fallback
  }
  if (!exposed.includes(profile)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, {
      hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
    })
  }
  return profile
}

// ---------------------------------------------------------------------------------------------
// Accept

/**
 * What the answer's body is: JSON rows (an array, or one object for `.single()`), CSV, or
 * the query plan (`application/vnd.pgrst.plan`, PostgREST's explain) in JSON or text.
 */
export type ResponseShape = {
  single: boolean
  stripNulls: boolean
  csv?: boolean
  plan?: { format: 'json' | 'text'; options: PlanOption[] }
}

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
export type PlanOption = (typeof PLAN_OPTIONS)[number]

const ARRAY_TYPES = new Set([
  'application/json',
  'application/*',
  '*/*',
  'application/vnd.pgrst.array+json',
])
const OBJECT_TYPE = 'application/vnd.pgrst.object+json'
const PLAN_TYPE = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/

function parameterValue(parameters: string[], name: string): string | undefined {
  const found = parameters.find((parameter) => parameter.startsWith(`${name}=`))
  return found?.slice(name.length + 1).replace(/^"(.*)"$/, '$1')
}

function planShape(format: string | undefined, parameters: string[]): ResponseShape {
  const target = parameterValue(parameters, 'for') ?? 'application/json'
  const options = (parameterValue(parameters, 'options') ?? '')
    .split('|')
    .filter((option): option is PlanOption => (PLAN_OPTIONS as readonly string[]).includes(option))
  return {
    single: target === OBJECT_TYPE,
    stripNulls: false,
    plan: { format: format === 'json' ? 'json' : 'text', options },
  }
}

/** The first acceptable media type; none acceptable → 406 PGRST107. */
export function parseAccept(header: string | undefined): ResponseShape {
  const ranges = (header ?? '')
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((range) => range.trim())
    .filter(Boolean)
  if (ranges.length === 0) {
    return { single: false, stripNulls: false }
  }
  for (const range of ranges) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    if (parameters.includes('q=0')) {
      continue
    }
    const stripNulls = parameters.includes('nulls=stripped')
    if (type === OBJECT_TYPE || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls }
    }
    if (ARRAY_TYPES.has(type)) {
      return { single: false, stripNulls }
    }
    if (type === 'text/csv') {
      return { single: false, stripNulls: false, csv: true }
    }
    const plan = PLAN_TYPE.exec(type)
    if (plan) {
      return planShape(plan[1], parameters)
    }
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${ranges.join(', ')}`,
  )
}

export function contentTypeFor(shape: ResponseShape): string {
  if (shape.plan) {
    const target = shape.single ? OBJECT_TYPE : 'application/json'
    return `application/vnd.pgrst.plan+${shape.plan.format}; for="${target}"; charset=utf-8`
  }
  if (shape.csv) {
    return 'text/csv; charset=utf-8'
  }
  const type = shape.single ? OBJECT_TYPE : 'application/json'
  return `${type};${shape.stripNulls ? ' nulls=stripped;' : ''} charset=utf-8`
}

// ---------------------------------------------------------------------------------------------
// Range

export type RowRange = { offset: number; limit: number | null }

/**
 * `Range: 0-9` (with `Range-Unit: items`, the default) as offset and limit; an unreadable
 * header is ignored, as PostgREST ignores it.
 */
export function parseRangeHeader(
  header: string | undefined,
  unit: string | undefined,
): RowRange | null {
  if (!header || (unit !== undefined && unit.trim().toLowerCase() !== 'items')) {
    return null
  }
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header)
  if (!match) {
    return null
  }
  const from = Number(match[1])
  const to = match[2] === '' ? null : Number(match[2])
  if (to !== null && to < from) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
      details:
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    })
  }
  return { offset: from, limit: to === null ? null : to - from + 1 }
}

/** The intersection of the query's limit/offset and the Range header. */
export function intersectRanges(query: RowRange, header: RowRange | null): RowRange {
  if (!header) {
    return query
  }
  const offset = Math.max(query.offset, header.offset)
  const ends = [query, header]
    .filter((range) => range.limit !== null)
    .map((range) => range.offset + (range.limit ?? 0))
  const end = ends.length ? Math.min(...ends) : null
  return { offset, limit: end === null ? null : Math.max(0, end - offset) }
}

/**
 * The `Content-Range` of a read (`0-24/100`, `*`/total for an empty page) and its status: 206
 * when a count shows the page is not everything, 416 when the offset is past the end.
 */
export function contentRange(
  offset: number,
  pageTotal: number,
  total: number | null,
): { header: string; status: number } {
  const last = offset + pageTotal - 1
  const range = total !== 0 && pageTotal > 0 ? `${offset}-${last}` : '*'
  const header = `${range}/${total ?? '*'}`
  if (total === null) {
    return { header, status: 200 }
  }
  if (offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', {
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
      headers: { 'content-range': `*/${total}` },
    })
  }
  return { header, status: pageTotal < total ? 206 : 200 }
}
