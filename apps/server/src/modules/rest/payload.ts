/**
 * Request bodies of writes: JSON only (PGRST102 otherwise), one object or an array of objects
 * for inserts, one object for updates. The columns written are the `columns` parameter when
 * given (postgrest-js sends it for arrays), else the body's keys, which must then be the same
 * in every object; each must be a column of the relation (PGRST204).
 */
import { columnNotFoundError, invalidBodyError, RestError } from './errors.ts'
import type { Relation } from './schema-cache.ts'

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON body; only `application/json` (or no content type) is taken. */
export function parseJsonBody(
  text: string | undefined,
  contentType: string | undefined,
  emptyAs?: unknown,
): unknown {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if (type && type !== 'application/json') {
    throw new RestError(415, 'PGRST107', `None of these media types are available: ${type}`)
  }
  if (text === undefined || text.trim() === '') {
    if (emptyAs !== undefined) {
      return emptyAs
    }
    throw invalidBodyError()
  }
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBodyError()
  }
}

export type InsertPayload = {
  columns: string[]
  /** The rows as a JSON array text, exactly as sent (no re-serialisation of values). */
  rowsJson: string
  rows: JsonObject[]
}

function checkColumns(relation: Relation, columns: string[]): string[] {
  for (const column of columns) {
    if (!relation.columnsByName.has(column)) {
      throw columnNotFoundError(relation.name, column)
    }
  }
  return columns
}

export function insertPayload(
  relation: Relation,
  text: string,
  body: unknown,
  columnsParameter: string[] | null,
): InsertPayload {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject)) {
    throw invalidBodyError()
  }
  const rowsJson = Array.isArray(body) ? text : `[${text}]`
  if (columnsParameter) {
    return { columns: checkColumns(relation, columnsParameter), rowsJson, rows }
  }
  const keys = Object.keys(rows[0] ?? {})
  const sameKeys = (row: JsonObject) => {
    const rowKeys = Object.keys(row)
    return rowKeys.length === keys.length && rowKeys.every((key) => keys.includes(key))
  }
  if (!rows.every(sameKeys)) {
    throw invalidBodyError('All object keys must match')
  }
  return { columns: checkColumns(relation, keys), rowsJson, rows }
}

export function updatePayload(
  relation: Relation,
  body: unknown,
  columnsParameter: string[] | null,
): { columns: string[] } {
  if (!isObject(body)) {
    throw invalidBodyError()
  }
  return { columns: checkColumns(relation, columnsParameter ?? Object.keys(body)) }
}
