/**
 * CSV import of applications: guessing which column of a file (Huntr's, Teal's or any export)
 * holds each of our fields, mapping the file's statuses to ours, and turning each row into what
 * the server imports, or a reason to skip it. Formats: README, "Applications: CSV import and
 * export".
 */
import type { ApplicationStatus, ImportRow } from '@app/contracts'

export const IMPORT_FIELDS = [
  'company',
  'title',
  'status',
  'dateApplied',
  'link',
  'notes',
  'location',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  company: 'Company',
  title: 'Job title',
  status: 'Status',
  dateApplied: 'Date applied',
  link: 'Link',
  notes: 'Notes',
  location: 'Location',
}

/** Column names each field is guessed from (lower case, spaces and punctuation folded). */
const FIELD_NAMES: Record<ImportField, string[]> = {
  company: ['company', 'company name', 'employer', 'organization', 'organisation'],
  title: ['title', 'job title', 'position', 'role', 'job', 'job position', 'job name'],
  status: ['status', 'stage', 'list', 'job status', 'application status', 'pipeline stage'],
  dateApplied: [
    'date applied',
    'applied date',
    'applied',
    'applied on',
    'application date',
    'date',
  ],
  link: ['link', 'url', 'job url', 'job link', 'posting url', 'job posting url', 'apply url'],
  notes: ['notes', 'note', 'description', 'comments', 'comment'],
  location: ['location', 'city', 'job location'],
}

const foldName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** Mapping: our field → the file's column, or null when none. */
export type ColumnMapping = Record<ImportField, string | null>

/** The columns that look like each field; each column is used once at most. */
export function guessColumns(headers: readonly string[]): ColumnMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ColumnMapping
  const used = new Set<string>()
  // Exact names first, for every field, then the names contained in a header ("Job Title (EN)").
  for (const exact of [true, false]) {
    for (const field of IMPORT_FIELDS) {
      if (mapping[field]) continue
      for (const name of FIELD_NAMES[field]) {
        const header = headers.find((candidate) => {
          if (used.has(candidate)) return false
          const folded = foldName(candidate)
          return exact ? folded === name : name.length > 3 && folded.includes(name)
        })
        if (header) {
          mapping[field] = header
          used.add(header)
          break
        }
      }
    }
  }
  return mapping
}

const STATUS_WORDS: Array<[ApplicationStatus, string[]]> = [
  ['SAVED', ['wishlist', 'bookmarked', 'saved', 'interested', 'to apply', 'planned', 'draft']],
  ['APPLIED', ['applied', 'applying', 'submitted', 'application sent']],
  [
    'INTERVIEW',
    ['interviewing', 'interview', 'interviews', 'screen', 'phone screen', 'assessment'],
  ],
  ['OFFER', ['offer', 'offered', 'offer received', 'negotiating', 'accepted', 'hired']],
  ['REJECTED', ['rejected', 'rejection', 'declined by employer', 'not selected', 'no response']],
  ['WITHDRAWN', ['archived', 'withdrawn', 'withdrew', 'declined', 'not interested', 'closed']],
]

/**
 * Our status for a file's status word: "Wishlist"/"Bookmarked" → SAVED, "Applied" → APPLIED,
 * "Interviewing"/"Interview" → INTERVIEW, "Offer" → OFFER, "Rejected" → REJECTED,
 * "Archived"/"Withdrawn" → WITHDRAWN; null when unknown. An empty status is null too (the row
 * then counts as APPLIED with a date applied, SAVED without).
 */
export function mapStatus(value: string): ApplicationStatus | null {
  const folded = foldName(value)
  if (!folded) return null
  for (const [status, words] of STATUS_WORDS) {
    if (words.includes(folded)) return status
  }
  for (const [status, words] of STATUS_WORDS) {
    if (words.some((word) => word.length > 4 && folded.includes(word))) return status
  }
  return null
}

/**
 * A date in the forms exports use (2026-10-01, 2026-10-01T…, 10/01/2026, 01.10.2026) as
 * YYYY-MM-DD; null for an empty cell, undefined when unreadable.
 */
export function parseDate(value: string): string | null | undefined {
  const text = value.trim()
  if (!text) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  const valid = (year: number, month: number, day: number) => {
    const date = new Date(Date.UTC(year, month - 1, day))
    return date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
      ? `${year}-${pad(month)}-${pad(day)}`
      : undefined
  }
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text)
  if (match) return valid(Number(match[1]), Number(match[2]), Number(match[3]))
  // US exports (Huntr, Teal): month first.
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,].*)?$/.exec(text)
  if (match) return valid(Number(match[3]), Number(match[1]), Number(match[2]))
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
  if (match) return valid(Number(match[3]), Number(match[2]), Number(match[1]))
  const parsed = new Date(text)
  if (!Number.isNaN(parsed.getTime()) && /[a-z]/i.test(text)) {
    return valid(parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate())
  }
  return undefined
}

export type PreviewRow =
  { ok: true; row: ImportRow } | { ok: false; reason: string; company: string; title: string }

const cell = (record: Record<string, string>, column: string | null) =>
  column ? (record[column] ?? '').trim() : ''

/** What one record of the file becomes with this mapping. */
export function toImportRow(
  record: Record<string, string>,
  mapping: ColumnMapping,
  today: string,
): PreviewRow {
  const company = cell(record, mapping.company)
  const title = cell(record, mapping.title)
  const skip = (reason: string): PreviewRow => ({ ok: false, reason, company, title })
  if (!company) return skip('no company')
  if (!title) return skip('no job title')
  if (company.length > 200 || title.length > 300) return skip('company or title too long')
  const dateApplied = parseDate(cell(record, mapping.dateApplied))
  if (dateApplied === undefined)
    return skip(`unreadable date "${cell(record, mapping.dateApplied)}"`)
  if (dateApplied && dateApplied > today) return skip('date applied in the future')
  const statusText = cell(record, mapping.status)
  const status = statusText ? mapStatus(statusText) : dateApplied ? 'APPLIED' : 'SAVED'
  if (!status) return skip(`unknown status "${statusText}"`)
  const linkText = cell(record, mapping.link)
  let link: string | null = null
  if (linkText) {
    const withScheme = /^https?:\/\//i.test(linkText) ? linkText : `https://${linkText}`
    try {
      const url = new URL(withScheme)
      link = /^https?:$/.test(url.protocol) && url.hostname.includes('.') ? url.href : null
    } catch {
      link = null
    }
    if (!link || link.length > 2000) return skip('unreadable link')
  }
  return {
    ok: true,
    row: {
      company,
      title,
      status,
      dateApplied,
      link,
      notes: cell(record, mapping.notes).slice(0, 5000) || null,
      location: cell(record, mapping.location).slice(0, 200) || null,
    },
  }
}
