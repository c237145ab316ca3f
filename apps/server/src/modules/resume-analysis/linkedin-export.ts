/**
 * LinkedIn's data export (Settings → Data privacy → Get a copy of your data: the
 * `Basic_LinkedInDataExport_<date>.zip` of CSV files) read into a JSON Resume. Pure: bytes in,
 * resume out, no database and no network.
 *
 * Files read (by their base name, wherever they sit in the ZIP): `Profile.csv` (required: name,
 * headline, summary, location, websites), `Positions.csv`, `Education.csv`, `Skills.csv`,
 * `Email Addresses.csv` (the primary one), `PhoneNumbers.csv`, `Languages.csv`,
 * `Certifications.csv`. Dates such as "Nov 2024" become `2024-11`, "2019" stays `2019`; a
 * position with no "Finished On" is current (no `endDate`).
 *
 * Zip-bomb safe: the ZIP is read as a stream, only the files above are inflated, and reading
 * stops at `maxEntries` entries or `maxUnpackedBytes` inflated bytes (counted as they come out,
 * not as the ZIP declares them).
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate'
import type { JsonResume, JsonResumeWork } from '../resume-parser/index.ts'
import { csvRecords } from './csv.ts'

export type LinkedinExportLimits = {
  /** Entries in the ZIP (a real export has 30–100). */
  maxEntries: number
  /** The CSV files read, inflated, together. */
  maxUnpackedBytes: number
}

export const DEFAULT_LINKEDIN_EXPORT_LIMITS: LinkedinExportLimits = {
  maxEntries: 500,
  maxUnpackedBytes: 50_000_000,
}

export type LinkedinExport = {
  resume: JsonResume
  /** The CSV files that were read, by base name. */
  filesRead: string[]
}

/** Not LinkedIn's export, or more than the limits: `message` says which, for the seeker. */
export class LinkedinExportError extends Error {
  override name = 'LinkedinExportError'
}

const WANTED = new Set([
  'Profile.csv',
  'Positions.csv',
  'Education.csv',
  'Skills.csv',
  'Email Addresses.csv',
  'PhoneNumbers.csv',
  'Languages.csv',
  'Certifications.csv',
])

function baseName(name: string): string {
  return name.split('/').pop() ?? name
}

/** The wanted CSV files of the ZIP, inflated within the limits. */
export function unzipExport(
  bytes: Uint8Array,
  limits: LinkedinExportLimits = DEFAULT_LINKEDIN_EXPORT_LIMITS,
): Map<string, string> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new LinkedinExportError(
      'This file is not a ZIP. Send the ZIP LinkedIn emailed you (Basic_LinkedInDataExport_….zip).',
    )
  }
  const chunks = new Map<string, Uint8Array[]>()
  let entries = 0
  let unpacked = 0
  const state: { failure: LinkedinExportError | null } = { failure: null }
  const unzip = new Unzip((file) => {
    entries += 1
    if (entries > limits.maxEntries) {
      state.failure ??= new LinkedinExportError(
        `This ZIP holds more than ${limits.maxEntries} files: it is not LinkedIn's export.`,
      )
      return
    }
    const name = baseName(file.name)
    if (!WANTED.has(name) || chunks.has(name) || state.failure) {
      return
    }
    const parts: Uint8Array[] = []
    chunks.set(name, parts)
    file.ondata = (error, data) => {
      if (error) {
        state.failure ??= new LinkedinExportError(`${name} in this ZIP is damaged.`)
        return
      }
      unpacked += data.length
      if (unpacked > limits.maxUnpackedBytes) {
        state.failure ??= new LinkedinExportError(
          `The files of this ZIP unpack to more than ${limits.maxUnpackedBytes} bytes: it is not LinkedIn's export.`,
        )
        file.terminate()
        return
      }
      parts.push(data)
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  unzip.register(UnzipPassThrough)
  try {
    // In slices, so that a bomb is stopped between them rather than after the whole file.
    const slice = 64 * 1024
    for (let offset = 0; offset < bytes.length && !state.failure; offset += slice) {
      unzip.push(bytes.subarray(offset, offset + slice), offset + slice >= bytes.length)
    }
  } catch (error) {
    if (state.failure) {
      throw state.failure
    }
    throw new LinkedinExportError('This ZIP is damaged: it could not be read.', { cause: error })
  }
  if (state.failure) {
    throw state.failure
  }
  const decoder = new TextDecoder('utf-8')
  const files = new Map<string, string>()
  for (const [name, parts] of chunks) {
    files.set(name, decoder.decode(Buffer.concat(parts)))
  }
  return files
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** "Nov 2024" → "2024-11", "November 2024" → "2024-11", "2019" → "2019", else undefined. */
export function exportDate(text: string | undefined): string | undefined {
  const value = text?.trim()
  if (!value) {
    return undefined
  }
  const monthYear = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(value)
  if (monthYear) {
    const month = MONTHS.indexOf(monthYear[1]!.slice(0, 3).toLowerCase())
    if (month >= 0) {
      return `${monthYear[2]}-${String(month + 1).padStart(2, '0')}`
    }
  }
  const iso = /^(\d{4})(?:-(\d{2}))?/.exec(value)
  if (iso) {
    return iso[2] ? `${iso[1]}-${iso[2]}` : iso[1]
  }
  const slashes = /^(\d{1,2})\/(?:\d{1,2}\/)?(\d{2,4})$/.exec(value)
  if (slashes) {
    const year = slashes[2]!.length === 2 ? `20${slashes[2]}` : slashes[2]
    return `${year}-${slashes[1]!.padStart(2, '0')}`
  }
  return /^\d{4}$/.test(value) ? value : undefined
}

function clean<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== ''),
  ) as T
}

/** "[PORTFOLIO:https://ada.dev,OTHER:https://x.y]" or "https://ada.dev" → the URLs. */
function websites(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/https?:\/\/[^\s,\]]+/g)].map((match) => match[0])
}

function networkOf(url: string): string {
  const host = (() => {
    try {
      return new URL(url).hostname.replace(/^www\./, '')
    } catch {
      return ''
    }
  })()
  if (host.endsWith('github.com')) return 'GitHub'
  if (host.endsWith('linkedin.com')) return 'LinkedIn'
  if (host.endsWith('gitlab.com')) return 'GitLab'
  if (host === 'x.com' || host.endsWith('twitter.com')) return 'X'
  return 'Website'
}

function location(geo: string | undefined): JsonResume['basics']['location'] {
  const parts = (geo ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length === 0) {
    return undefined
  }
  // "Lisbon, Lisbon, Portugal" / "Greater Boston" / "Austin, Texas, United States"
  return clean({
    city: parts[0],
    region: parts.length >= 3 ? parts[parts.length - 2] : undefined,
    address: parts.join(', '),
  })
}

function highlights(description: string | undefined): { summary?: string; highlights?: string[] } {
  const lines = (description ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  const bullets = lines
    .filter((line) => /^[-•*▪·]\s*/.test(line))
    .map((line) => line.replace(/^[-•*▪·]\s*/, ''))
  const prose = lines.filter((line) => !/^[-•*▪·]\s*/.test(line))
  return clean({
    summary: prose.join(' ') || undefined,
    highlights: bullets.length > 0 ? bullets : undefined,
  })
}

/** The JSON Resume of an export's files (`unzipExport`'s answer). */
export function resumeFromExportFiles(files: Map<string, string>): JsonResume {
  const profileText = files.get('Profile.csv')
  if (profileText === undefined) {
    throw new LinkedinExportError(
      'This ZIP has no Profile.csv: it is not LinkedIn’s data export. Ask LinkedIn for “the works” or the profile files and send that ZIP.',
    )
  }
  const profile = csvRecords(profileText, 'First Name')[0] ?? {}
  const emails = csvRecords(files.get('Email Addresses.csv') ?? '', 'Email Address')
  const email =
    emails.find((row) => /^yes$/i.test(row.Primary ?? '')) ??
    emails.find((row) => row['Email Address'])
  const phone = csvRecords(files.get('PhoneNumbers.csv') ?? '', 'Number').find((row) => row.Number)
  const urls = websites(profile.Websites)

  const work: JsonResumeWork[] = csvRecords(files.get('Positions.csv') ?? '', 'Company Name')
    .filter((row) => row['Company Name'] || row.Title)
    .map((row) =>
      clean({
        name: row['Company Name'],
        position: row.Title,
        location: row.Location,
        startDate: exportDate(row['Started On']),
        endDate: exportDate(row['Finished On']),
        ...highlights(row.Description),
      }),
    )
    // Newest first, as a resume lists them (a current position first of all).
    .sort(
      (a, b) =>
        (b.endDate ?? '9999').localeCompare(a.endDate ?? '9999') ||
        (b.startDate ?? '').localeCompare(a.startDate ?? ''),
    )

  const education = csvRecords(files.get('Education.csv') ?? '', 'School Name')
    .filter((row) => row['School Name'])
    .map((row) =>
      clean({
        institution: row['School Name'],
        studyType: row['Degree Name'],
        area: row.Notes && row.Notes.length <= 120 ? row.Notes : undefined,
        startDate: exportDate(row['Start Date']),
        endDate: exportDate(row['End Date']),
      }),
    )

  const skills = csvRecords(files.get('Skills.csv') ?? '', 'Name')
    .map((row) => row.Name)
    .filter((name): name is string => Boolean(name))
    .map((name) => ({ name }))

  const languages = csvRecords(files.get('Languages.csv') ?? '', 'Name')
    .filter((row) => row.Name)
    .map((row) => clean({ language: row.Name!, fluency: row.Proficiency }))

  const certificates = csvRecords(files.get('Certifications.csv') ?? '', 'Name')
    .filter((row) => row.Name)
    .map((row) =>
      clean({ name: row.Name!, issuer: row.Authority, date: exportDate(row['Started On']) }),
    )

  const name = [profile['First Name'], profile['Last Name']].filter(Boolean).join(' ')
  const resume: JsonResume = {
    basics: clean({
      name: name || undefined,
      label: profile.Headline,
      email: email?.['Email Address'],
      phone: phone?.Number,
      summary: profile.Summary,
      location: location(profile['Geo Location']),
      profiles: urls.length > 0 ? urls.map((url) => ({ network: networkOf(url), url })) : undefined,
    }),
    work,
    education,
    skills,
  }
  if (languages.length > 0) resume.languages = languages
  if (certificates.length > 0) resume.certificates = certificates
  return resume
}

/** LinkedIn's export ZIP → JSON Resume (`LinkedinExportError` for anything else). */
export function readLinkedinExport(
  bytes: Uint8Array,
  limits: LinkedinExportLimits = DEFAULT_LINKEDIN_EXPORT_LIMITS,
): LinkedinExport {
  const files = unzipExport(bytes, limits)
  return { resume: resumeFromExportFiles(files), filesRead: [...files.keys()].sort() }
}
