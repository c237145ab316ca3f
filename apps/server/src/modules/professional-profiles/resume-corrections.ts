/**
 * Corrections win over a re-parse (issue 15, ADR 0023). A profile keeps what the parser read
 * (`parsed_data`) and the seeker's corrections (`corrected_data`) apart; every reader sees the
 * first overlaid by the second, and a later parse rewrites `parsed_data` only.
 *
 * A correction is made from a whole resume the seeker sends: whatever differs from the parse is
 * kept, `basics` field by field (a field removed is kept as null), every other section whole (a
 * list's entries have no identity to merge by). A field set back to the parsed value is no
 * longer a correction. Pure functions: no database, no clock.
 */

const BASICS_KEYS = [
  'name',
  'label',
  'email',
  'phone',
  'url',
  'summary',
  'location',
  'profiles',
] as const
const SECTION_KEYS = [
  'work',
  'education',
  'skills',
  'languages',
  'certificates',
  'projects',
] as const

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Structural equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((key) => sameJson(a[key], b[key]))
  }
  return false
}

/** An absent value and an empty one are the same to a reader (`[]`, `''`, `{}`). */
function normalised(value: unknown): unknown {
  if (value === undefined || value === null || value === '') {
    return undefined
  }
  if (Array.isArray(value) && value.length === 0) {
    return undefined
  }
  if (isObject(value) && Object.values(value).every((item) => normalised(item) === undefined)) {
    return undefined
  }
  return value
}

/** The resume every reader sees: the parse, overlaid by the seeker's corrections. */
export function overlayCorrections(parsed: unknown, corrections: unknown): JsonObject {
  const base = isObject(parsed) ? parsed : {}
  const fix = isObject(corrections) ? corrections : {}
  if (Object.keys(fix).length === 0) {
    return base
  }
  const merged: JsonObject = { ...base }
  const fixBasics = isObject(fix.basics) ? fix.basics : {}
  if (Object.keys(fixBasics).length > 0) {
    const basics: JsonObject = { ...(isObject(base.basics) ? base.basics : {}) }
    for (const [key, value] of Object.entries(fixBasics)) {
      if (value === null) {
        delete basics[key]
      } else {
        basics[key] = value
      }
    }
    merged.basics = basics
  }
  for (const key of SECTION_KEYS) {
    if (key in fix) {
      merged[key] = fix[key] ?? []
    }
  }
  return merged
}

/** The corrections that turn `parsed` into `wanted` (see the module comment). */
export function correctionsBetween(parsed: unknown, wanted: JsonObject): JsonObject {
  const base = isObject(parsed) ? parsed : {}
  const baseBasics = isObject(base.basics) ? base.basics : {}
  const wantedBasics = isObject(wanted.basics) ? wanted.basics : {}
  const corrections: JsonObject = {}
  const basics: JsonObject = {}
  for (const key of BASICS_KEYS) {
    const before = normalised(baseBasics[key])
    const after = normalised(wantedBasics[key])
    if (!sameJson(before, after)) {
      basics[key] = after ?? null
    }
  }
  if (Object.keys(basics).length > 0) {
    corrections.basics = basics
  }
  for (const key of SECTION_KEYS) {
    const before = normalised(base[key])
    const after = normalised(wanted[key])
    if (!sameJson(before, after)) {
      corrections[key] = after ?? []
    }
  }
  return corrections
}

/** The fields a seeker corrected: `basics.<key>` and whole sections, for the app to mark. */
export function correctedFields(corrections: unknown): string[] {
  if (!isObject(corrections)) {
    return []
  }
  const fields = Object.keys(isObject(corrections.basics) ? corrections.basics : {}).map(
    (key) => `basics.${key}`,
  )
  for (const key of SECTION_KEYS) {
    if (key in corrections) {
      fields.push(key)
    }
  }
  return fields
}

/** A JSON Resume with every section present (`{}` for a profile nothing was read into yet). */
export function completeResume(resume: JsonObject): JsonObject {
  return {
    ...resume,
    basics: isObject(resume.basics) ? resume.basics : {},
    work: Array.isArray(resume.work) ? resume.work : [],
    education: Array.isArray(resume.education) ? resume.education : [],
    skills: Array.isArray(resume.skills) ? resume.skills : [],
  }
}
