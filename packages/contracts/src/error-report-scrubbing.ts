/**
 * What an error report may carry (issue 22, item 6): the same rules for the web app's and the
 * server's error-reporting SDKs. No email address, token (access, refresh, bearer, API key,
 * signed-URL token), one-time code, password or resume text leaves in an event or a breadcrumb:
 * - URLs keep their origin and path; each query value is masked and the hash is dropped (the
 *   reset and upload pages carry a session in it);
 * - free text has emails, JWTs, bearer tokens, `key=value` secrets, long opaque tokens and
 *   one-time codes masked, and is cut at `MAX_REPORTED_TEXT` characters;
 * - values under keys that name a secret or a document (password, token, cookie, resume, body…)
 *   are replaced whole.
 * The user is reported by id alone.
 */

export const FILTERED = '[filtered]'

/** Longer strings are cut: a resume, a cover letter or a request body is never a message. */
export const MAX_REPORTED_TEXT = 500

const EMAIL = /[\w.%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi
/** A JWT, or the start of one cut short (two segments). */
const JWT = /\beyJ[\w-]*\.[\w-]*(\.[\w-]*)?/g
const AUTH_SCHEME = /\b(bearer|basic)\s+[\w.~+/=-]+/gi
const SECRET_PAIR =
  /\b(access_token|refresh_token|id_token|provider_token|token_hash|token|code|otp|nonce|apikey|api_key|key|password|secret|signature|sig)(["']?\s*[=:]\s*["']?)([^&\s#"',;}]+)/gi
const OPAQUE = /[A-Za-z0-9_-]{20,}/g
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Six to eight digits standing alone (not a line:column or a decimal): a one-time code. */
const CODE = /(?<![\w:.-])\d{6,8}(?![\w:-]|\.\d)/g

/** Keys whose whole value is personal or secret, wherever they appear in an event. */
const SECRET_KEY =
  /^(authorization|cookies?|set-cookie|headers|password|new_?password|current_?password|confirm_?password|.*token.*|.*secret.*|api_?key|apikey|otp|nonce|code_verifier|one_time_code|email|emails|phone|resume.*|cover_?letter.*|body|request_?body|data_?base64|query_string)$/i
/** Keys whose values are the SDK's own identifiers and labels: left as they are. */
const SDK_KEY =
  /^(event_id|trace_id|span_id|parent_span_id|sid|did|release|dist|environment|platform|level|timestamp|start_timestamp|sdk|debug_meta|debug_id|type|category|mechanism|handled|synthetic)$/i
/** Keys holding a URL (Sentry's request, breadcrumbs, stack frames; navigation from/to). */
const URL_KEY = /^(url|from|to|href|filename|abs_path|referrer|referer|location)$/i

function maskOpaque(candidate: string): string {
  if (UUID.test(candidate) || !/\d/.test(candidate) || !/[a-z]/i.test(candidate)) {
    return candidate
  }
  return FILTERED
}

/** `text` with emails, JWTs, bearer tokens and `key=value` secrets masked; nothing cut. */
export function maskPersonalData(text: string): string {
  return text
    .replace(JWT, FILTERED)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(
      SECRET_PAIR,
      (_match, key: string, separator: string) => `${key}${separator}${FILTERED}`,
    )
    .replace(EMAIL, '[email]')
}

/**
 * `text` as an error report may show it: `maskPersonalData`, then long opaque tokens (20+
 * letters and digits, UUIDs excepted) and one-time codes masked, cut at `MAX_REPORTED_TEXT`.
 */
export function scrubText(text: string): string {
  const cut = text.length > MAX_REPORTED_TEXT ? `${text.slice(0, MAX_REPORTED_TEXT)}…` : text
  return maskPersonalData(cut).replace(OPAQUE, maskOpaque).replace(CODE, FILTERED)
}

/**
 * A URL as a report may show it: origin and path (emails and tokens in the path masked), every
 * query value masked, no hash. Relative URLs stay relative.
 */
export function scrubUrl(url: string): string {
  const hashless = url.split('#')[0] ?? ''
  const [path = '', query] = hashless.split('?', 2)
  const scrubbedPath = scrubText(path)
  if (query === undefined) {
    return scrubbedPath
  }
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${(pair.split('=')[0] ?? '').slice(0, 40)}=${FILTERED}`)
  return `${scrubbedPath}?${names.join('&')}`
}

function looksLikeUrl(value: string): boolean {
  return /^(https?:)?\/\//i.test(value) || /^\/[^\s]*$/.test(value)
}

/**
 * A deep copy of `value` with every string scrubbed and every secret-named key's value
 * replaced. Cycles and depth past 12 levels become `[filtered]`.
 */
export function scrubReport<T>(value: T): T {
  return scrubValue(value, undefined, 0, new WeakSet()) as T
}

function scrubValue(
  value: unknown,
  key: string | undefined,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (key !== undefined && SECRET_KEY.test(key)) {
    return value === undefined || value === null ? value : FILTERED
  }
  if (key !== undefined && SDK_KEY.test(key) && typeof value !== 'object') {
    return value
  }
  if (typeof value === 'string') {
    return (key !== undefined && URL_KEY.test(key)) || looksLikeUrl(value)
      ? scrubUrl(value)
      : scrubText(value)
  }
  if (value === null || typeof value !== 'object') {
    return value
  }
  if (depth > 12 || seen.has(value)) {
    return FILTERED
  }
  seen.add(value)
  if (Array.isArray(value)) {
    return value.map((item) => scrubValue(item, undefined, depth + 1, seen))
  }
  const copy: Record<string, unknown> = {}
  for (const [entryKey, entryValue] of Object.entries(value)) {
    copy[entryKey] = scrubValue(entryValue, entryKey, depth + 1, seen)
  }
  return copy
}
