/**
 * Contact details never reach a published roast: every string of its content goes through
 * `redactContacts`, which replaces email addresses, phone numbers, web addresses and social
 * handles with a neutral mark. It errs on the side of removing: a number that merely looks like
 * a phone number is removed too.
 */

export const REDACTED = '[contact removed]'

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
const URL_WITH_SCHEME = /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'”’)]+/giu
/** A bare domain (`linkedin.com/in/someone`, `ines.dev`): lower-case top-level domains only. */
const BARE_DOMAIN =
  /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|org|net|io|dev|me|co|ai|app|info|biz|xyz|tech|site|online|page|link|uk|us|ca|eu|de|fr|pl|es|it|nl|pt|se|no|dk|fi|ch|at|be|ie|au|nz|in|br|mx)\b(?:\/[^\s<>"'”’)]*)?/gu
/** Digits with separators: a phone number when it holds 7 or more digits. */
const PHONE = /(?:\+\s?)?(?:\(\d{1,5}\)[\s.-]?)?\d[\d\s().-]{5,}\d/g
const HANDLE = /(^|[\s(])@[A-Za-z0-9_.]{2,30}\b/g

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

/** Whether a run of digits is a phone number rather than a year range, a date or an amount. */
function looksLikePhone(match: string): boolean {
  const digits = digitCount(match)
  if (digits < 7 || digits > 15) {
    return false
  }
  // A date (2020-02-01) or a year range (2019-2021, 2019 – 2021) is not a phone number.
  if (/^\d{4}\s?[-–.]\s?\d{2,4}(?:\s?[-–.]\s?\d{2})?$/.test(match.trim())) {
    return false
  }
  return match.trim().startsWith('+') || digits >= 9 || /\d[\s.-]\d/.test(match)
}

/** A URL's mark, keeping the sentence's punctuation that followed it. */
function keepTrailingPunctuation(match: string): string {
  return REDACTED + (/[.,;:!?]+$/.exec(match)?.[0] ?? '')
}

/** The text without email addresses, phone numbers, URLs and social handles. */
export function redactContacts(text: string): string {
  return text
    .replace(EMAIL, REDACTED)
    .replace(URL_WITH_SCHEME, keepTrailingPunctuation)
    .replace(BARE_DOMAIN, keepTrailingPunctuation)
    .replace(HANDLE, (_match, before: string) => `${before}${REDACTED}`)
    .replace(PHONE, (match) => (looksLikePhone(match) ? REDACTED : match))
}

/** Whether any contact detail is left in the text (the tests' and the LLM check's question). */
export function holdsContact(text: string): boolean {
  return redactContacts(text) !== text
}
