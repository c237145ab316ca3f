/**
 * Text PostgreSQL cannot store and the server never wants: a NUL character (U+0000), invalid
 * UTF-8, a broken `%` escape, JSON nested deeper than anything the product sends. Checked once,
 * where a request enters (`input-guard.ts`), so that no route has to think of it and none can
 * answer it with a 500 (issue 12, F1/F2). Each surface renders `MalformedInputError` in its own
 * wire shape: the product API `{code: "malformed_text" | "bad_json"}`, GoTrue `validation_failed`
 * / `bad_json`, PostgREST `PGRST100` (URL) / `PGRST102` (body), Storage `InvalidRequest`.
 */
import { isUtf8 } from 'node:buffer'
import type { IncomingHttpHeaders } from 'node:http'
import { ServiceError } from './service-error.ts'

/**
 * The deepest JSON (arrays and objects inside each other) a body may hold. The product's
 * deepest body is 3 levels; PostgreSQL and `JSON.stringify` recurse, so a body of 100,000
 * nested brackets (well under 1 MB) must be refused before it reaches either.
 */
export const MAX_JSON_DEPTH = 64

export type InputPart = 'url' | 'header' | 'body'

export class MalformedInputError extends ServiceError {
  override name = 'MalformedInputError'
  declare readonly code: 'malformed_text' | 'bad_json'
  /** Where the bad text was: each surface words its code after it (PGRST100 vs PGRST102). */
  readonly part: InputPart

  constructor(code: 'malformed_text' | 'bad_json', part: InputPart, message: string) {
    super(400, code, message)
    this.part = part
  }

  /** The status under the name Fastify and the surfaces' generic branches read. */
  get statusCode(): number {
    return this.status
  }
}

/**
 * What is wrong with a request target (`/path?query`, as it arrived: percent-encoded ASCII,
 * since Node refuses raw bytes outside ASCII there), or null when nothing is. `+` is a space
 * in a query; `%00` is NUL; a `%` escape that is not two hex digits, or escapes that do not
 * spell UTF-8 (`%C3%28`, an encoded surrogate, an overlong form), are broken.
 */
export function urlProblem(target: string): string | null {
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1)
  return (
    textProblem(path, 'The URL path') ?? textProblem(query.replace(/\+/g, ' '), 'The query string')
  )
}

function textProblem(encoded: string, where: string): string | null {
  if (!encoded.includes('%') && !encoded.includes('\0')) {
    return null
  }
  let decoded: string
  try {
    decoded = decodeURIComponent(encoded)
  } catch {
    return `${where} holds a broken %-escape or invalid UTF-8`
  }
  return decoded.includes('\0') ? `${where} holds a NUL character (%00)` : null
}

/**
 * Headers the server reads as text (and may store: the content type and cache control of an
 * upload, the user agent of a session is stored as sent and left out). Node gives header
 * values as Latin-1, one character per byte, so their bytes are checked for UTF-8 here.
 */
const TEXT_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'accept',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'cache-control',
  'x-upsert',
  'idempotency-key',
  'x-refresh-token',
  'x-supabase-api-version',
] as const

const PLAIN_ASCII = /^[\x20-\x7e\t]*$/

export function headerProblem(headers: IncomingHttpHeaders): string | null {
  for (const name of TEXT_HEADERS) {
    const value = headers[name]
    for (const text of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (PLAIN_ASCII.test(text)) {
        continue
      }
      if (text.includes('\0')) {
        return `The ${name} header holds a NUL character`
      }
      if (!isUtf8(Buffer.from(text, 'latin1'))) {
        return `The ${name} header holds invalid UTF-8`
      }
    }
  }
  return null
}

/**
 * Reads a JSON body's bytes as text, refusing invalid UTF-8, a `\u0000` escape (the only way
 * JSON can hold NUL) and nesting deeper than `MAX_JSON_DEPTH`. One pass over the text, before
 * `JSON.parse`, so a hostile body costs no more than reading it. It does not validate JSON:
 * the parser that follows does.
 */
export function readJsonText(body: Buffer | string): string {
  if (typeof body !== 'string' && !isUtf8(body)) {
    throw new MalformedInputError('malformed_text', 'body', 'The body is not valid UTF-8')
  }
  const text = typeof body === 'string' ? body : body.toString('utf8')
  const problem = jsonTextProblem(text)
  if (problem) {
    throw new MalformedInputError(problem.code, 'body', problem.message)
  }
  return text
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

/** The code unit a `\uXXXX` escape at `index` (the backslash) spells, or -1. */
function escapedUnit(text: string, index: number): number {
  if (text.charCodeAt(index) !== BACKSLASH || text.charCodeAt(index + 1) !== 0x75) {
    return -1
  }
  const hex = text.slice(index + 2, index + 6)
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : -1
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

export function jsonTextProblem(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
): { code: 'malformed_text' | 'bad_json'; message: string } | null {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === BACKSLASH) {
        const unit = escapedUnit(text, index)
        if (unit === 0) {
          return {
            code: 'malformed_text',
            message: 'The body holds a NUL character (\\u0000) in a string or key',
          }
        }
        // A surrogate escape spells UTF-16, and only a pair of them spells a character: one
        // alone is text no UTF-8 can hold.
        if (isHighSurrogate(unit) && isLowSurrogate(escapedUnit(text, index + 6))) {
          index += 11
          continue
        }
        if (isHighSurrogate(unit) || isLowSurrogate(unit)) {
          return {
            code: 'malformed_text',
            message: 'The body holds an unpaired surrogate (\\ud800-\\udfff) in a string or key',
          }
        }
        index++
      } else if (char === QUOTE) {
        inString = false
      } else if (char === 0) {
        return { code: 'malformed_text', message: 'The body holds a NUL character' }
      }
    } else if (char === QUOTE) {
      inString = true
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth++
      if (depth > maxDepth) {
        return {
          code: 'bad_json',
          message: `The body's JSON is nested deeper than ${maxDepth} levels`,
        }
      }
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--
    } else if (char === 0) {
      return { code: 'malformed_text', message: 'The body holds a NUL character' }
    }
  }
  return null
}

/** Text PostgreSQL can store: no NUL, no unpaired surrogate (which no UTF-8 can spell). */
function isStorableText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed()
}

/**
 * Whether a parsed body (JSON, a form) holds NUL or an unpaired surrogate in any string value
 * or key. Iterative, so a deep value cannot exhaust the stack.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (!isStorableText(next)) {
        return true
      }
    } else if (Array.isArray(next)) {
      // One at a time: spreading a 500,000-element array into push() overflows the stack.
      for (const item of next) {
        pending.push(item)
      }
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) {
          return true
        }
        pending.push(item)
      }
    }
  }
  return false
}
